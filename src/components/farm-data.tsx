import { useParams } from '@tanstack/react-router';
import { useEffect, useMemo } from 'react';
import { useSyncStatusField } from '#components/sync-status.ts';
import { api, networkError } from '#local/api-client';
import type { Local, TambakDb } from '#local/db';
import { syncControl } from '#local/sync/status';
import { visible } from '#local/visible';
import type { Block, Farm, FarmInfo, Pond } from '#shared/contracts/farm';
import { sortByName } from '#shared/domain/natural-sort';
import {
  ACTION,
  type Action,
  DEFAULT_PERMISSIONS,
  type Feature,
  type RoleId,
} from '#shared/domain/permissions';
import { useSession } from './session.tsx';
import { type Fetched, useFetched } from './use-fetched.ts';
import { showLive, useLiveMirror } from './use-live-mirror.ts';

/**
 * Farm structure shared by the shell and the farm, settings, profile, water and cycle
 * features. Farms, blocks and ponds are read from the Dexie mirror (live: a local save,
 * a sync or a pull re-renders at once, offline too); the sync engine fills it. Sorted
 * by name with numeric ordering (seed 000 §4). The hooks keep the `{ data, error,
 * loading, reload }` shape of the API-backed versions they replaced; rows carry their
 * sync fields (`_status` pending / failed) so lists can mark unsent changes.
 *
 * Loading vs empty: a list counts as loaded once its pull answered (pull cursor) or rows
 * exist. Until then it is loading; if the last sync run could not reach the server, it
 * is a network error instead, so a phone without signal on first use shows a retry, not
 * "register a farm" (farm-load.ts).
 */
export const farmKeys = {
  farms: 'farms',
  info: (farmId: string) => `farm-info:${farmId}`,
  blocks: (farmId: string) => `blocks:${farmId}`,
  ponds: (farmId: string) => `ponds:${farmId}`,
};

/** Same key as sync/pull.ts cursorKey (a type-free copy: that module would load Dexie). */
const cursorKey = (resource: string, farmId: string | null) => `cursor:${resource}:${farmId ?? '*'}`;

type Listed<T> = { rows: Local<T>[]; pulled: boolean };

/** The lists the mirror pulls (src/local/resources.ts), read directly by embed links. */
const LIST_URL = { farms: '/farm', blocks: '/block', ponds: '/pond' } as const;
type MirrorResource<T> = Fetched<T[]>;

async function readList<T>(
  db: TambakDb,
  table: 'farms' | 'blocks' | 'ponds',
  farmId: string | null,
  name: (row: Local<T>) => string,
): Promise<Listed<T>> {
  const source = db.mirror(table);
  // One read transaction for the rows and their cursor (two, after every write to either).
  const [rows, cursor] = await db.transaction('r', source, db.syncState, () =>
    Promise.all([
      farmId ? source.where('farm_id').equals(farmId).toArray() : source.toArray(),
      db.syncState.get(cursorKey(table, farmId)),
    ]),
  );
  return { rows: sortByName(visible(rows) as Local<T>[], name), pulled: cursor?.pulledAt !== undefined };
}

function useMirrorList<T>(
  key: string | null,
  table: 'farms' | 'blocks' | 'ponds',
  farmId: string | null,
  name: (row: Local<T>) => string,
): MirrorResource<Local<T>> {
  const pullFailed = useSyncStatusField('pullFailed');
  // An embed link (ADR 0018) has no sync engine and no mirror of its own: it reads online.
  const embed = useSession()?.embed === true;
  const live = useLiveMirror<Listed<T>>(embed ? null : key, (db) => readList(db, table, farmId, name));
  const online = useFetched(embed && key ? `embed:${key}` : null, async () =>
    sortByName(await api.get<Local<T>[]>(LIST_URL[table], farmId ? { farm_id: farmId } : undefined), name),
  );
  if (embed) return online;
  const loaded = live.data && (live.data.pulled || live.data.rows.length > 0);
  const data = loaded ? live.data?.rows : undefined;
  const error = live.error ?? (!data && key && pullFailed ? networkError() : undefined);
  return {
    data,
    error,
    loading: Boolean(key) && !data && !error,
    reload: () => void syncControl().then((control) => control.syncNow()),
  };
}

/**
 * Puts a farm the server just made or joined into the mirror, shows it to every reader of
 * the farm list at once and remembers it, before the caller opens it. The list's live query
 * answers a moment after the write: the farm gate of the screen opened next could read the
 * list from before and send the user back to "register a farm" (an e2e run of stop 46).
 */
