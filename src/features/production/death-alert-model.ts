import type { Death } from '#shared/contracts/death';
import type { Pond } from '#shared/contracts/farm';
import type { Harvest } from '#shared/contracts/harvest';
import type { Stock } from '#shared/contracts/stock';
import { harvestedCount, populationEstimate } from '#shared/domain/figures';

export interface DeathAlertRow {
  pond_id: string;
  pond_name: string;
  stock_id: string;
  /** Dead in the period. */
  count: number;
  /** Population estimate at the start of the period (stocked − earlier deaths − earlier harvests). */
  population: number;
  /** Dead in the period as % of that population; null when it is not known (≤ 0). */
  severity: number | null;
  days: { day: string; count: number }[];
}

/**
 * The death alert (seed 000 "Death alert"): ponds with deaths between `from` and `to`
 * (inclusive), most severe first: deaths as a share of the population estimate at the
 * start of the period.
 */
export function deathAlert(input: {
  ponds: readonly Pick<Pond, 'pond_id' | 'name'>[];
  stocks: readonly Stock[];
  deaths: readonly Death[];
  harvests: readonly Harvest[];
  from: string;
  to: string;
}): DeathAlertRow[] {
  const pondName = new Map(input.ponds.map((p) => [p.pond_id, p.name]));
  const rows: DeathAlertRow[] = [];
  for (const stock of input.stocks) {
    const name = pondName.get(stock.pond_id);
    if (name === undefined) continue;
    const mine = input.deaths.filter((d) => d.stock_id === stock.stock_id);
    const inPeriod = mine.filter((d) => d.died_on >= input.from && d.died_on <= input.to);
    if (inPeriod.length === 0) continue;
    const deadBefore = mine.filter((d) => d.died_on < input.from).reduce((s, d) => s + d.count, 0);
    const harvestedBefore = input.harvests
      .filter((h) => h.stock_id === stock.stock_id && h.harvested_on < input.from)
      .reduce((s, h) => s + harvestedCount(h.weight_kg, h.size), 0);
    const population = populationEstimate(stock.seed_actual, deadBefore, harvestedBefore);
    const perDay = new Map<string, number>();
    for (const d of inPeriod) perDay.set(d.died_on, (perDay.get(d.died_on) ?? 0) + d.count);
    const count = inPeriod.reduce((s, d) => s + d.count, 0);
    rows.push({
      pond_id: stock.pond_id,
      pond_name: name,
      stock_id: stock.stock_id,
      count,
      population,
      severity: population > 0 ? (count / population) * 100 : null,
      days: [...perDay.entries()]
        .sort(([a], [b]) => b.localeCompare(a))
        .map(([day, n]) => ({ day, count: n })),
    });
  }
  return rows.sort(
    (a, b) =>
      (b.severity ?? Number.POSITIVE_INFINITY) - (a.severity ?? Number.POSITIVE_INFINITY) ||
      b.count - a.count,
  );
}

/** The day `n` days before `day` (YYYY-MM-DD). */
export function daysBefore(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
}
