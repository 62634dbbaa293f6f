import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type DateInput, formatDate, formatDateTime, formatTime } from '#shared/domain/date-format';
import { formatBytes, formatNumber, formatPercent, formatRupiah } from '#shared/domain/format';

/**
 * Display helpers of seed 000 §1/§9 in the current language: dates DD MMM YYYY and times
 * HH:mm (both from #shared/domain/date-format, the one date module), money Rp without
 * decimals. Inputs are ISO strings, Dates or epoch milliseconds.
 */
export type { DateInput };

export function formatters(language: string) {
  const locale = language === 'en' ? 'en-GB' : 'id-ID';
  return {
    date: (value: DateInput) => formatDate(value, language),
    time: (value: DateInput) => formatTime(value, language),
    dateTime: (value: DateInput) => formatDateTime(value, language),
    money: (value: number) => formatRupiah(value),
    number: (value: number, decimals = 2) => formatNumber(value, decimals, locale),
    /** "0,09 %": a share, never in the "x 10^n" form. */
    percent: (value: number | null) => formatPercent(value, locale),
    /** "94 KB", "10,7 GB": a size in bytes. */
    bytes: (value: number) => formatBytes(value, locale),
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
