/**
 * Warehouse constants and exact quantity maths (seed 000 §3 "Warehouse item", §9).
 *
 * Quantities have 3 decimals. JavaScript numbers cannot add 0.1 + 0.2 exactly, so every
 * quantity is handled as an integer count of thousandths ("milli-units": 1.250 kg =
 * 1250) and travels to PostgreSQL as a decimal string (`numeric`). Money is integer
 * rupiah (BIGINT): a movement's value is rounded once, in SQL, from quantity × price.
 */

/** Categories in the spec's order; ids as the spec names them (feed 5, probiotics 3, chemical 6). */
export const WAREHOUSE_CATEGORIES = [
  { id: 5, key: 'feed' },
  { id: 3, key: 'probiotics' },
  { id: 6, key: 'chemical' },
  { id: 1, key: 'lab' },
  { id: 2, key: 'equipment' },
  { id: 4, key: 'electric' },
  { id: 7, key: 'more' },
] as const;
export type CategoryKey = (typeof WAREHOUSE_CATEGORIES)[number]['key'];
export const CATEGORY_IDS: readonly number[] = WAREHOUSE_CATEGORIES.map((c) => c.id);
export const FEED_CATEGORY_ID = 5;

/** The order a category appears in (its index in the spec's list). */
export function categoryRank(categoryId: number): number {
  const i = CATEGORY_IDS.indexOf(categoryId);
  return i < 0 ? CATEGORY_IDS.length : i;
}

export function categoryKey(categoryId: number): CategoryKey {
  return WAREHOUSE_CATEGORIES.find((c) => c.id === categoryId)?.key ?? 'more';
}

export const UNITS = ['Kg', 'Liter', 'Gram', 'Ml', 'Unit', 'Set'] as const;
export type Unit = (typeof UNITS)[number];
export function isUnit(value: unknown): value is Unit {
  return typeof value === 'string' && (UNITS as readonly string[]).includes(value);
}

/** Movement kinds: restock (store), removal (remove: lost, spoiled, lent) and use in a pond. */
export const MOVEMENT_KINDS = ['store', 'remove', 'use'] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

/** Largest quantity one movement or minimum stock may carry (exclusive): 100,000 tonnes. */
export const MAX_QTY = 100_000_000;
/** Largest price per unit in rupiah (inclusive). */
export const MAX_PRICE = 10_000_000_000;

/**
 * A quantity as sent (a number) → thousandths, rounded to 3 decimals (seed 000 §9).
 * Returns an error key instead when it is not a finite number in [0, MAX_QTY).
 */
export function parseQuantity(
  value: unknown,
  { positive = true }: { positive?: boolean } = {},
): { milli: number } | { error: string; params?: Record<string, number> } {
  if (typeof value !== 'number' || Number.isNaN(value)) return { error: 'validation.numeric' };
  if (!Number.isFinite(value) || Math.abs(value) >= MAX_QTY) return { error: 'validation.finite' };
  const milli = Math.round(value * 1000);
  if (positive ? milli <= 0 : milli < 0)
    return { error: 'validation.min', params: { min: positive ? 0.001 : 0 } };
  return { milli };
}

/** 1250 → "1.250" (exact; what `numeric` columns receive). */
export function milliToDecimal(milli: number): string {
  const sign = milli < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(milli));
  return `${sign}${Math.floor(abs / 1000)}.${String(abs % 1000).padStart(3, '0')}`;
}

/** "1.25" / "-3.000" / "7" (a `numeric` as pg answers it) → thousandths, exactly. */
export function decimalToMilli(text: string): number {
  const m = /^(-?)(\d+)(?:\.(\d*))?$/.exec(text.trim());
  if (!m) throw new RangeError(`not a decimal: ${text}`);
  const frac = (m[3] ?? '').padEnd(3, '0');
  // Beyond 3 decimals (a SUM never has more): round half up on the 4th.
  const extra = frac.length > 3 && Number(frac[3]) >= 5 ? 1 : 0;
  const milli = Number(m[2]) * 1000 + Number(frac.slice(0, 3)) + extra;
  return m[1] ? -milli : milli;
}

/** Thousandths → the API's number with at most 3 decimals. */
export function milliToNumber(milli: number): number {
  return milli / 1000;
}

/** Rupiah value of a quantity at a price per unit, rounded half up to whole rupiah (BigInt: exact). */
export function rupiahValue(milli: number, pricePerUnit: number): number {
  const product = BigInt(Math.trunc(milli)) * BigInt(Math.trunc(pricePerUnit));
  const sign = product < 0n ? -1n : 1n;
  const abs = product < 0n ? -product : product;
  return Number(sign * ((abs + 500n) / 1000n));
}

/** Stock state of an item: negative (uses recorded offline beyond stock) comes first, then below minimum. */
export type StockState = 'negative' | 'below-minimum' | 'ok';
export function stockState(qtyMilli: number, minMilli: number): StockState {
  if (qtyMilli < 0) return 'negative';
  if (minMilli > 0 && qtyMilli < minMilli) return 'below-minimum';
  return 'ok';
}
