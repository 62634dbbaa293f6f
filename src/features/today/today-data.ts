import { DateTime } from 'luxon';
import { useEffect, useMemo, useState } from 'react';
import { featureAction } from '#components/farm-data';
import { afterFirstScreen } from '#components/first-screen.ts';
import { pondAction } from '#components/pond-access.ts';
import { loadPresetTimes } from '#components/preset-times.ts';
import { useLiveMirror } from '#components/use-live-mirror.ts';
import { api } from '#local/api-client';
import { getDb, type TambakDb } from '#local/db';
import { cursorKey } from '#local/sync/pull';
import { visible } from '#local/visible';
import type { Farm, Pond } from '#shared/contracts/farm';
import type { FeedSetting } from '#shared/contracts/warehouse';
import { DEFAULT_FEED_PROGRAMME, feedingTimes } from '#shared/domain/feeding';
import { compareNames } from '#shared/domain/natural-sort';
import { ACTION, type Feature } from '#shared/domain/permissions';
import { FEED_CATEGORY_ID } from '#shared/domain/warehouse';
import type { SlotKind, TodayInput, TodayPond } from './today-model.ts';

/** What the Today list needs of the farm's feeding programme, as last read (so it works offline). */
export interface DaySettings {
  feedingsPerDay: number;
  samplingEvery: number;
}

const settingsKey = (farmId: string) => `tambak:day-settings:${farmId}`;

function storedSettings(farmId: string): DaySettings {
  const fallback = {
    feedingsPerDay: DEFAULT_FEED_PROGRAMME.feedings_per_day,
    samplingEvery: DEFAULT_FEED_PROGRAMME.sampling_every_days,
  };
  try {
    const parsed = JSON.parse(
      globalThis.localStorage?.getItem(settingsKey(farmId)) ?? 'null',
    ) as Partial<DaySettings> | null;
    return { ...fallback, ...parsed };
  } catch {
    return fallback;
  }
}

/**
 * The farm's feedings a day and sampling interval (`/feedIdxSetting`), read when online and
 * kept on the phone; offline (or without the right to read the programme) the last ones
 * read, else the defaults (4 feedings, every 7 days). The read waits for the first screen
 * (first-screen.ts): the day is drawn from the kept settings, and on a slow link the
 * refresh does not compete with the screen's own code and data. Read once per farm and
 * right, not again when the farm's record is replaced by an equal one (the local copy
 * answering after the farm as last opened, a pull).
 */
