import { useLiveMirror } from '#components/use-live-mirror.ts';
import type { TambakDb } from '#local/db';
import { visible } from '#local/visible';
import {
  abw as abwOf,
  type CycleForecast,
  doc,
  farmPrior,
  forecastCycle,
  type GrowthPoint,
  harvestInput,
  suggestedPriceList,
} from '#shared/domain/figures';

export interface PondForecastData {
  forecast: CycleForecast | null;
  /** The pond's samplings of the running cycle (DOC, ABW), for the chart. */
  points: GrowthPoint[];
  stockDate: string | null;
}

/**
 * A pond's forecast from the mirror alone (offline), with the same shared function as
 * GET /api/forecast: the running stocking's samplings, deaths and harvests; the farm
 * prior from the finished stockings whose samplings the device holds; prices suggested by
 * the farm's harvests.
 */
export async function readPondForecast(
  db: TambakDb,
  farmId: string,
  pondId: string,
  today: string,
  targets: readonly number[],
): Promise<PondForecastData> {
  const [stocks, harvests, deaths, samplings] = await Promise.all([
    db.stocks.where('farm_id').equals(farmId).toArray(),
    db.harvests.where('farm_id').equals(farmId).toArray(),
    db.deaths.where('pond_id').equals(pondId).toArray(),
    db.samplings.where('farm_id').equals(farmId).toArray(),
  ]);
  const liveStocks = visible(stocks);
  const liveHarvests = visible(harvests);
  const liveSamplings = visible(samplings);
  const closed = (stockId: string) => liveHarvests.some((h) => h.stock_id === stockId && h.type === 'total');
  const active = liveStocks
    .filter((s) => s.pond_id === pondId && !s.is_harvest && !closed(s.stock_id))
    .sort((a, b) => b.stock_date.localeCompare(a.stock_date))[0];
  if (!active) return { forecast: null, points: [], stockDate: null };
  const pointsOf = (cycleId: string, stockDate: string): GrowthPoint[] =>
    liveSamplings
      .filter((x) => x.cycle_id === cycleId)
      .map((x) => ({
        doc: doc(stockDate, x.sampled_on) ?? 0,
        abw: abwOf(x.sample_weight, x.shrimp_count) ?? 0,
      }))
      .filter((p) => p.doc > 0 && p.abw > 0)
      .sort((a, b) => a.doc - b.doc);
  const finished = liveStocks.filter((s) => s.is_harvest || closed(s.stock_id));
  const prior = farmPrior(
    finished.map((s) => ({ points: pointsOf(s.cycle_id, s.stock_date), stockDate: s.stock_date })),
  );
  const prices = suggestedPriceList(liveHarvests, today);
  const forecast = forecastCycle({
    stock: { stock_date: active.stock_date, seed_actual: active.seed_actual, is_harvest: false },
    areaM2: 0,
    deaths: visible(deaths).filter((d) => d.stock_id === active.stock_id),
    harvests: liveHarvests.filter((h) => h.stock_id === active.stock_id).map(harvestInput),
    samplings: liveSamplings
      .filter((x) => x.cycle_id === active.cycle_id)
      .map((x) => ({
        sampled_on: x.sampled_on,
        sample_weight: x.sample_weight,
        shrimp_count: x.shrimp_count,
      })),
    feedKg: null,
    today,
    prior,
    targets,
    prices,
  });
  return { forecast, points: pointsOf(active.cycle_id, active.stock_date), stockDate: active.stock_date };
}

export function usePondForecast(
  db: TambakDb,
  farmId: string,
  pondId: string,
  today: string,
  targets: readonly number[],
) {
  return useLiveMirror(
    `pond-forecast:${farmId}:${pondId}:${today}:${targets.join(',')}`,
    (db) => readPondForecast(db, farmId, pondId, today, targets),
    db,
  ).data;
}
