import { describe, expect, it } from 'vitest';
import { filterTransactions, financeVisible, parseRupiahInput, sumByType } from './finance-model.ts';

describe('parseRupiahInput', () => {
  it.each([
    ['1500000', 'id', 1_500_000],
    ['1.500.000', 'id', 1_500_000],
    ['1,500,000', 'en', 1_500_000],
    ['Rp 1.500.000', 'id', 1_500_000],
    ['1 500 000', 'id', 1_500_000],
    ['1000000000000', 'en', 1_000_000_000_000],
  ])('%s (%s) → %d', (input, language, value) => {
    expect(parseRupiahInput(input, language)).toEqual({ value });
  });
  it.each([
    ['', 'validation.required'],
    ['0', 'validation.min|{"min":1}'],
    ['-5000', 'validation.min|{"min":1}'],
    ['1000000000001', 'validation.max|{"max":"1.000.000.000.000"}'],
    ['1500,50', 'validation.integer'],
    ['1.500.000,50', 'validation.integer'],
    ['1,500,000', 'validation.number-separators|{"decimal":"12,5","thousands":"3.500"}'],
    ['1.5', 'validation.integer'],
    ['abc', 'validation.number-format|{"example":"12,5"}'],
    ['1e309', 'validation.number-format|{"example":"12,5"}'],
  ])('%s is refused (%s)', (input, error) => {
    expect(parseRupiahInput(input, 'id')).toEqual({ error });
  });
});

describe('financeVisible', () => {
  it('hides finance on a farm that hides it, and below view', () => {
    expect(financeVisible({ is_hide_finance: false }, 0)).toBe(true);
    expect(financeVisible({ is_hide_finance: true }, 2)).toBe(false);
    expect(financeVisible({ is_hide_finance: false }, -1)).toBe(false);
  });
});

describe('transactions list', () => {
  const row = (id: string, date: string, type: 'in' | 'out', nominal: number, account = 'a') =>
    ({
      transaction_record_id: id,
      transaction_date: date,
      type,
      nominal,
      account_id: account,
      deleted_at: null,
    }) as never;
  it('filters and sorts newest first, sums exactly', () => {
    const rows = [
      row('1', '2025-01-02', 'in', 10),
      row('2', '2025-01-05', 'out', 3),
      row('3', '2025-02-01', 'out', 4, 'b'),
    ];
    const listed = filterTransactions(rows, { accountId: 'a', from: '2025-01-01', to: '2025-01-31' });
    expect(listed.map((r: { transaction_record_id: string }) => r.transaction_record_id)).toEqual(['2', '1']);
    expect(sumByType(rows)).toEqual({ income: 10n, expenses: 7n });
  });
});
