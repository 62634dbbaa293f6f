/**
 * A farm's price list: Rp per kg by size class (pcs/kg), valid from a day. Between two
 * listed sizes the price is interpolated linearly (size 55 between size 50 and 60), as
 * buyers at the pond price an in-between size; beyond the list the nearest size's price.
 */
export interface PricePoint {
  /** Size, pcs/kg (whole number). */
  size: number;
  /** Rp per kg (whole rupiah). */
  price_per_kg: number;
}

export interface PriceList {
  /** First day the list applies (YYYY-MM-DD). */
  valid_from: string;
  prices: readonly PricePoint[];
}

/** The list in force on a day: the latest `valid_from` on or before it, else the earliest. */
export function priceListOn(lists: readonly PriceList[], day: string): PriceList | null {
  const sorted = [...lists].sort((a, b) => a.valid_from.localeCompare(b.valid_from));
  let chosen: PriceList | null = sorted[0] ?? null;
  for (const l of sorted) if (l.valid_from <= day) chosen = l;
  return chosen;
}

/** Rp per kg for a (fractional) size, whole rupiah; null with an empty list or a bad size. */
export function priceForSize(list: PriceList | null, size: number | null): number | null {
  if (!list || list.prices.length === 0 || size === null || !(size > 0)) return null;
  const rows = [...list.prices].sort((a, b) => a.size - b.size);
  const first = rows[0] as PricePoint;
  const last = rows.at(-1) as PricePoint;
  if (size <= first.size) return first.price_per_kg;
  if (size >= last.size) return last.price_per_kg;
  for (let i = 1; i < rows.length; i++) {
    const hi = rows[i] as PricePoint;
    const lo = rows[i - 1] as PricePoint;
    if (size <= hi.size) {
      return Math.round(
        lo.price_per_kg + ((size - lo.size) / (hi.size - lo.size)) * (hi.price_per_kg - lo.price_per_kg),
      );
    }
  }
  return last.price_per_kg;
}

/**
 * A suggested list from past harvests (the price the farm got by size): per listed size,
 * the median price of the harvests within ±5 pcs/kg of it; sizes without a harvest left out.
 */
export function suggestPrices(
  harvests: readonly { size: number; price_per_kg: number }[],
  sizes: readonly number[],
): PricePoint[] {
  const out: PricePoint[] = [];
  for (const size of sizes) {
    const near = harvests
      .filter((h) => h.price_per_kg > 0 && Math.abs(h.size - size) <= 5)
      .map((h) => h.price_per_kg)
      .sort((a, b) => a - b);
    if (near.length === 0) continue;
    const mid = Math.floor(near.length / 2);
    const median =
      near.length % 2 ? (near[mid] as number) : ((near[mid - 1] as number) + (near[mid] as number)) / 2;
    out.push({ size, price_per_kg: Math.round(median) });
  }
  return out;
}

/** The size classes a suggested price list covers (pcs/kg). */
export const PRICE_SIZES = [20, 30, 40, 50, 60, 70, 80, 100, 120, 150] as const;

/**
 * The price list the forecast uses until the farm keeps its own: suggested from its past
 * harvests' prices (rows as the database or the mirror hold them), valid from `today`;
 * null without any harvest price. The server and the phone both call this.
 */
export function suggestedPriceList(
  harvests: readonly { size: number | string; price_per_kg: number | string }[],
  today: string,
): PriceList | null {
  const prices = suggestPrices(
    harvests.map((h) => ({ size: Number(h.size), price_per_kg: Number(h.price_per_kg) })),
    PRICE_SIZES,
  );
  return prices.length ? { valid_from: today, prices } : null;
}

/** A harvest row (database or mirror) as the forecast reads it. */
export function harvestInput(h: {
  harvested_on: string;
  type: string;
  weight_kg: number | string;
  size: number | string;
  price_per_kg: number | string;
}) {
  return {
    harvested_on: h.harvested_on,
    type: h.type,
    weight_kg: Number(h.weight_kg),
    size: Number(h.size),
    price_per_kg: Number(h.price_per_kg),
  };
}

/** A price row as the database or the mirror holds it (one size of one day's list). */
export interface PriceRow {
  valid_from: string;
  size: number | string;
  price_per_kg: number | string;
}

/** The farm's price rows grouped into dated lists, oldest first, each by size. */
export function priceListsFromRows(rows: readonly PriceRow[]): PriceList[] {
  const byDay = new Map<string, PricePoint[]>();
  for (const r of rows) {
    const list = byDay.get(r.valid_from) ?? [];
    list.push({ size: Number(r.size), price_per_kg: Number(r.price_per_kg) });
    byDay.set(r.valid_from, list);
  }
  return [...byDay.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([valid_from, prices]) => ({ valid_from, prices: prices.sort((a, b) => a.size - b.size) }));
}

/** Where the forecast's prices come from: the farm's own list, the past harvests' suggestion, or none. */
export type PriceSource = 'farm' | 'suggested' | 'none';

/**
 * The prices the forecast uses on `today`: the farm's list in force (ADR 0072), else the
 * list suggested by its past harvests, else none. The server and the phone both call this.
 */
export function forecastPrices(
  rows: readonly PriceRow[],
  harvests: readonly { size: number | string; price_per_kg: number | string }[],
  today: string,
): { list: PriceList | null; source: PriceSource } {
  const own = priceListOn(priceListsFromRows(rows), today);
  if (own) return { list: own, source: 'farm' };
  const suggested = suggestedPriceList(harvests, today);
  return suggested ? { list: suggested, source: 'suggested' } : { list: null, source: 'none' };
}
