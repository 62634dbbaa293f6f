import { describe, expect, it } from 'vitest';
import { formatters } from './format.tsx';

describe('formatters', () => {
  it('shows dates as DD MMM YYYY in Indonesian and English', () => {
    expect(formatters('id').date('2024-08-17T09:05:00')).toBe('17 Agu 2024');
    expect(formatters('en').date('2024-08-17T09:05:00')).toBe('17 Aug 2024');
  });

  it('shows times as HH:mm on a 24 hour clock', () => {
    expect(formatters('en').time('2024-08-17T21:05:00')).toBe('21:05');
  });

  it('shows a dash for a missing or broken date', () => {
    expect(formatters('id').date(null)).toBe('–');
    expect(formatters('id').date('not a date')).toBe('–');
  });

  it('shows money in rupiah without decimals', () => {
    expect(formatters('id').money(1500000.4)).toBe('Rp 1.500.000');
  });
});
