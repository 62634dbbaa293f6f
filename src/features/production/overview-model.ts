import type { Death } from '#shared/contracts/death';
import type { Pond } from '#shared/contracts/farm';
import type { Harvest } from '#shared/contracts/harvest';
import type { Stock } from '#shared/contracts/stock';
import {
  type CycleFigures,
  cycleFigures,
  type FarmSummary,
  farmSummary,
  type SamplingFacts,
} from '#shared/domain/figures';
import { compareNames } from '#shared/domain/natural-sort';
import { isClosed } from './production-model.ts';

/**
 * The cycle overview computed on the device from the mirror, with the same pure
 * functions as GET /api/overview (#shared/domain/cycle-figures). Stockings, harvests and
 * deaths come from Dexie (unsent entries included); samplings come from a
 * `SamplingSource`: the device's `samplings` mirror (`mirrorSamplings` in
 * overview-data.ts), the latest two per cycle, so the overview works fully offline.
 */
export interface SamplingSnapshot {
  byCycle: ReadonlyMap<string, readonly SamplingFacts[]>;
  /** When the source's data was read (server_time), null when none is available. */
  asOf: string | null;
}
export type SamplingSource = (farmId: string) => Promise<SamplingSnapshot>;
export const NO_SAMPLINGS: SamplingSnapshot = { byCycle: new Map(), asOf: null };

export interface OverviewRow extends CycleFigures {
  pond_id: string;
  pond_name: string;
  block_name: string;
  area_m2: number;
  stock_id: string;
  feed_kg: number | null;
}

export function buildOverview(input: {
  ponds: readonly Pick<Pond, 'pond_id' | 'name' | 'block_name' | 'area'>[];
  stocks: readonly Stock[];
  harvests: readonly Harvest[];
  deaths: readonly Death[];
  samplings: SamplingSnapshot;
  /** The FCR seam on the device: cumulative feed kg per cycle (none before the warehouse). */
  feedByCycle?: ReadonlyMap<string, number>;
  today: string;
}): { rows: OverviewRow[]; summary: FarmSummary } {
  const pondsById = new Map(input.ponds.map((p) => [p.pond_id, p]));
  const rows: OverviewRow[] = [];
  for (const stock of input.stocks) {
    const pond = pondsById.get(stock.pond_id);
    if (!pond || isClosed(stock, input.harvests)) continue;
    const feedKg = input.feedByCycle?.get(stock.cycle_id) ?? null;
    const figures = cycleFigures({
      stock,
      areaM2: pond.area,
      deaths: input.deaths.filter((d) => d.stock_id === stock.stock_id),
      harvests: input.harvests.filter((h) => h.stock_id === stock.stock_id),
      samplings: input.samplings.byCycle.get(stock.cycle_id) ?? [],
      feedKg,
      today: input.today,
    });
    rows.push({
      ...figures,
      pond_id: pond.pond_id,
      pond_name: pond.name,
      block_name: pond.block_name,
      area_m2: pond.area,
      stock_id: stock.stock_id,
      feed_kg: feedKg,
    });
  }
  rows.sort((a, b) => compareNames(a.block_name, b.block_name) || compareNames(a.pond_name, b.pond_name));
  return { rows, summary: farmSummary(rows) };
}
