import { DateTime } from 'luxon';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatRupiah } from '#shared/domain/format';

/**
 * Display helpers of seed 000 §1/§9: dates DD MMM YYYY, times HH:mm, money Rp without
 * decimals, in the current language. Inputs are ISO strings or Dates.
 */
export type DateInput = string | Date | null | undefined;

function toDateTime(value: DateInput, locale: string): DateTime | null {
  if (!value) return null;
  const dt = value instanceof Date ? DateTime.fromJSDate(value) : DateTime.fromISO(value);
  return dt.isValid ? dt.setLocale(locale) : null;
}

export function formatters(language: string) {
  const locale = language === 'en' ? 'en-GB' : 'id-ID';
  return {
    date: (value: DateInput) => toDateTime(value, locale)?.toFormat('dd LLL yyyy') ?? '–',
    time: (value: DateInput) => toDateTime(value, locale)?.toFormat('HH:mm') ?? '–',
    dateTime: (value: DateInput) => toDateTime(value, locale)?.toFormat('dd LLL yyyy, HH:mm') ?? '–',
    money: (value: number) => formatRupiah(value),
    number: (value: number, decimals = 2) => formatNumber(value, decimals, locale),
  };
}

export function useFormat() {
  const { i18n } = useTranslation();
  return useMemo(() => formatters(i18n.language), [i18n.language]);
}

/** Money as text with the Rp prefix, e.g. <Money value={1500000} /> → "Rp 1.500.000". */
export function Money({ value }: { value: number }) {
  return <span className="money">{formatRupiah(value)}</span>;
}
