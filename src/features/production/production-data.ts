import { useLiveMirror } from '#components/use-live-mirror.ts';
import type { Local, TambakDb } from '#local/db';
import { newId } from '#local/ids';
import { type NewPhoto, saveRecordsWithPhotos } from '#local/photos';
import { createRepository } from '#local/repository';
import { DEATHS, HARVESTS, STOCKS } from '#local/resources';
import { visible } from '#local/visible';
import type { Cycle } from '#shared/contracts/cycle';
import type { Death } from '#shared/contracts/death';
import type { Harvest } from '#shared/contracts/harvest';
import type { Stock } from '#shared/contracts/stock';
import { densityPerM2 } from '#shared/domain/figures';
import { isClosed } from './production-model.ts';

/**
 * Reads of the production mirror (live: sync and other tabs re-render them) and the
 * writes, all on the phone first: record + outbox entry in one transaction
 * (src/local/outbox.ts); the server's answer replaces the derived fields.
 */
export const stockRepo = (db: TambakDb) => createRepository<Stock>(STOCKS, db);
export const harvestRepo = (db: TambakDb) => createRepository<Harvest>(HARVESTS, db);
export const deathRepo = (db: TambakDb) => createRepository<Death>(DEATHS, db);

const byNewest =
  <T>(day: (row: T) => string) =>
  (a: T, b: T) =>
    day(b).localeCompare(day(a));

export interface PondProduction {
  stocks: Local<Stock>[];
  /** The stocking the pond's records go to now (not closed by a total harvest), if any. */
  active: Local<Stock> | null;
  /** The latest stocking (active, or the last harvested one). */
  latest: Local<Stock> | null;
  harvests: Local<Harvest>[];
  deaths: Local<Death>[];
}

export async function readPondProduction(db: TambakDb, pondId: string): Promise<PondProduction> {
  const [stocks, harvests, deaths] = await Promise.all([
    db.stocks.where('pond_id').equals(pondId).toArray(),
    db.harvests.where('pond_id').equals(pondId).toArray(),
    db.deaths.where('pond_id').equals(pondId).toArray(),
  ]);
  const live = visible(stocks).sort(byNewest((s) => s.stock_date));
  const liveHarvests = visible(harvests).sort(byNewest((h) => h.harvested_on));
  const latest = live[0] ?? null;
  const active = live.find((s) => !isClosed(s, liveHarvests)) ?? null;
  return {
    stocks: live,
    active,
    latest,
    harvests: liveHarvests,
    deaths: visible(deaths).sort(byNewest((d) => d.died_on)),
  };
}

export function usePondProduction(db: TambakDb, pondId: string | undefined): PondProduction | undefined {
  return useLiveMirror(
    pondId ? `pond-production:${pondId}` : null,
    (db) => readPondProduction(db, pondId as string),
    db,
  ).data;
}

/** Records of one stocking (for the population rule of a form). */
export function recordsOf(p: PondProduction, stockId: string) {
  return {
    harvests: p.harvests.filter((h) => h.stock_id === stockId),
    deaths: p.deaths.filter((d) => d.stock_id === stockId),
  };
}

/**
 * Stocks a pond on the phone. The cycle it goes into: the pond's active cycle in the
 * mirror, else a new id the server gives the cycle it starts (AddStockBody.cycle_id).
 */
export async function createStock(
  db: TambakDb,
  input: {
    farmId: string;
    pondId: string;
    areaM2: number;
    fields: Omit<Stock, keyof Stock> & Partial<Stock>;
    /** Seed photos, saved with the stocking in one transaction (uploaded behind it). */
    photos?: NewPhoto[];
  },
): Promise<string> {
  const cycles = visible(await db.cycles.where('pond_id').equals(input.pondId).toArray()) as Local<Cycle>[];
  const activeCycle = cycles.find((c) => c.end_date === 0);
  const stockId = newId();
  const seed = Number(input.fields.seed_actual ?? 0);
  const record: Partial<Stock> = {
    ...input.fields,
    stock_id: stockId,
    farm_id: input.farmId,
    pond_id: input.pondId,
    cycle_id: activeCycle?.cycle_id ?? newId(),
    is_harvest: false,
    seed_photo: null,
    density: densityPerM2(seed, input.areaM2),
  };
  const target = { farmId: input.farmId, recordType: 'stock', recordId: stockId, pondId: input.pondId };
  await saveRecordsWithPhotos(db, STOCKS, [record], [{ target, photos: input.photos ?? [] }]);
  return stockId;
}

export async function createHarvest(db: TambakDb, stock: Stock, fields: Partial<Harvest>): Promise<string> {
  const harvestId = newId();
  await harvestRepo(db).create([
    {
      ...fields,
      harvest_id: harvestId,
      stock_id: stock.stock_id,
      farm_id: stock.farm_id,
      pond_id: stock.pond_id,
      cycle_id: stock.cycle_id,
    },
  ]);
  return harvestId;
}

export async function createDeath(db: TambakDb, stock: Stock, fields: Partial<Death>): Promise<string> {
  const deathId = newId();
  await deathRepo(db).create([
    {
      ...fields,
      death_id: deathId,
      stock_id: stock.stock_id,
      farm_id: stock.farm_id,
      pond_id: stock.pond_id,
      cycle_id: stock.cycle_id,
    },
  ]);
  return deathId;
}
