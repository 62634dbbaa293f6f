import { numberMessage, typingLanguage } from '#components/number-field';
import type { Farm } from '#shared/contracts/farm';
import type { FinanceCategory, FinanceTransaction } from '#shared/contracts/finance';
import { MAX_NOMINAL } from '#shared/domain/finance';
import { readNumber } from '#shared/domain/number-input';
import { ACTION, type Action } from '#shared/domain/permissions';

/**
 * Pure rules of the finance screens. Finance is shown only on a farm that does not hide
 * it, to a member with at least view on `finance` (the server answers 404 otherwise).
 */
export function financeVisible(farm: Pick<Farm, 'is_hide_finance'>, level: Action): boolean {
  return !farm.is_hide_finance && level >= ACTION.view;
}

/**
 * What a farmer types as an amount → whole rupiah, or an error key. "1.500.000",
 * "1,500,000", "1 500 000" and "Rp 1.500.000" all mean 1500000; decimals are refused
 * (rupiah has none), as are 0, negatives and more than Rp 1 trillion.
 */
/** Yup-style message keys (validation.tsx): translated when shown. */
const POSITIVE = 'validation.min|{"min":1}';
const TOO_LARGE = 'validation.max|{"max":"1.000.000.000.000"}';

export function parseRupiahInput(
  input: unknown,
  language: string = typingLanguage(),
): { value: number } | { error: string } {
  const text = String(input ?? '').replace(/^\s*rp\.?\s*/i, '');
  const read = readNumber(text, language, { integer: true });
  if ('problem' in read) return { error: numberMessage(read.problem) };
  const { value } = read;
  if (value === null) return { error: 'validation.required' };
  if (value <= 0) return { error: POSITIVE };
  if (value > MAX_NOMINAL) return { error: TOO_LARGE };
  return { value };
}

/** A category's label: the translation of a built-in's key, else its own name. */
export function categoryLabel(
  c: Pick<FinanceCategory, 'builtin_key' | 'category_transaction_name'>,
  t: (key: string) => string,
): string {
  return c.builtin_key ? t(`category.${c.builtin_key}`) : c.category_transaction_name;
}

export interface TxFilter {
  accountId?: string;
  type?: 'in' | 'out';
  from?: string;
  to?: string;
}

/** The mirror's transactions a list shows: live, filtered, newest day first. */
export function filterTransactions<T extends FinanceTransaction>(rows: T[], f: TxFilter): T[] {
  return rows
    .filter(
      (r) =>
        !r.deleted_at &&
        (!f.accountId || r.account_id === f.accountId) &&
        (!f.type || r.type === f.type) &&
        (!f.from || r.transaction_date >= f.from) &&
        (!f.to || r.transaction_date <= f.to),
    )
    .sort((a, b) =>
      a.transaction_date === b.transaction_date
        ? b.transaction_record_id.localeCompare(a.transaction_record_id)
        : b.transaction_date.localeCompare(a.transaction_date),
    );
}

/** Sum of the listed amounts per type, exact (BigInt). */
export function sumByType(rows: Pick<FinanceTransaction, 'type' | 'nominal'>[]): {
  income: bigint;
  expenses: bigint;
} {
  let income = 0n;
  let expenses = 0n;
  for (const r of rows) {
    if (r.type === 'in') income += BigInt(r.nominal);
    else expenses += BigInt(r.nominal);
  }
  return { income, expenses };
}

/** First and last day of the year of `day` (YYYY-MM-DD). */
export function yearRange(day: string): { from: string; to: string } {
  const y = day.slice(0, 4);
  return { from: `${y}-01-01`, to: `${y}-12-31` };
}

/** Today on this device (YYYY-MM-DD, local time). */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
