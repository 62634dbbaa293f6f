import { v7 as uuidv7 } from 'uuid';
import { useLiveMirror } from '#components/use-live-mirror.ts';
import type { Local, TambakDb } from '#local/db';
import { enqueueAction } from '#local/outbox';
import { syncControl } from '#local/sync/status';
import { visible } from '#local/visible';
import type { Cycle } from '#shared/contracts/cycle';
import type { Death } from '#shared/contracts/death';
import type { Pond } from '#shared/contracts/farm';
import type { FarmPrice } from '#shared/contracts/farm-price';
import type { FinanceTransaction } from '#shared/contracts/finance';
import type { Harvest } from '#shared/contracts/harvest';
import type { Sampling } from '#shared/contracts/sampling';
import type { Stock } from '#shared/contracts/stock';
import type { Movement, WarehouseItem } from '#shared/contracts/warehouse';
import {
  abw as abwOf,
  type CycleForecast,
  type CycleSpan,
  DEFAULT_TARGET_SIZES,
  doc,
  type ExpenseSharer,
  expenseSharer,
  type ForecastInput,
  farmPrior,
  forecastCycle,
  forecastMoney,
  type GrowthPoint,
  type GrowthPrior,
  type HarvestProjection,
  harvestInput,
  harvestOn,
  type PriceList,
  type PricePoint,
  type PriceSource,
  priceListOn,
  priceListsFromRows,
  suggestedPriceList,
} from '#shared/domain/figures';

export interface PondForecastData {
  forecast: CycleForecast | null;
  /** The pond's samplings of the running cycle (DOC, ABW), for the chart. */
  points: GrowthPoint[];
  stockDate: string | null;
  /** Where revenue's prices come from (the farm's list, past harvests' suggestion, none). */
  priceSource: PriceSource;
  /** The cycle's cost so far (Rp), null when this phone holds no finance (no access). */
  costToDate: number | null;
  /** The forecast's input, kept for a harvest on a chosen day (`harvestOn`). */
  input: ForecastInput | null;
}

type Stocks = Local<Stock>[];
const kick = () => void syncControl().then((c) => c.syncNow());

/** The farm's running stockings: not marked harvested and without a total harvest. */
function runningOf(stocks: Stocks, harvests: { stock_id: string; type: string }[]) {
  const closed = (stockId: string) => harvests.some((h) => h.stock_id === stockId && h.type === 'total');
  return {
    running: stocks.filter((s) => !s.is_harvest && !closed(s.stock_id)),
    finished: stocks.filter((s) => s.is_harvest || closed(s.stock_id)),
  };
}

/** The farm's target sizes from the mirror (the defaults when it set none). */
async function targetsOf(db: TambakDb, farmId: string): Promise<{ sizes: number[]; isDefault: boolean }> {
  const row = await db.forecastSettings.get(farmId);
  return row && !row._deleted && row.target_sizes.length > 0
    ? { sizes: row.target_sizes, isDefault: row.is_default }
    : { sizes: [...DEFAULT_TARGET_SIZES], isDefault: true };
}

/** What every pond's forecast of a farm is computed from: the mirror's rows, read once. */
interface ForecastBase {
  running: Stocks;
  harvests: Local<Harvest>[];
  deaths: Local<Death>[];
  samplings: Local<Sampling>[];
  prior: GrowthPrior;
  priceRows: Local<FarmPrice>[];
  /** Null when this phone holds no finance of the farm (no access: none pulled). */
  transactions: Local<FinanceTransaction>[] | null;
  movements: Local<Movement>[];
  items: Local<WarehouseItem>[];
  targets: number[];
  /** The farm's expenses shared among its cycles by pond area (ADR 0128), as the server shares them. */
  share: ExpenseSharer;
}

/**
 * The farm's cycles with their pond's area, as the sharing of its expenses reads them; a
 * running stocking whose cycle this phone does not hold yet runs from its stocking day.
 */
function spansOf(
  cycles: readonly Local<Cycle>[],
  ponds: readonly Local<Pond>[],
  running: readonly Local<Stock>[],
): CycleSpan[] {
  const area = new Map(ponds.map((p) => [p.pond_id, Number(p.area)]));
  const spans: CycleSpan[] = cycles
    .filter((c) => !c.deleted_at)
    .map((c) => ({
      cycle_id: c.cycle_id,
      area_m2: area.get(c.pond_id) ?? 0,
      start: c.start_date,
      end: c.end_date === 0 ? null : c.end_date,
    }));
  const held = new Set(spans.map((s) => s.cycle_id));
  for (const s of running)
    if (!held.has(s.cycle_id))
      spans.push({ cycle_id: s.cycle_id, area_m2: area.get(s.pond_id) ?? 0, start: s.stock_date, end: null });
  return spans;
}

const pointsOf = (samplings: readonly Sampling[], cycleId: string, stockDate: string): GrowthPoint[] =>
  samplings
    .filter((x) => x.cycle_id === cycleId)
    .map((x) => ({
      doc: doc(stockDate, x.sampled_on) ?? 0,
      abw: abwOf(x.sample_weight, x.shrimp_count) ?? 0,
    }))
    .filter((p) => p.doc > 0 && p.abw > 0)
    .sort((a, b) => a.doc - b.doc);

