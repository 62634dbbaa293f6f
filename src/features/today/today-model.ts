import { DateTime } from 'luxon';

/**
 * The keeper's Today list (issue 31) as data: the day's slots from the farm's settings
 * (each feeding time, the feed-tray check after each feeding, each water preset time, a
 * sampling when a pond is due), and per slot which ponds are done, from the records the
 * device's mirror holds. Pure: the screen feeds it live reads of Dexie.
 */
export type SlotKind = 'feed' | 'anco' | 'water' | 'sampling';
/**
 * `arriving`: the records that tell this slot's progress have not come to this device yet
 * (a new phone's first sync): no count and no "late" until they have, or the keeper would
 * enter again what is already done.
 */
export type SlotState = 'done' | 'notYet' | 'late' | 'arriving';

/** A slot not done this long after its time is late. */
export const LATE_AFTER_MINUTES = 120;

export interface TodayPond {
  pond_id: string;
  name: string;
  /** Start of the active cycle (YYYY-MM-DD): the first sampling is due N days after it. */
  cycleStart: string;
}

export interface TodayInput {
  /** The farm day, YYYY-MM-DD (this phone's calendar). */
  date: string;
  /** Now on this phone, HH:mm. */
  now: string;
  /** The ponds he may enter each kind for (active cycle), in dike order. */
  ponds: Record<SlotKind, readonly TodayPond[]>;
  feedTimes: readonly string[];
  waterTimes: readonly string[];
  samplingEvery: number;
  /** Feed uses (feed items only). */
  feeds: readonly { pond_id: string | null; used_on: string; time: string | null }[];
  ancos: readonly { pond_id: string; check_date: string; feeding_time: number }[];
  /** Water readings at the farm's wall clock. */
  waters: readonly { pond_id: string; date: string; time: string }[];
  samplings: readonly { pond_id: string; sampled_on: string }[];
  /** Kinds whose records have never been pulled to this device (none once the first sync is in). */
  arriving?: readonly SlotKind[];
}

export interface TodaySlot {
  key: string;
  kind: SlotKind;
  /** HH:mm of the slot (none for a sampling). */
  time: string | null;
  /** The feeding number (1 = first) of a feed-tray check. */
  feeding: number | null;
  total: number;
  done: string[];
  todo: string[];
  state: SlotState;
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

function stateOf(todo: readonly string[], time: string | null, now: string): SlotState {
  if (todo.length === 0) return 'done';
  if (time !== null && minutesOf(now) >= minutesOf(time) + LATE_AFTER_MINUTES) return 'late';
  return 'notYet';
}

function slot(
  kind: SlotKind,
  time: string | null,
  feeding: number | null,
  ponds: readonly TodayPond[],
  isDone: (pondId: string) => boolean,
  input: Pick<TodayInput, 'now' | 'arriving'>,
): TodaySlot {
  const done = ponds.filter((p) => isDone(p.pond_id)).map((p) => p.pond_id);
  const todo = ponds.filter((p) => !isDone(p.pond_id)).map((p) => p.pond_id);
  return {
    key: `${kind}:${feeding ?? time ?? ''}`,
    kind,
    time,
    feeding,
    total: ponds.length,
    done,
    todo,
    state: input.arriving?.includes(kind) ? 'arriving' : stateOf(todo, time, input.now),
  };
}

/** The preset time a reading taken at `time` counts for: the nearest one (the earlier on a tie). */
export function nearestSlot(time: string, slots: readonly string[]): string | null {
  let best: string | null = null;
  let gap = Number.POSITIVE_INFINITY;
  for (const s of slots) {
    const d = Math.abs(minutesOf(s) - minutesOf(time));
    if (d < gap) {
      best = s;
      gap = d;
    }
  }
  return best;
}

const daysBetween = (from: string, to: string) =>
  Math.round(DateTime.fromISO(to).diff(DateTime.fromISO(from), 'days').days);

/** Whether a pond is due for a sampling on `date`: N days or more since its last one (or its stocking). */
export function samplingDue(
  pond: TodayPond,
  samplings: TodayInput['samplings'],
  date: string,
  every: number,
): boolean {
  let last = pond.cycleStart;
  for (const s of samplings)
    if (s.pond_id === pond.pond_id && s.sampled_on < date && s.sampled_on > last) last = s.sampled_on;
  return daysBetween(last, date) >= every;
}

/** Every slot of the day in clock order (water, feed and the tray check at one time: that order), samplings last. */
export function todaySlots(input: TodayInput): TodaySlot[] {
  const { date } = input;
  const slots: TodaySlot[] = [];
  const fed = new Set(
    input.feeds.filter((f) => f.used_on === date && f.time).map((f) => `${f.pond_id}|${f.time}`),
  );
  const checked = new Set(
    input.ancos.filter((a) => a.check_date === date).map((a) => `${a.pond_id}|${a.feeding_time}`),
  );
  const watered = new Set(
    input.waters
      .filter((w) => w.date === date)
      .map((w) => `${w.pond_id}|${nearestSlot(w.time, input.waterTimes)}`),
  );
  for (const time of input.waterTimes)
    slots.push(slot('water', time, null, input.ponds.water, (id) => watered.has(`${id}|${time}`), input));
  input.feedTimes.forEach((time, i) => {
    slots.push(slot('feed', time, null, input.ponds.feed, (id) => fed.has(`${id}|${time}`), input));
    slots.push(slot('anco', time, i + 1, input.ponds.anco, (id) => checked.has(`${id}|${i + 1}`), input));
  });
  const order: Record<SlotKind, number> = { water: 0, feed: 1, anco: 2, sampling: 3 };
  slots.sort(
    (a, b) => minutesOf(a.time ?? '00:00') - minutesOf(b.time ?? '00:00') || order[a.kind] - order[b.kind],
  );
  const sampledToday = new Set(input.samplings.filter((s) => s.sampled_on === date).map((s) => s.pond_id));
  const sampling = input.ponds.sampling.filter(
    (p) => sampledToday.has(p.pond_id) || samplingDue(p, input.samplings, date, input.samplingEvery),
  );
  if (sampling.length > 0)
    slots.push(slot('sampling', null, null, sampling, (id) => sampledToday.has(id), input));
  return slots;
}

/** The entry screen of each kind of slot, under `/farm/{farm_id}/`. */
export const SLOT_PATH: Record<TodaySlot['kind'], string> = {
  feed: 'feed/add',
  anco: 'feed-tray/add',
  water: 'water-quality/add',
  sampling: 'sampling/add',
};

/** The slot's entry screen with the ponds still to do preselected. */
export function slotHref(farmId: string, s: TodaySlot): string {
  const farm = `/farm/${encodeURIComponent(farmId)}`;
  const ponds = s.todo.length > 0 ? s.todo : s.done;
  const q = new URLSearchParams({ ponds: ponds.join(',') });
  if (s.kind === 'feed' && s.time) q.set('time', s.time);
  if (s.kind === 'water' && s.time) q.set('time', s.time);
  if (s.kind === 'anco' && s.feeding) q.set('feeding', String(s.feeding));
  return `${farm}/${SLOT_PATH[s.kind]}?${q.toString()}`;
}
