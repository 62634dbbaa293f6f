import { useMemo } from 'react';
import { can } from '#components/farm-data';
import { useSession } from '#components/session';
import { useFetched } from '#components/use-fetched.ts';
import { useLiveMirror } from '#components/use-live-mirror.ts';
import { useServerDay } from '#components/use-server-day';
import { api } from '#local/api-client';
import type { TambakDb } from '#local/db';
import { type ResourceDescriptor, WATER_BIOLOGICAL, WATER_CHEMICAL, WATER_GENERAL } from '#local/resources';
import { visible } from '#local/visible';
import type { Farm, UserFarm } from '#shared/contracts/farm';
import { addDays } from '#shared/domain/chart-range';
import { ACTION } from '#shared/domain/permissions';
import type { WaterKind } from '#shared/domain/water-fields';
import { mergeStandards, type WaterStandard } from '#shared/domain/water-standards';
import type { ReviewReading } from './review-model.ts';

/**
 * What the review table reads, live from the Dexie mirror (offline too; a pull or a local
 * save re-renders it): one day's readings of one kind, and the farm's standards.
 */
const RESOURCES: Record<WaterKind, ResourceDescriptor> = {
  general: WATER_GENERAL,
  chemical: WATER_CHEMICAL,
  biological: WATER_BIOLOGICAL,
};

/**
 * measured_at is ISO text with the keeper's offset, so its date part is his day; the index
 * range spans a day either side (offsets up to ±14 h) and the model keeps the exact day.
 */
export async function readDay(db: TambakDb, farmId: string, kind: WaterKind, day: string) {
  const rows = await db
    .mirror(RESOURCES[kind].table)
    .where('measured_at')
    .between(addDays(day, -1), addDays(day, 2))
    .filter((row) => row.farm_id === farmId)
    .toArray();
  return visible(rows) as unknown as ReviewReading[];
}

/**
 * The day's readings: the mirror's, and for a day the device does not keep (older than its
 * window, or before the first pull) the server's too, asked once online and kept for offline
 * (useServerDay). `final` is false while a pond marked "not entered" may still have readings
 * somewhere.
 */
export function useDayReadings(farmId: string, kind: WaterKind, day: string) {
  const local = useLiveMirror(`review:${farmId}:${kind}:${day}`, (db) => readDay(db, farmId, kind, day)).data;
  const server = useServerDay<ReviewReading>({
    key: `review:${farmId}:${kind}`,
    farmId,
    day,
    resources: [RESOURCES[kind]],
    fetch: (d) => api.get<ReviewReading[]>(`/water/${kind}`, { farm_id: farmId, from: d, to: d }),
  });
  return useMemo(() => {
    if (!local || server.state === 'loading') return undefined;
    return {
      readings: [...local, ...(server.extra as ReviewReading[])],
      final: server.state === 'kept' || server.state === 'fetched',
      offline: server.state === 'offline',
    };
  }, [local, server]);
}

export function useStandards(farmId: string): WaterStandard[] {
  const live = useLiveMirror(`review-standards:${farmId}`, async (db) =>
    visible(await db.waterSettings.where('farm_id').equals(farmId).toArray()),
  );
  return useMemo(
    () =>
      mergeStandards(
        (live.data ?? []).map(({ parameter, slot, min, max }) => ({ parameter, slot, min, max })),
      ),
    [live.data],
  );
}

/**
 * created_by → a person's name. The members list (GET /userFarm) needs the members
 * permission; without it, or offline, the signed-in user still sees his own name and
 * others show as "another user".
 */
export function useMemberNames(farm: Farm): Map<string, string> {
  const session = useSession();
  const allowed = can(farm, 'user_permission', ACTION.view);
  const members = useFetched(allowed ? `review-members:${farm.farm_id}` : null, () =>
    api.get<UserFarm[]>('/userFarm', { farm_id: farm.farm_id }),
  );
  const me = session?.user;
  return useMemo(() => {
    const names = new Map<string, string>();
    for (const member of members.data ?? []) names.set(member.user_id, member.username);
    if (me) names.set(me.id, me.username);
    return names;
  }, [members.data, me]);
}