/** The mirror's rows a forecast reads: one pond's deaths, or (pondId null) the farm's. */
async function readBase(
  db: TambakDb,
  farmId: string,
  pondId: string | null,
  today: string,
): Promise<ForecastBase> {
  const [
    stocks,
    harvests,
    deaths,
    samplings,
    priceRows,
    transactions,
    movements,
    items,
    targets,
    cycles,
    ponds,
  ] = await Promise.all([
    db.stocks.where('farm_id').equals(farmId).toArray(),
    db.harvests.where('farm_id').equals(farmId).toArray(),
    pondId === null
      ? db.deaths.where('farm_id').equals(farmId).toArray()
      : db.deaths.where('pond_id').equals(pondId).toArray(),
    db.samplings.where('farm_id').equals(farmId).toArray(),
    db.farmPrices.where('farm_id').equals(farmId).toArray(),
    db.financeTransactions.where('farm_id').equals(farmId).toArray(),
    db.warehouseMovements.where('farm_id').equals(farmId).toArray(),
    db.warehouseItems.where('farm_id').equals(farmId).toArray(),
    targetsOf(db, farmId),
    db.cycles.where('farm_id').equals(farmId).toArray(),
    db.ponds.where('farm_id').equals(farmId).toArray(),
  ]);
  const liveHarvests = visible(harvests);
  const liveSamplings = visible(samplings);
  const { running, finished } = runningOf(visible(stocks), liveHarvests);
  const liveTransactions = visible(transactions).filter((t) => !t.deleted_at);
  return {
    running,
    harvests: liveHarvests,
    deaths: visible(deaths),
    samplings: liveSamplings,
    prior: farmPrior(
      finished.map((s) => ({
        points: pointsOf(liveSamplings, s.cycle_id, s.stock_date),
        stockDate: s.stock_date,
      })),
    ),
    priceRows: visible(priceRows),
    transactions: liveTransactions.length > 0 ? liveTransactions : null,
    movements: visible(movements).filter((m) => m.kind === 'use' && !m.deleted_at),
    items: visible(items),
    targets: targets.sizes,
    share: expenseSharer(spansOf(visible(cycles), visible(ponds), running), today),
  };
}

const NONE = {
  forecast: null,
  points: [],
  stockDate: null,
  priceSource: 'none' as const,
  costToDate: null,
  input: null,
};

/** One pond's forecast from the farm's base: its newest running stocking, else none. */
function pondForecastFrom(base: ForecastBase, pondId: string, today: string): PondForecastData {
  const active = base.running
    .filter((s) => s.pond_id === pondId)
    .sort((a, b) => b.stock_date.localeCompare(a.stock_date))[0];
  if (!active) return NONE;
  const money = forecastMoney({
    priceRows: base.priceRows,
    harvests: base.harvests,
    transactions: base.transactions,
    uses: base.movements.filter((m) => m.cycle_id === active.cycle_id),
    items: base.items,
    cycleId: active.cycle_id,
    share: base.share,
    from: active.stock_date,
    today,
  });
  const input: ForecastInput = {
    stock: { stock_date: active.stock_date, seed_actual: active.seed_actual, is_harvest: false },
    areaM2: 0,
    deaths: base.deaths.filter((d) => d.stock_id === active.stock_id),
    harvests: base.harvests.filter((h) => h.stock_id === active.stock_id).map(harvestInput),
    samplings: base.samplings
      .filter((x) => x.cycle_id === active.cycle_id)
      .map((x) => ({
        sampled_on: x.sampled_on,
        sample_weight: x.sample_weight,
        shrimp_count: x.shrimp_count,
      })),
    feedKg: null,
    today,
    prior: base.prior,
    targets: base.targets,
    prices: money.prices,
    costToDate: money.costToDate,
    feedPricePerKg: money.feedPricePerKg,
  };
  return {
    forecast: forecastCycle(input),
    points: pointsOf(base.samplings, active.cycle_id, active.stock_date),
    stockDate: active.stock_date,
    priceSource: money.priceSource,
    costToDate: money.costToDate,
    input,
  };
}

/**
 * A pond's forecast from the mirror alone (offline), with the same shared functions as
 * GET /api/forecast: the running stocking's samplings, deaths and harvests; the farm
 * prior from the finished stockings whose samplings the device holds; the farm's target
 * sizes; its price list (else the prices past harvests suggest) and the cost to date as the
 * finance HPP counts it (`forecastMoney`), from the finance and warehouse records it holds.
 */
export async function readPondForecast(
  db: TambakDb,
  farmId: string,
  pondId: string,
  today: string,
): Promise<PondForecastData> {
  return pondForecastFrom(await readBase(db, farmId, pondId, today), pondId, today);
}

