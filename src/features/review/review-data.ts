import { useMemo } from 'react';
import { can } from '#components/farm-data';
import { useSession } from '#components/session';
import { useFetched } from '#components/use-fetched.ts';
import { useLiveMirror } from '#components/use-live-mirror.ts';
import { api } from '#local/api-client';
import type { TambakDb } from '#local/db';
import { visible } from '#local/visible';
import type { Farm, UserFarm } from '#shared/contracts/farm';
import { ACTION } from '#shared/domain/permissions';
import type { WaterKind } from '#shared/domain/water-fields';
import { mergeStandards, type WaterStandard } from '#shared/domain/water-standards';
import type { ReviewReading } from './review-model.ts';

/**
 * What the review table reads, live from the Dexie mirror (offline too; a pull or a local
 * save re-renders it): one day's readings of one kind, and the farm's standards.
 */
const TABLES: Record<WaterKind, string> = {
  general: 'waterGeneral',
  chemical: 'waterChemical',
  biological: 'waterBiological',
};

/** YYYY-MM-DD moved by whole days (calendar arithmetic in UTC: no clock, no zone). */
export function shiftDay(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Today on this device's calendar (the farm's wall clock: readings keep the keeper's offset). */
export function deviceToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * measured_at is ISO text with the keeper's offset, so its date part is his day; the index
 * range spans a day either side (offsets up to ±14 h) and the model keeps the exact day.
 */
async function readDay(db: TambakDb, farmId: string, kind: WaterKind, day: string) {
  const rows = await db
    .mirror(TABLES[kind])
    .where('measured_at')
    .between(shiftDay(day, -1), shiftDay(day, 2))
    .filter((row) => row.farm_id === farmId)
    .toArray();
  return visible(rows) as unknown as ReviewReading[];
}

export function useDayReadings(farmId: string, kind: WaterKind, day: string) {
  return useLiveMirror(`review:${farmId}:${kind}:${day}`, (db) => readDay(db, farmId, kind, day));
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