export function useDaySettings(farm: Farm): DaySettings {
  const farmId = farm.farm_id;
  // The programme is the warehouse's: a member who may not view it keeps the defaults.
  const mayRead = featureAction(farm, 'warehouse') >= ACTION.view;
  const [settings, setSettings] = useState(() => storedSettings(farmId));
  useEffect(() => {
    if (!mayRead) return;
    let live = true;
    afterFirstScreen()
      .then(() => (live ? api.get<FeedSetting>('/feedIdxSetting', { farm_id: farmId }) : undefined))
      .then((p) => {
        if (!p) return;
        const next = {
          feedingsPerDay: p.feedings_per_day,
          samplingEvery: p.sampling_every_days ?? DEFAULT_FEED_PROGRAMME.sampling_every_days,
        };
        globalThis.localStorage?.setItem(settingsKey(farmId), JSON.stringify(next));
        // The same settings as drawn: nothing to draw again.
        if (live)
          setSettings((drawn) =>
            drawn.feedingsPerDay === next.feedingsPerDay && drawn.samplingEvery === next.samplingEvery
              ? drawn
              : next,
          );
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [farmId, mayRead]);
  return settings;
}

const KIND_FEATURE: Record<SlotKind, Feature> = {
  feed: 'warehouse',
  anco: 'cycle',
  water: 'water_quality',
  sampling: 'sampling',
};

/** The farm's wall clock of a reading (the offset it was taken with). */
export function wallClock(measuredAt: string, utcOffset: number): { date: string; time: string } {
  const at = DateTime.fromISO(measuredAt, { zone: 'utc' }).plus({ minutes: utcOffset });
  return { date: at.toISODate() ?? '', time: at.toFormat('HH:mm') };
}

interface Mirror {
  /** Whether the farm's cycles have come to this device (until then the list is loading, not empty). */
  cyclesPulled: boolean;
  arriving: SlotKind[];
  ponds: Pond[];
  starts: Map<string, string>;
  feeds: TodayInput['feeds'];
  ancos: TodayInput['ancos'];
  waters: TodayInput['waters'];
  samplings: TodayInput['samplings'];
}

/** The lists each kind of slot is counted from (their names in src/local/resources.ts). */
const KIND_LISTS: Record<SlotKind, string[]> = {
  feed: ['warehouseItems', 'warehouseMovements'],
  anco: ['anco'],
  water: ['waterGeneral'],
  sampling: ['samplings'],
};

/** The kinds whose lists have never been pulled to this device, and whether the cycles have. */
async function pullState(db: TambakDb, farmId: string): Promise<{ cycles: boolean; arriving: SlotKind[] }> {
  const lists = ['cycles', ...Object.values(KIND_LISTS).flat()];
  const cursors = await db.syncState.bulkGet(lists.map((list) => cursorKey(list, farmId)));
  const pulled = new Set(lists.filter((_, i) => cursors[i]?.pulledAt !== undefined));
  return {
    cycles: pulled.has('cycles'),
    arriving: (Object.keys(KIND_LISTS) as SlotKind[]).filter((kind) =>
      KIND_LISTS[kind].some((list) => !pulled.has(list)),
    ),
  };
}

/** One live read of the mirror: it runs again when a record is saved here or arrives by sync. */
async function readMirror(db: TambakDb, farmId: string, date: string): Promise<Mirror> {
  const [pulls, ponds, cycles, items, movements, ancos, waters, samplings] = await Promise.all([
    pullState(db, farmId),
    db.ponds.where('farm_id').equals(farmId).toArray(),
    db.cycles.where('farm_id').equals(farmId).toArray(),
    db.warehouseItems.where('farm_id').equals(farmId).toArray(),
    db.warehouseMovements.where('farm_id').equals(farmId).toArray(),
    db.anco.where('check_date').equals(date).toArray(),
    // A day on either side: the farm's wall clock decides which day a reading is.
    db.waterGeneral
      .where('measured_at')
      .between(
        DateTime.fromISO(date).minus({ days: 1 }).toISODate() ?? date,
        DateTime.fromISO(date).plus({ days: 2 }).toISODate() ?? date,
      )
      .toArray(),
    db.samplings.where('farm_id').equals(farmId).toArray(),
  ]);
  const feedItems = new Set(
    items.filter((i) => i.category_id === FEED_CATEGORY_ID).map((i) => i.warehouse_id),
  );
  const starts = new Map<string, string>();
  for (const c of visible(cycles))
    if (c.end_date === 0 && (starts.get(c.pond_id) ?? '') < c.start_date) starts.set(c.pond_id, c.start_date);
  return {
    cyclesPulled: pulls.cycles,
    arriving: pulls.arriving,
    ponds: visible(ponds),
    starts,
    feeds: visible(movements).filter(
      (m) => m.kind === 'use' && m.used_on === date && feedItems.has(m.warehouse_id),
    ),
    ancos: visible(ancos).filter((a) => a.farm_id === farmId),
    waters: visible(waters)
      .filter((w) => w.farm_id === farmId)
      .map((w) => ({ pond_id: w.pond_id, ...wallClock(w.measured_at, w.utc_offset) })),
    samplings: visible(samplings),
  };
}

/** Dike order: block by block, ponds by name with numbers. */
const dike = (a: Pond, b: Pond) => compareNames(a.block_name, b.block_name) || compareNames(a.name, b.name);

export interface TodayData {
  input: TodayInput;
  names: Map<string, string>;
  /** Ponds he may enter anything for (none: the "no access" message). */
  enterable: number;
}

/** The Today list's input, live from the mirror; undefined while the first read runs. */
export function useToday(
  farm: Farm,
  date: string,
  now: string,
  db: TambakDb = getDb(),
): TodayData | undefined {
  const settings = useDaySettings(farm);
  const mirror = useLiveMirror(
    `today:${farm.farm_id}:${date}`,
    (db) => readMirror(db, farm.farm_id, date),
    db,
  ).data;
  return useMemo(() => {
    // A new phone before its cycles came: loading, not "no pond has an active cycle".
    if (!mirror || (!mirror.cyclesPulled && mirror.starts.size === 0)) return undefined;
    const sorted = [...mirror.ponds].sort(dike);
    const ponds = {} as Record<SlotKind, TodayPond[]>;
    for (const kind of Object.keys(KIND_FEATURE) as SlotKind[])
      ponds[kind] = sorted
        .filter((p) => mirror.starts.has(p.pond_id) && pondAction(farm, p, KIND_FEATURE[kind]) >= ACTION.add)
        .map((p) => ({ pond_id: p.pond_id, name: p.name, cycleStart: mirror.starts.get(p.pond_id) ?? date }));
    const enterable = sorted.filter((p) =>
      (Object.values(KIND_FEATURE) as Feature[]).some((f) => pondAction(farm, p, f) >= ACTION.add),
    ).length;
    return {
      input: {
        date,
        now,
        ponds,
        feedTimes: feedingTimes(settings.feedingsPerDay),
        waterTimes: loadPresetTimes(),
        samplingEvery: settings.samplingEvery,
        feeds: mirror.feeds,
        ancos: mirror.ancos,
        waters: mirror.waters,
        samplings: mirror.samplings,
        arriving: mirror.arriving,
      },
      names: new Map(mirror.ponds.map((p) => [p.pond_id, p.name])),
      enterable,
    };
  }, [mirror, farm, date, now, settings]);
}
