/**
 * The finance figures' maths (DOMAIN.md), on integer rupiah: BigInt for money so sums of
 * many amounts never lose a rupiah, kilograms as numbers (harvest weights have decimals).
 */

/** A decimal string of integer rupiah (what the API answers for sums) as BigInt. */
export function rupiah(value: string | number | bigint): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') return BigInt(Math.round(value));
  return /^-?\d+$/.test(value) ? BigInt(value) : 0n;
}

/**
 * HPP (harga pokok produksi), Rp per kg = costs ÷ harvested kg, rounded half up to a
 * whole rupiah. No harvest (0 kg or less) has no HPP: null, shown as "–".
 * Kilograms are taken to the gram so the division stays in integers.
 */
export function hppPerKg(costRp: bigint, harvestedKg: number): bigint | null {
  if (!Number.isFinite(harvestedKg)) return null;
  const grams = BigInt(Math.round(harvestedKg * 1000));
  if (grams <= 0n) return null;
  const scaled = costRp * 1000n;
  return (scaled * 2n + grams) / (grams * 2n);
}

/** Productivity, kg per hectare = harvested kg ÷ (area m² ÷ 10,000), to 2 decimals; no area → null. */
export function kgPerHa(harvestedKg: number, areaM2: number): number | null {
  if (!Number.isFinite(areaM2) || areaM2 <= 0 || !Number.isFinite(harvestedKg)) return null;
  return Math.round((harvestedKg / (areaM2 / 10_000)) * 100) / 100;
}

/** Balance of an account or a period: income − expenses. */
export function balanceOf(income: bigint, expenses: bigint): bigint {
  return income - expenses;
}

/** A pond's harvests over a period: its area, the kg harvested and the cycles they came from. */
export interface PondHarvestFacts {
  area_m2: number;
  harvested_kg: number;
  cycles: number;
}

/**
 * Productivity over a period, labelled (DOMAIN.md: never a sum of cycles shown as "per
 * cycle"). Per cycle (kg/ha/cycle) = harvested kg ÷ the area of the cycles harvested (each
 * pond's area × its cycles), the area-weighted average cycle. Per year (kg/ha/year) =
 * harvested kg ÷ the whole area, scaled from the period's days to 365. Both to 2
 * decimals; null without an area, a harvested cycle or a period.
 */
export function periodProductivity(
  ponds: readonly PondHarvestFacts[],
  days: number | null,
): { kg_per_ha_cycle: number | null; kg_per_ha_year: number | null; cycles: number } {
  let kg = 0;
  let area = 0;
  let cycleArea = 0;
  let cycles = 0;
  for (const p of ponds) {
    kg += p.harvested_kg;
    area += p.area_m2;
    if (p.cycles > 0) {
      cycleArea += p.area_m2 * p.cycles;
      cycles += p.cycles;
    }
  }
  // Per year from the unrounded kg/ha: rounding first and scaling after moves the cents.
  const perHa = area > 0 && Number.isFinite(area) && Number.isFinite(kg) ? kg / (area / 10_000) : null;
  return {
    kg_per_ha_cycle: cycles > 0 ? kgPerHa(kg, cycleArea) : null,
    kg_per_ha_year:
      perHa === null || days === null || !(days > 0) ? null : Math.round(((perHa * 365) / days) * 100) / 100,
    cycles,
  };
}

/** A finance transaction that bought warehouse stock (a received purchase order). */
export const STOCK_SOURCE = 'purchase-order';
/** Built-in expense categories of stock the warehouse values by use (feed, probiotics, chemicals). */
export const STOCK_CATEGORIES = ['feed', 'probiotics', 'chemicals'] as const;

/** Whether an expense bought stock: HPP counts it by the usage value when used, not when bought. */
export function isStockPurchase(t: { source_type: string | null; builtin_key: string | null }): boolean {
  return (
    t.source_type === STOCK_SOURCE ||
    (t.builtin_key !== null && (STOCK_CATEGORIES as readonly string[]).includes(t.builtin_key))
  );
}

/**
 * The cost HPP divides (DOMAIN.md, each cost once): the expenses that did not buy stock
 * plus the value of the warehouse stock used. Stock purchases are summed apart, not added.
 */
export function hppCost(
  expenses: readonly { total: string | number | bigint; stock: boolean }[],
  usageRp: bigint,
): { expenses: bigint; stockPurchases: bigint; total: bigint } {
  let counted = 0n;
  let stock = 0n;
  for (const e of expenses) {
    if (e.stock) stock += rupiah(e.total);
    else counted += rupiah(e.total);
  }
  return { expenses: counted, stockPurchases: stock, total: counted + usageRp };
}

/**
 * A running cycle's cost to date (Rp), as the finance HPP of that cycle counts it: its
 * share (`expenseSharer`, ADR 0128) of the farm's expenses dated from the cycle's start to
 * `today` (transactions are farm-wide) through `hppCost`, plus the value of the warehouse
 * uses booked to the cycle. The server (from the database) and the phone (from the mirror)
 * pass their rows here.
 */
export function cycleCostToDate(input: {
  transactions: readonly {
    type: string;
    nominal: string | number;
    transaction_date: string;
    source_type: string | null;
    builtin_key: string | null;
  }[];
  uses: readonly { value: string | number }[];
  cycleId: string;
  /** The farm's expenses shared among its cycles (`expenseSharer` of the farm's cycles). */
  share: (cycleId: string, date: string, nominal: string | number | bigint) => bigint;
  from: string;
  today: string;
}): bigint {
  const expenses = input.transactions
    .filter((t) => t.type === 'out' && t.transaction_date >= input.from && t.transaction_date <= input.today)
    .map((t) => ({
      total: input.share(input.cycleId, t.transaction_date, t.nominal),
      stock: isStockPurchase(t),
    }));
  const usage = input.uses.reduce((sum, u) => sum + rupiah(u.value), 0n);
  return hppCost(expenses, usage).total;
}
