import { useMemo } from 'react';
import { can } from '#components/farm-data';
import { useSession } from '#components/session';
import { useFetched } from '#components/use-fetched.ts';
import { useLiveMirror } from '#components/use-live-mirror.ts';
import { api } from '#local/api-client';
import type { TambakDb } from '#local/db';
import {
  FIRST_READING_DAYS,
  RECENT_READING_DAYS,
  type ResourceDescriptor,
  WATER_BIOLOGICAL,
  WATER_CHEMICAL,
  WATER_GENERAL,
} from '#local/resources';
import { cursorKey, fillKey } from '#local/sync/pull';
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
const RESOURCES: Record<WaterKind, ResourceDescriptor> = {
  general: WATER_GENERAL,
  chemical: WATER_CHEMICAL,
  biological: WATER_BIOLOGICAL,
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
export async function readDay(
  db: TambakDb,
  farmId: string,
  kind: WaterKind,
  day: string,
  today = deviceToday(),
) {
  const resource = RESOURCES[kind];
  const [rows, cursor, filling] = await Promise.all([
    db
      .mirror(resource.table)
      .where('measured_at')
      .between(shiftDay(day, -1), shiftDay(day, 2))
      .filter((row) => row.farm_id === farmId)
      .toArray(),
    db.syncState.get(cursorKey(resource.name, farmId)),
    db.syncState.get(fillKey(resource.name, farmId)),
  ]);
  // The device keeps the last RECENT_READING_DAYS of readings (the first FIRST_READING_DAYS
  // until the rest has come): a pond without a reading on a day it has not pulled, or before
  // that window, may have one on the server.
  const kept = filling ? FIRST_READING_DAYS : RECENT_READING_DAYS;
  return {
    readings: visible(rows) as unknown as ReviewReading[],
    /** Every row the device holds for the day, deleted ones too (a deletion not sent yet). */
    held: rows.map((row) => String(row.id)),
    covered: Boolean(cursor?.pulledAt) && day > shiftDay(today, -kept),
  };
}

/**
 * The day's readings: the mirror's, and for a day the device does not keep (older than its
 * window, or before the first pull) the server's too, asked once online and kept for offline.
 * `final` is false while a pond marked "not entered" may still have readings somewhere.
 */
export function useDayReadings(farmId: string, kind: WaterKind, day: string) {
  const local = useLiveMirror(`review:${farmId}:${kind}:${day}`, (db) => readDay(db, farmId, kind, day)).data;
  const askServer = local !== undefined && !local.covered;
  const server = useFetched(askServer ? `review-day:${farmId}:${kind}:${day}` : null, () =>
    api.get<ReviewReading[]>(`/water/${kind}`, { farm_id: farmId, from: day, to: day }),
  );
  return useMemo(() => {
    if (!local) return undefined;
    if (local.covered) return { readings: local.readings, final: true, offline: false };
    if (!server.data) return { readings: local.readings, final: false, offline: Boolean(server.error) };
    // The device's own rows win: they hold edits not sent yet.
    const mine = new Set(local.held);
    const theirs = server.data.filter((r) => !mine.has(r.id)).map((r) => ({ ...r, _status: 'synced' }));
    return { readings: [...local.readings, ...(theirs as ReviewReading[])], final: true, offline: false };
  }, [local, server.data, server.error]);
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
