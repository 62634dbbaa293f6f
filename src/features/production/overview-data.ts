import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { api } from '#local/api-client';
import type { TambakDb } from '#local/db';
import { visible } from '#local/visible';
import type { Overview } from '#shared/contracts/overview';
import { buildOverview, NO_SAMPLINGS, type SamplingSnapshot, type SamplingSource } from './overview-model.ts';
import { farmDay } from './production-model.ts';

/**
 * Samplings as the server's overview answers them (the latest two per active cycle).
 * GET /api/overview is network-first and cached by the service worker (sw/api-cache.ts),
 * so offline it answers the last one seen. Replace with a mirror read once samplings are
 * mirrored (the lead's merge of the sampling domain).
 */
export const serverSamplings: SamplingSource = async (farmId) => {
  const overview = await api.get<Overview>('/overview', { farm_id: farmId });
  return {
    byCycle: new Map(overview.ponds.map((p) => [p.cycle_id, p.last_samplings])),
    asOf: overview.server_time,
  };
};

function useSamplings(farmId: string, source: SamplingSource) {
  const [snapshot, setSnapshot] = useState<SamplingSnapshot | null>(null);
  useEffect(() => {
    let live = true;
    source(farmId).then(
      (s) => live && setSnapshot(s),
      () => live && setSnapshot(NO_SAMPLINGS),
    );
    return () => {
      live = false;
    };
  }, [farmId, source]);
  return snapshot;
}

/** The overview of a farm's active stockings from the mirror, plus when its parts were read. */
export function useOverview(db: TambakDb, farmId: string, source: SamplingSource = serverSamplings) {
  const samplings = useSamplings(farmId, source);
  return useLiveQuery(async () => {
    if (!samplings) return undefined;
    const [ponds, stocks, harvests, deaths, cursor] = await Promise.all([
      db.ponds.where('farm_id').equals(farmId).toArray(),
      db.stocks.where('farm_id').equals(farmId).toArray(),
      db.harvests.where('farm_id').equals(farmId).toArray(),
      db.deaths.where('farm_id').equals(farmId).toArray(),
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
  }, [db, farmId, samplings]);
}
