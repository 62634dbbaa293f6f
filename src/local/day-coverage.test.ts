import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { deviceToday, heldIds, keepServerRow, mirrorCoversDay } from '#local/day-coverage';
import { getDb } from '#local/db';
import { createRepository } from '#local/repository';
import {
  ANCO,
  FIRST_READING_DAYS,
  FIRST_RECORD_DAYS,
  NOTES,
  RECENT_READING_DAYS,
  RECENT_RECORD_DAYS,
  type ResourceDescriptor,
  WATER_CHANGES,
  WATER_CHEMICAL,
  WATER_GENERAL,
} from '#local/resources';
import { cursorKey, fillKey } from '#local/sync/pull';
import { addDays as shiftDay } from '#shared/domain/chart-range';

const db = getDb();
afterEach(async () => {
  await Promise.all(db.tables.map((t) => t.clear()));
});

const TODAY = '2026-11-25';
const pulled = (resource: ResourceDescriptor, farm = 'f') =>
  db.syncState.put({ key: cursorKey(resource.name, farm), pulledAt: 1 } as never);
const covers = (resource: ResourceDescriptor, day: string) => mirrorCoversDay(db, resource, 'f', day, TODAY);

describe('mirrorCoversDay (whether the device holds every record of a day)', () => {
  it('is false before the farm’s list was pulled: another list’s or farm’s cursor does not count', async () => {
    expect(await covers(WATER_GENERAL, TODAY)).toBe(false);
    await pulled(WATER_CHEMICAL);
    await pulled(WATER_GENERAL, 'other');
    expect(await covers(WATER_GENERAL, TODAY)).toBe(false);
    await pulled(WATER_GENERAL);
    expect(await covers(WATER_GENERAL, TODAY)).toBe(true);
  });

  it.each([
    ['water readings', WATER_GENERAL, RECENT_READING_DAYS, FIRST_READING_DAYS],
    ['feed trays', ANCO, RECENT_RECORD_DAYS, FIRST_RECORD_DAYS],
    ['water changes', WATER_CHANGES, RECENT_RECORD_DAYS, FIRST_RECORD_DAYS],
  ] as const)(
    'covers the %s of the window it keeps, the first pull’s days while the rest is coming',
    async (_, resource, days, first) => {
      await pulled(resource);
      expect(await covers(resource, shiftDay(TODAY, -(days - 1)))).toBe(true);
      expect(await covers(resource, shiftDay(TODAY, -days))).toBe(false);
      expect(await covers(resource, shiftDay(TODAY, -90))).toBe(false);
      await db.syncState.put({ key: fillKey(resource.name, 'f') } as never);
      expect(await covers(resource, shiftDay(TODAY, -(first - 1)))).toBe(true);
      expect(await covers(resource, shiftDay(TODAY, -first))).toBe(false);
    },
  );

  it('keeps 30 days of readings and 60 of feed trays and water changes: a day 45 days back differs', async () => {
    for (const resource of [WATER_GENERAL, ANCO, WATER_CHANGES]) await pulled(resource);
    expect(await covers(WATER_GENERAL, shiftDay(TODAY, -45))).toBe(false);
    expect(await covers(ANCO, shiftDay(TODAY, -45))).toBe(true);
    expect(await covers(WATER_CHANGES, shiftDay(TODAY, -45))).toBe(true);
  });

  it('covers every day of a list kept whole once pulled', async () => {
    expect(await covers(NOTES, shiftDay(TODAY, -400))).toBe(false);
    await pulled(NOTES);
    expect(await covers(NOTES, shiftDay(TODAY, -400))).toBe(true);
  });
});

describe('heldIds', () => {
  it('names the answered rows the device holds in any of the lists, deleted ones too, and which are deleted', async () => {
    await db.waterGeneral.put({ id: 'a', farm_id: 'f', _status: 'synced' } as never);
    await db.waterChemical.put({ id: 'b', farm_id: 'f', _status: 'pending', _deleted: true } as never);
    expect(await heldIds(db, [WATER_GENERAL, WATER_CHEMICAL], ['a', 'b', 'c'])).toEqual({
      held: ['a', 'b'],
      deleted: ['b'],
    });
    expect(await heldIds(db, [WATER_GENERAL], ['b', 'c'])).toEqual({ held: [], deleted: [] });
    expect(await heldIds(db, [WATER_GENERAL], [])).toEqual({ held: [], deleted: [] });
  });
});

describe('keepServerRow (an older day’s row taken in to be changed)', () => {
  const answered = {
    id: 'r1',
    farm_id: 'f',
    pond_id: 'p',
    ph: 7.9,
    version: 3,
    updated_at: 'T1',
    _status: 'synced',
    _server: true,
  };

  it('puts the server’s row in the mirror as synced, without the screen’s marks, and an edit queues only its change', async () => {
    await keepServerRow(db, WATER_GENERAL, answered);
    const kept = await db.waterGeneral.get('r1');
    expect(kept).toMatchObject({ id: 'r1', ph: 7.9, _status: 'synced' });
    expect(kept).not.toHaveProperty('_server');
    await createRepository(WATER_GENERAL, db).update('r1', { ph: 8.2 });
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ kind: 'update', method: 'PUT', patch: { baseVersion: 3 } });
    expect(entry.body).toEqual({ ph: 8.2 });
  });

  it('needs nothing for a row that is not a server answer (the mirror’s own)', async () => {
    await keepServerRow(db, WATER_GENERAL, { ...answered, _server: undefined });
    expect(await db.waterGeneral.get('r1')).toBeUndefined();
  });

  it('leaves the device’s own copy (with its unsent change) as it is', async () => {
    await db.waterGeneral.put({ ...answered, ph: 8.5, _status: 'pending', _server: undefined } as never);
    await keepServerRow(db, WATER_GENERAL, answered);
    expect(await db.waterGeneral.get('r1')).toMatchObject({ ph: 8.5, _status: 'pending' });
  });
});

describe('day arithmetic', () => {
  it('moves calendar days across months and years; today is the device’s calendar day', () => {
    expect(shiftDay('2026-03-01', -1)).toBe('2026-02-28');
    expect(shiftDay('2025-12-31', 1)).toBe('2026-01-01');
    expect(deviceToday(new Date(2026, 10, 26, 23, 30))).toBe('2026-11-26');
  });
});
