import { rupiah } from './money.ts';

/** A cycle as the sharing of farm-wide expenses reads it: its pond's area and the days it runs. */
export interface CycleSpan {
  cycle_id: string;
  area_m2: number;
  /** First day (YYYY-MM-DD). */
  start: string;
  /** Last day, or null while it runs (then it runs to `today`). */
  end: string | null;
}

/** Area in thousandths of a m², an integer: the shares stay exact in bigint. */
const weightOf = (area: number) => BigInt(Number.isFinite(area) && area > 0 ? Math.round(area * 1000) : 0);

/**
 * A farm-wide expense's part borne by one cycle (ADR 0128). Finance transactions are booked
 * to the farm, not to a pond, so an expense dated on a day is shared among the cycles running
 * that day in proportion to their ponds' area (equally when no area is known), rounded half up
 * to the rupiah: each rupiah counts once across the cycles, not once in every cycle. A day no
 * cycle runs on is no cycle's cost (the farm's HPP over a period still counts it).
 *
 * The server (finance HPP of a cycle, the forecast's cost to date) and the phone (its offline
 * forecast) pass the farm's cycles here, so the three read the same rupiah.
 */
export function expenseSharer(spans: readonly CycleSpan[], today: string) {
  const byDay = new Map<string, { total: bigint; weights: Map<string, bigint> }>();
  const day = (date: string) => {
    let found = byDay.get(date);
    if (found) return found;
    const running = spans.filter((s) => s.start <= date && date <= (s.end ?? today));
    const areas = running.map((s) => weightOf(s.area_m2));
    const byArea = areas.every((w) => w > 0n);
    const weights = new Map(running.map((s, i) => [s.cycle_id, byArea ? (areas[i] as bigint) : 1n]));
    let total = 0n;
    for (const w of weights.values()) total += w;
    found = { total, weights };
    byDay.set(date, found);
    return found;
  };
  /** The rupiah of `nominal` (dated `date`) that cycle `cycleId` bears: 0 when it does not run that day. */
  return (cycleId: string, date: string, nominal: string | number | bigint): bigint => {
    const { total, weights } = day(date);
    const weight = weights.get(cycleId);
    if (weight === undefined || total === 0n) return 0n;
    const amount = rupiah(nominal);
    return (amount * weight * 2n + total) / (2n * total);
  };
}

export type ExpenseSharer = ReturnType<typeof expenseSharer>;
