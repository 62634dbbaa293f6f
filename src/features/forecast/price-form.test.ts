import { describe, expect, it } from 'vitest';
import { checkPriceForm, checkTargetSizes } from './price-form.ts';

describe('the price list form', () => {
  it('reads prices in the screen language and leaves blank rows out', () => {
    const r = checkPriceForm(
      {
        valid_from: '2026-06-01',
        rows: [
          { size: '50', price: '70.000' },
          { size: '', price: '' },
          { size: '100', price: '52000' },
        ],
      },
      'id',
    );
    expect(r.prices).toEqual([
      { size: 50, price_per_kg: 70_000 },
      { size: 100, price_per_kg: 52_000 },
    ]);
  });

  it('refuses a price with decimals on its own row, with the shared message key', () => {
    const r = checkPriceForm(
      {
        valid_from: '2026-06-01',
        rows: [
          { size: '', price: '' },
          { size: '50', price: '70000,5' },
          { size: '60', price: 'abc' },
        ],
      },
      'id',
    );
    expect(r.prices).toBeUndefined();
    expect(r.errors.rows?.[0]).toBeUndefined();
    expect(r.errors.rows?.[1]?.price).toBe('forecast.price-decimals');
    expect(r.errors.rows?.[2]?.price).toMatch(/^forecast\.price-invalid\|/);
  });
});

describe('target sizes as typed', () => {
  it('takes commas or spaces, largest count first', () => {
    expect(checkTargetSizes('50, 100 70', [])).toEqual({ sizes: [100, 70, 50] });
  });
  it('refuses a size all running ponds have passed, decimals and nothing', () => {
    expect(checkTargetSizes('100', [20]).error).toMatch(/^forecast\.size-reached\|/);
    expect(checkTargetSizes('70.5', []).error).toMatch(/^forecast\.size-invalid/);
    expect(checkTargetSizes('  ', []).error).toBe('validation.required');
  });
});