export async function mirrorNewFarm(farm: Farm): Promise<void> {
  // The mirror's module (Dexie) is the data chunk's: not downloaded with the shell.
  const { getDb } = await import('#local/db');
  const db = getDb();
  // Marked as taken in now: a farm list asked before the join does not drop it (apply-rows.ts).
  await db.farms.put({ ...farm, _status: 'synced', _takenAt: Date.now() });
  showLive(farmKeys.farms, await readList<Farm>(db, 'farms', null, (f) => f.name));
  rememberFarm(farm.farm_id);
}

export function useFarms(): MirrorResource<Local<Farm>> {
  return useMirrorList<Farm>(farmKeys.farms, 'farms', null, (farm) => farm.name);
}

export function useBlocks(farmId: string | undefined): MirrorResource<Local<Block>> {
  return useMirrorList<Block>(
    farmId ? farmKeys.blocks(farmId) : null,
    'blocks',
    farmId ?? null,
    (b) => b.block_name,
  );
}

export function usePonds(farmId: string | undefined): MirrorResource<Local<Pond>> {
  return useMirrorList<Pond>(farmId ? farmKeys.ponds(farmId) : null, 'ponds', farmId ?? null, (p) => p.name);
}

/**
 * Counts of the farm home. Online, with the worker's cached answer as the offline
 * fallback: stockings and members are not mirrored, so the mirror cannot count them.
 * Blocks and ponds are counted from the mirror, so a pond added offline counts at once.
 */
export function useFarmInfo(farmId: string | undefined) {
  const online = useFetched(farmId ? farmKeys.info(farmId) : null, () =>
    api.get<FarmInfo>(`/farm/${farmId}/info`),
  );
  const blocks = useBlocks(farmId);
  const ponds = usePonds(farmId);
  const data = useMemo<FarmInfo | undefined>(() => {
    if (!online.data) return undefined;
    return {
      ...online.data,
      block_count: blocks.data?.length ?? online.data.block_count,
      pond_count: ponds.data?.length ?? online.data.pond_count,
    };
  }, [online.data, blocks.data, ponds.data]);
  return { ...online, data };
}

/**
 * Tells the sync engine which farm the route shows (pull its data; drafts of other farms
 * are cleared). Only for a farm of the user's list: a mistyped URL must not wipe drafts.
 */
export function useSyncedFarm(farmId: string | undefined): void {
  const { data: farms } = useFarms();
  const known = Boolean(farmId && farms?.some((farm) => farm.farm_id === farmId));
  useEffect(() => {
    if (farmId && known) void syncControl().then((control) => control.setFarm(farmId));
  }, [farmId, known]);
}

/** farm_id of the current route, if it has one. */
export function useRouteFarmId(): string | undefined {
  const params = useParams({ strict: false }) as { farm_id?: string };
  return params.farm_id;
}

/** The farm the route points at, from the user's farm list. */
export function useCurrentFarm(): {
  farm: Farm | undefined;
  farms: Farm[] | undefined;
  loading: boolean;
  error: unknown;
} {
  const farmId = useRouteFarmId() ?? rememberedFarmId();
  const { data, loading, error } = useFarms();
  const farm = useMemo(() => data?.find((f) => f.farm_id === farmId) ?? data?.[0], [data, farmId]);
  return { farm, farms: data, loading, error };
}

/** The level the user has on a feature of this farm (-1 none … 2 edit), seed 000 §6. */
export function featureAction(farm: Farm | undefined, feature: Feature): Action {
  if (!farm) return ACTION.none;
  const row = farm.permissions.find((p) => p.feature_name === feature);
  if (row) return row.action as Action;
  return DEFAULT_PERMISSIONS[farm.role_id as RoleId]?.[feature] ?? ACTION.none;
}

export function can(farm: Farm | undefined, feature: Feature, level: Action): boolean {
  return featureAction(farm, feature) >= level;
}

export const LAST_FARM_KEY = 'tambak:last-farm';

/** The farm opened last on this device, so the app opens "on his farm" (JOURNEYS.md). */
export function rememberedFarmId(): string | undefined {
  try {
    return globalThis.localStorage?.getItem(LAST_FARM_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export function rememberFarm(farmId: string): void {
  try {
    globalThis.localStorage?.setItem(LAST_FARM_KEY, farmId);
  } catch {
    // storage unavailable: the first farm opens next time
  }
}
