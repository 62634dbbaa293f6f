import { describe, expect, it } from 'vitest';
import {
  nearestSlot,
  samplingDue,
  slotHref,
  type TodayInput,
  type TodayPond,
  todaySlots,
} from './today-model.ts';

const pond = (id: string, cycleStart = '2026-03-01'): TodayPond => ({ pond_id: id, name: id, cycleStart });
const P = [pond('a'), pond('b'), pond('c')];

function input(over: Partial<TodayInput> = {}): TodayInput {
  return {
    date: '2026-03-20',
    now: '07:00',
    ponds: { feed: P, anco: P, water: P, sampling: P },
    feedTimes: ['06:00', '10:00'],
    waterTimes: ['06:00', '14:00', '22:00'],
    samplingEvery: 7,
    feeds: [],
    ancos: [],
    waters: [],
    samplings: [],
    ...over,
  };
}

const find = (slots: ReturnType<typeof todaySlots>, key: string) => {
  const s = slots.find((x) => x.key === key);
  if (!s) throw new Error(`no slot ${key}`);
  return s;
};

describe('todaySlots', () => {
  it('lists each water time, each feeding and its tray check in clock order, then the sampling', () => {
    const slots = todaySlots(input({ samplings: [] }));
    expect(slots.map((s) => s.key)).toEqual([
      'water:06:00',
      'feed:06:00',
      'anco:1',
      'feed:10:00',
      'anco:2',
      'water:14:00',
      'water:22:00',
      'sampling:',
    ]);
    expect(find(slots, 'anco:2')).toMatchObject({ time: '10:00', feeding: 2, total: 3 });
  });

  it('marks a pond done from its records of that day and slot only', () => {
    const slots = todaySlots(
      input({
        feeds: [
          { pond_id: 'a', used_on: '2026-03-20', time: '06:00' },
          { pond_id: 'b', used_on: '2026-03-19', time: '06:00' }, // yesterday
          { pond_id: 'c', used_on: '2026-03-20', time: '10:00' }, // another feeding
        ],
        ancos: [{ pond_id: 'b', check_date: '2026-03-20', feeding_time: 1 }],
      }),
    );
    expect(find(slots, 'feed:06:00')).toMatchObject({ done: ['a'], todo: ['b', 'c'], state: 'notYet' });
    expect(find(slots, 'feed:10:00').done).toEqual(['c']);
    expect(find(slots, 'anco:1').done).toEqual(['b']);
  });

  it('counts a water reading for the nearest preset time', () => {
    const slots = todaySlots(
      input({
        waters: [
          { pond_id: 'a', date: '2026-03-20', time: '06:40' },
          { pond_id: 'b', date: '2026-03-20', time: '15:10' },
          { pond_id: 'c', date: '2026-03-20', time: '21:00' },
        ],
      }),
    );
    expect(find(slots, 'water:06:00').done).toEqual(['a']);
    expect(find(slots, 'water:14:00').done).toEqual(['b']);
    expect(find(slots, 'water:22:00').done).toEqual(['c']);
    expect(nearestSlot('10:00', ['06:00', '14:00'])).toBe('06:00');
  });

  it('is late two hours after the slot, done once every pond is', () => {
    const all = P.map((p) => ({ pond_id: p.pond_id, used_on: '2026-03-20', time: '06:00' }));
    expect(find(todaySlots(input({ now: '07:59' })), 'feed:06:00').state).toBe('notYet');
    expect(find(todaySlots(input({ now: '08:00' })), 'feed:06:00').state).toBe('late');
    expect(find(todaySlots(input({ now: '12:00', feeds: all })), 'feed:06:00').state).toBe('done');
  });

  it('says a slot is still arriving, never late, while its records have not come to the phone', () => {
    // A new phone at noon: the water readings are in, the feed and the trays not yet.
    const slots = todaySlots(input({ now: '12:00', arriving: ['feed', 'anco'] }));
    expect(find(slots, 'feed:06:00').state).toBe('arriving');
    expect(find(slots, 'anco:1').state).toBe('arriving');
    expect(find(slots, 'water:06:00').state).toBe('late');
    // Once they are in, the same slot counts its ponds again.
    expect(find(todaySlots(input({ now: '12:00', arriving: [] })), 'feed:06:00').state).toBe('late');
  });

  it('only lists the ponds he may enter each kind for', () => {
    const slots = todaySlots(input({ ponds: { feed: [P[0]], anco: [], water: P, sampling: [] } }));
    expect(find(slots, 'feed:06:00').total).toBe(1);
    expect(find(slots, 'anco:1').total).toBe(0);
    expect(slots.some((s) => s.kind === 'sampling')).toBe(false);
  });
});

describe('sampling due', () => {
  it('is due N days after the last sampling, or after the cycle start', () => {
    const a = pond('a', '2026-03-15');
    expect(samplingDue(a, [], '2026-03-21', 7)).toBe(false);
    expect(samplingDue(a, [], '2026-03-22', 7)).toBe(true);
    expect(samplingDue(a, [{ pond_id: 'a', sampled_on: '2026-03-20' }], '2026-03-22', 7)).toBe(false);
    expect(samplingDue(a, [{ pond_id: 'a', sampled_on: '2026-03-20' }], '2026-03-27', 7)).toBe(true);
    // a sampling of another pond or of an older cycle does not count
    expect(samplingDue(a, [{ pond_id: 'b', sampled_on: '2026-03-20' }], '2026-03-22', 7)).toBe(true);
    expect(samplingDue(a, [{ pond_id: 'a', sampled_on: '2026-03-01' }], '2026-03-22', 7)).toBe(true);
    expect(samplingDue(a, [], '2026-03-18', 3)).toBe(true);
  });

  it('keeps a pond sampled today in the slot as done, and leaves out ponds not due', () => {
    const ponds = [pond('a', '2026-03-10'), pond('b', '2026-03-18'), pond('c', '2026-03-01')];
    const slots = todaySlots(
      input({
        ponds: { feed: [], anco: [], water: [], sampling: ponds },
        samplings: [{ pond_id: 'c', sampled_on: '2026-03-20' }],
      }),
    );
    expect(find(slots, 'sampling:')).toMatchObject({ done: ['c'], todo: ['a'], total: 2, state: 'notYet' });
  });
});

describe('slotHref', () => {
  it('opens the entry of exactly that slot with the ponds still to do', () => {
    const [feed] = todaySlots(input()).filter((s) => s.kind === 'feed');
    expect(slotHref('f1', feed)).toBe('/farm/f1/feed/add?ponds=a%2Cb%2Cc&time=06%3A00');
    const anco = todaySlots(input()).find((s) => s.key === 'anco:2');
    expect(anco && slotHref('f1', anco)).toBe('/farm/f1/feed-tray/add?ponds=a%2Cb%2Cc&feeding=2');
  });
});
