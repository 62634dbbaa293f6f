import { useLiveQuery } from 'dexie-react-hooks';
import type { TambakDb } from '#local/db';
import { visible } from '#local/visible';
import type { SamplingFacts } from '#shared/domain/figures';
import { buildOverview, type SamplingSnapshot } from './overview-model.ts';
import { farmDay } from './production-model.ts';

/**
 * A farm's samplings from the device's mirror (`samplings` store, unsent entries
 * included): the latest two per cycle, as GET /api/overview takes them (newest day, then
 * newest id). `asOf` is when the samplings were last pulled from the server, null before.
 */
export async function mirrorSamplings(db: TambakDb, farmId: string): Promise<SamplingSnapshot> {
  const [rows, cursor] = await Promise.all([
    db.samplings.where('farm_id').equals(farmId).toArray(),
    db.syncState.get(`cursor:samplings:${farmId}`),
  ]);
  const newestFirst = visible(rows).sort(
    (a, b) => b.sampled_on.localeCompare(a.sampled_on) || b.id.localeCompare(a.id),
  );
  const byCycle = new Map<string, SamplingFacts[]>();
  for (const s of newestFirst) {
    const list = byCycle.get(s.cycle_id) ?? [];
    if (list.length < 2)
      list.push({ sampled_on: s.sampled_on, sample_weight: s.sample_weight, shrimp_count: s.shrimp_count });
    byCycle.set(s.cycle_id, list);
  }
  return { byCycle, asOf: cursor?.pulledAt ? new Date(cursor.pulledAt).toISOString() : null };
}

/**
 * The overview of a farm's active stockings, all from the mirror (stockings, harvests,
 * deaths and samplings: it works fully offline and follows every save and pull), plus
 * when its parts were last pulled.
 */
export function useOverview(db: TambakDb, farmId: string) {
  return useLiveQuery(async () => {
    const [ponds, stocks, harvests, deaths, samplings, cursor] = await Promise.all([
      db.ponds.where('farm_id').equals(farmId).toArray(),
      db.stocks.where('farm_id').equals(farmId).toArray(),
      db.harvests.where('farm_id').equals(farmId).toArray(),
      db.deaths.where('farm_id').equals(farmId).toArray(),
      mirrorSamplings(db, farmId),
      db.syncState.get(`cursor:stocks:${farmId}`),
    ]);
    const overview = buildOverview({
      ponds: visible(ponds),
      stocks: visible(stocks),
      harvests: visible(harvests),
      deaths: visible(deaths),
      samplings,
      today: farmDay(),
    });
    return { ...overview, pulledAt: cursor?.pulledAt ?? null, samplingAsOf: samplings.asOf };
  }, [db, farmId]);
}
