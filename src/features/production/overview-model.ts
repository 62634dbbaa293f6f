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
 * functions as GET /api/overview (#shared/domain/figures). Stockings, harvests and
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

/** Whether a row's cumulative feed is known, still being read, or needs a connection. */
export type FeedStatus = 'known' | 'loading' | 'needs-connection';

export interface OverviewRow extends CycleFigures {
  pond_id: string;
  pond_name: string;
  block_name: string;
  area_m2: number;
  stock_id: string;
  feed_kg: number | null;
  feed_status: FeedStatus;
}

/** One use of a feed item in the mirror, in kg (`feedKg`), with its sync state. */
export interface FeedUse {
  pond_id: string;
  cycle_id: string | null;
  kg: number;
  /** Not yet accepted by the server (a create, an edit or a delete of the device). */
  unsent: boolean;
  deleted: boolean;
  /** The kg the server holds for it before the device's change; null when the server has none. */
  baseKg: number | null;
}

/**
 * Where the overview's cumulative feed comes from. The mirror keeps the last MOVEMENT_DAYS
 * of warehouse movements: a cycle stocked since `coversFrom` has every use on the device;
 * an older one takes the server's sum (GET /api/overview) plus the device's unsent changes.
 */
export interface FeedFacts {
  uses: readonly FeedUse[];
  /** First day every use is mirrored from; null before the movements were first pulled. */
  coversFrom: string | null;
  /** The server's feed kg per cycle: undefined while it is read, null when it cannot be (offline). */
  server: ReadonlyMap<string, number> | null | undefined;
}
export const NO_FEED: FeedFacts = { uses: [], coversFrom: null, server: null };

/** A cycle's cumulative feed (kg) from `FeedFacts`, and whether it is known yet. */
export function cycleFeed(
  stock: Pick<Stock, 'cycle_id' | 'pond_id' | 'stock_date'>,
  facts: FeedFacts,
): { kg: number | null; status: FeedStatus } {
  const own = facts.uses.filter(
    (u) => (u.cycle_id ?? null) === stock.cycle_id || (u.cycle_id === null && u.pond_id === stock.pond_id),
  );
  if (facts.coversFrom !== null && stock.stock_date >= facts.coversFrom) {
    const kg = own.reduce((sum, u) => sum + (u.deleted ? 0 : u.kg), 0);
    return { kg: round3(kg), status: 'known' };
  }
  if (facts.server) {
    const unsent = own
      .filter((u) => u.unsent)
      .reduce((sum, u) => sum + (u.deleted ? 0 : u.kg) - (u.baseKg ?? 0), 0);
    return { kg: round3((facts.server.get(stock.cycle_id) ?? 0) + unsent), status: 'known' };
  }
  return { kg: null, status: facts.server === undefined ? 'loading' : 'needs-connection' };
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

export function buildOverview(input: {
  ponds: readonly Pick<Pond, 'pond_id' | 'name' | 'block_name' | 'area'>[];
  stocks: readonly Stock[];
  harvests: readonly Harvest[];
  deaths: readonly Death[];
  samplings: SamplingSnapshot;
  /** Cumulative feed per cycle (FCR): the mirror's uses or the server's sum (`cycleFeed`). */
  feed?: FeedFacts;
  today: string;
}): { rows: OverviewRow[]; summary: FarmSummary } {
  const pondsById = new Map(input.ponds.map((p) => [p.pond_id, p]));
  const rows: OverviewRow[] = [];
  for (const stock of input.stocks) {
    const pond = pondsById.get(stock.pond_id);
    if (!pond || isClosed(stock, input.harvests)) continue;
    const feed = cycleFeed(stock, input.feed ?? NO_FEED);
    const feedKg = feed.kg;
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
      feed_status: feed.status,
    });
  }
  rows.sort((a, b) => compareNames(a.block_name, b.block_name) || compareNames(a.pond_name, b.pond_name));
  return { rows, summary: farmSummary(rows) };
}