/** Every running pond's forecast (the cycle overview), from one read of the mirror: the pond page's numbers. */
export async function readFarmForecasts(
  db: TambakDb,
  farmId: string,
  today: string,
): Promise<{ pondId: string; data: PondForecastData }[]> {
  const base = await readBase(db, farmId, null, today);
  const ponds = [...new Set(base.running.map((s) => s.pond_id))];
  return ponds.map((pondId) => ({ pondId, data: pondForecastFrom(base, pondId, today) }));
}

export function useFarmForecasts(db: TambakDb, farmId: string, today: string) {
  return useLiveMirror(`farm-forecasts:${farmId}:${today}`, (db) => readFarmForecasts(db, farmId, today), db)
    .data;
}

export function usePondForecast(db: TambakDb, farmId: string, pondId: string, today: string) {
  return useLiveMirror(
    `pond-forecast:${farmId}:${pondId}:${today}`,
    (db) => readPondForecast(db, farmId, pondId, today),
    db,
  ).data;
}

/** What a harvest on a chosen day gives, from the forecast's own input (same shared function as the API). */
export function harvestOnDay(data: PondForecastData, date: string): HarvestProjection | null {
  return data.input ? harvestOn(data.input, date) : null;
}

export interface PriceSettings {
  rows: Local<FarmPrice>[];
  /** The farm's lists by day, oldest first. */
  lists: PriceList[];
  /** The list in force today, null when the farm has none. */
  current: PriceList | null;
  /** The list the farm's past harvests suggest (null without harvest prices). */
  suggestion: PriceList | null;
  targets: number[];
  targetsDefault: boolean;
  /** The ABW of each running pond's last sampling (a target every one has passed is refused). */
  runningAbws: number[];
}

/** The Settings → Prices tab's data, from the mirror. */
export async function readPriceSettings(db: TambakDb, farmId: string, today: string): Promise<PriceSettings> {
  const [rows, harvests, stocks, samplings, targets] = await Promise.all([
    db.farmPrices.where('farm_id').equals(farmId).toArray(),
    db.harvests.where('farm_id').equals(farmId).toArray(),
    db.stocks.where('farm_id').equals(farmId).toArray(),
    db.samplings.where('farm_id').equals(farmId).toArray(),
    targetsOf(db, farmId),
  ]);
  const live = visible(rows);
  const lists = priceListsFromRows(live);
  const liveHarvests = visible(harvests);
  const { running } = runningOf(visible(stocks), liveHarvests);
  const liveSamplings = visible(samplings);
  const runningAbws = running.flatMap((s) => {
    const last = liveSamplings
      .filter((x) => x.cycle_id === s.cycle_id)
      .sort((a, b) => b.sampled_on.localeCompare(a.sampled_on))[0];
    const abw = last ? abwOf(last.sample_weight, last.shrimp_count) : null;
    return abw !== null && abw > 0 ? [abw] : [];
  });
  return {
    rows: live,
    lists,
    current: priceListOn(lists, today),
    suggestion: suggestedPriceList(liveHarvests, today),
    targets: targets.sizes,
    targetsDefault: targets.isDefault,
    runningAbws,
  };
}

export function usePriceSettings(db: TambakDb, farmId: string, today: string) {
  return useLiveMirror(`price-settings:${farmId}:${today}`, (db) => readPriceSettings(db, farmId, today), db);
}

/**
 * Saves the list of one day whole, on this phone at once and on the server through the
 * outbox: a size kept keeps its row id, a new size gets a device id the server keeps, the
 * day's sizes left out are hidden until the server confirms their removal.
 */
export async function savePriceList(
  db: TambakDb,
  farmId: string,
  validFrom: string,
  prices: readonly PricePoint[],
  existing: readonly Local<FarmPrice>[],
): Promise<void> {
  const ofDay = existing.filter((r) => r.valid_from === validFrom);
  const now = new Date().toISOString();
  const kept = prices.map((p) => ({
    price_id: ofDay.find((r) => r.size === p.size)?.price_id ?? uuidv7(),
    farm_id: farmId,
    valid_from: validFrom,
    size: p.size,
    price_per_kg: p.price_per_kg,
    updated_at: now,
  }));
  const gone = ofDay
    .filter((r) => !prices.some((p) => p.size === r.size))
    .map((r) => ({ ...r, _deleted: true }));
  await enqueueAction(db, {
    method: 'POST',
    url: '/api/farmPrice',
    body: {
      farm_id: farmId,
      valid_from: validFrom,
      prices: kept.map((r) => ({ price_id: r.price_id, size: r.size, price_per_kg: r.price_per_kg })),
    },
    table: 'farmPrices',
    rows: [...kept, ...gone] as never,
  });
  kick();
}

/** Saves the farm's target sizes (largest count first) through the outbox. */
export async function saveTargetSizes(db: TambakDb, farmId: string, sizes: readonly number[]): Promise<void> {
  await enqueueAction(db, {
    method: 'POST',
    url: '/api/forecastSetting',
    body: { farm_id: farmId, target_sizes: sizes },
    table: 'forecastSettings',
    rows: [{ farm_id: farmId, target_sizes: [...sizes], is_default: false }],
  });
  kick();
}
