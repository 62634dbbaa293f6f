import { describe, expect, it } from 'vitest';
import { inOneSlot, mergedChanges, type SlotReading, sameSlotGroups, sameSlotItems } from './same-slot.ts';

const reading = (id: string, measured_at: string, extra: Partial<SlotReading> = {}): SlotReading => ({
  id,
  pond_id: 'p1',
  measured_at,
  time_of_day: measured_at.slice(11, 13) < '12' ? 'morning' : 'evening',
  slot_kept_at: null,
  ...extra,
});

describe('sameSlotGroups', () => {
  it('groups two readings of one pond, farm day and slot, oldest first', () => {
    const groups = sameSlotGroups([
      reading('b', '2025-03-01T06:40:00.000+07:00'),
      reading('a', '2025-03-01T06:05:00.000+07:00'),
      reading('c', '2025-03-01T22:00:00.000+07:00'),
    ]);
    expect(groups).toEqual([
      {
        pond_id: 'p1',
        day: '2025-03-01',
        slot: 'morning',
        readings: [expect.objectContaining({ id: 'a' }), expect.objectContaining({ id: 'b' })],
      },
    ]);
  });

  it('is no double across ponds, days or slots, nor with one reading', () => {
    expect(
      sameSlotGroups([
        reading('a', '2025-03-01T06:05:00.000+07:00'),
        reading('b', '2025-03-01T06:05:00.000+07:00', { pond_id: 'p2' }),
        reading('c', '2025-03-02T06:05:00.000+07:00'),
        reading('d', '2025-03-01T22:05:00.000+07:00'),
      ]),
    ).toEqual([]);
  });

  it('the day is the keeper’s wall clock: 23:30 WIB is still that day, whatever UTC says', () => {
    const groups = sameSlotGroups([
      reading('a', '2025-03-01T23:30:00.000+07:00'),
      reading('b', '2025-03-01T22:10:00.000+07:00'),
    ]);
    expect(groups.map((g) => g.day)).toEqual(['2025-03-01']);
  });

  it('a slot kept whole stops being flagged; a reading outside that decision flags it again', () => {
    const kept = { slot_kept_at: '2025-03-01T08:00:00.000Z' };
    const both = [
      reading('a', '2025-03-01T06:05:00.000+07:00', kept),
      reading('b', '2025-03-01T06:40:00.000+07:00', kept),
    ];
    expect(sameSlotGroups(both)).toEqual([]);
    const third = sameSlotGroups([...both, reading('c', '2025-03-01T07:00:00.000+07:00')]);
    expect(third[0]?.readings.map((r) => r.id)).toEqual(['a', 'b', 'c']);
  });
});

describe('inOneSlot', () => {
  it('holds for one pond, day and slot only', () => {
    const a = reading('a', '2025-03-01T06:05:00.000+07:00');
    expect(inOneSlot([a, reading('b', '2025-03-01T07:00:00.000+07:00')])).toBe(true);
    expect(inOneSlot([a, reading('b', '2025-03-01T22:00:00.000+07:00')])).toBe(false);
    expect(inOneSlot([a, reading('b', '2025-03-02T06:00:00.000+07:00')])).toBe(false);
    expect(inOneSlot([a, reading('b', '2025-03-01T06:05:00.000+07:00', { pond_id: 'p2' })])).toBe(false);
    expect(inOneSlot([])).toBe(false);
  });
});

describe('mergedChanges', () => {
  const keep = { id: 'a', ph: 7.8, do: -99, temperature: 29 };
  const other = { id: 'b', ph: 7.9, do: 5, temperature: 29 };
  it('takes only the chosen values that differ from the kept reading', () => {
    expect(mergedChanges(keep, [keep, other], { ph: 'a', do: 'b', temperature: 'b' })).toEqual({ do: 5 });
  });
  it('a value chosen as not measured clears it (-99, as the edit API says)', () => {
    expect(mergedChanges(other, [other, keep], { do: 'a' })).toEqual({ do: -99 });
  });
  it('an unknown reading id changes nothing', () => {
    expect(mergedChanges(keep, [keep, other], { ph: 'zzz' })).toEqual({});
  });
});

describe('sameSlotItems', () => {
  it('one board item per pond, kind, day and slot, linking to the pond’s water entry', () => {
    const facts = [
      { ...reading('a', '2025-03-01T06:05:00.000+07:00'), kind: 'general' },
      { ...reading('b', '2025-03-01T06:40:00.000+07:00'), kind: 'general' },
      { ...reading('c', '2025-03-01T06:40:00.000+07:00'), kind: 'chemical' },
      { ...reading('d', '2025-03-01T06:50:00.000+07:00', { pond_id: 'hidden' }), kind: 'general' },
      { ...reading('e', '2025-03-01T06:55:00.000+07:00', { pond_id: 'hidden' }), kind: 'general' },
    ];
    const items = sameSlotItems('f1', [{ id: 'p1', name: 'Kolam A2' }], facts);
    expect(items).toEqual([
      {
        kind: 'same_slot',
        severity: 'warning',
        subject: 'Kolam A2',
        pond_id: 'p1',
        reason: 'double',
        figures: { count: 2, reading: 'general', slot: 'morning', day: '2025-03-01' },
        link: '/farm/f1/water-quality/add?pond_id=p1',
      },
    ]);
  });
});
