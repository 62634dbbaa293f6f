import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { getDb } from '#local/db';
import { FIRST_READING_DAYS, RECENT_READING_DAYS, WATER_CHEMICAL, WATER_GENERAL } from '#local/resources';
import { cursorKey, fillKey } from '#local/sync/pull';
import { readDay, shiftDay } from './review-data.ts';

const db = getDb();
afterEach(async () => {
  await Promise.all(db.tables.map((t) => t.clear()));
});

const TODAY = '2026-11-25';
const reading = (id: string, measured_at: string, farm_id = 'f', deleted = false) => ({
  id,
  farm_id,
  pond_id: 'p1',
  measured_at,
  time_of_day: 'morning',
  ph: 7.8,
  _status: 'synced',
  ...(deleted ? { _deleted: true } : {}),
});
const id = (n: number) => `01950000-0000-7000-8000-00000000000${n}`;

describe('readDay (the daily review’s readings on the device)', () => {
  it('reads the farm’s readings of the day and keeps the ids of those deleted on the device', async () => {
    await db.waterGeneral.bulkPut([
      reading(id(1), `${TODAY}T06:10:00.000+07:00`),
      reading(id(2), '2026-11-24T06:10:00.000+07:00'),
      reading(id(3), `${TODAY}T06:20:00.000+07:00`, 'other'),
      reading(id(4), `${TODAY}T06:30:00.000+07:00`, 'f', true),
    ] as never);
    const day = await readDay(db, 'f', 'general', TODAY, TODAY);
    expect(day.readings.map((r) => r.id)).toContain(id(1));
    expect(day.readings.map((r) => r.id)).not.toContain(id(3));
    expect(day.readings.map((r) => r.id)).not.toContain(id(4));
    expect(day.held).toContain(id(4));
  });

  it('is final only for a day the device has pulled and still keeps', async () => {
    const covered = (day: string, kind: 'general' | 'chemical' = 'general') =>
      readDay(db, 'f', kind, day, TODAY).then((d) => d.covered);
    expect(await covered(TODAY)).toBe(false);
    // another kind's cursor or another farm's does not count
    await db.syncState.put({ key: cursorKey(WATER_CHEMICAL.name, 'f'), pulledAt: 1 } as never);
    await db.syncState.put({ key: cursorKey(WATER_GENERAL.name, 'other'), pulledAt: 1 } as never);
    expect(await covered(TODAY)).toBe(false);

    await db.syncState.put({ key: cursorKey(WATER_GENERAL.name, 'f'), pulledAt: 1 } as never);
    expect(await covered(TODAY)).toBe(true);
    expect(await covered(shiftDay(TODAY, -(RECENT_READING_DAYS - 1)))).toBe(true);
    expect(await covered(shiftDay(TODAY, -RECENT_READING_DAYS))).toBe(false);
    expect(await covered(shiftDay(TODAY, -90))).toBe(false);

    // while the first pull's rest is still to come, only its first days are kept
    await db.syncState.put({ key: fillKey(WATER_GENERAL.name, 'f') } as never);
    expect(await covered(shiftDay(TODAY, -(FIRST_READING_DAYS - 1)))).toBe(true);
    expect(await covered(shiftDay(TODAY, -FIRST_READING_DAYS))).toBe(false);
  });
});
