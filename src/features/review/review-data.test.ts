import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { getDb } from '#local/db';
import { readDay } from './review-data.ts';

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
  it('reads the farm’s readings of the day, not those deleted on the device', async () => {
    await db.waterGeneral.bulkPut([
      reading(id(1), `${TODAY}T06:10:00.000+07:00`),
      reading(id(2), '2026-11-24T06:10:00.000+07:00'),
      reading(id(3), `${TODAY}T06:20:00.000+07:00`, 'other'),
      reading(id(4), `${TODAY}T06:30:00.000+07:00`, 'f', true),
    ] as never);
    const ids = (await readDay(db, 'f', 'general', TODAY)).map((r) => r.id);
    expect(ids).toContain(id(1));
    expect(ids).not.toContain(id(3));
    expect(ids).not.toContain(id(4));
  });
});
