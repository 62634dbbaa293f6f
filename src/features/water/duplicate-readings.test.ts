import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { getDb } from '#local/db';
import { createRepository } from '#local/repository';
import { WATER_GENERAL } from '#local/resources';
import { findDuplicates } from './duplicate-readings.ts';
import type { ReadingRecord } from './entry-model.ts';

const db = getDb();
afterEach(async () => {
  await Promise.all(db.tables.map((t) => t.clear()));
});

const at = (measured_at: string, time_of_day: 'morning' | 'afternoon') => ({
  measured_at,
  utc_offset: 420,
  time_of_day,
});
const record = (id: string, pond_id: string): ReadingRecord => ({
  id,
  farm_id: 'f',
  pond_id,
  cycle_id: null,
  ...at('2025-03-01T06:30:00.000+07:00', 'morning'),
});

describe('findDuplicates', () => {
  it('finds a stored reading of the same pond, farm day and slot, and nothing else', async () => {
    const readings = createRepository(WATER_GENERAL, db);
    await readings.create([
      { id: 'same', farm_id: 'f', pond_id: 'p1', ph: 8, ...at('2025-03-01T06:05:00.000+07:00', 'morning') },
      {
        id: 'other-slot',
        farm_id: 'f',
        pond_id: 'p2',
        ph: 8,
        ...at('2025-03-01T14:00:00.000+07:00', 'afternoon'),
      },
      {
        id: 'other-day',
        farm_id: 'f',
        pond_id: 'p3',
        ph: 8,
        ...at('2025-02-28T06:00:00.000+07:00', 'morning'),
      },
      {
        id: 'deleted',
        farm_id: 'f',
        pond_id: 'p4',
        ph: 8,
        ...at('2025-03-01T06:00:00.000+07:00', 'morning'),
      },
    ]);
    await readings.remove('deleted');
    const batches = [
      { kind: 'general' as const, records: ['p1', 'p2', 'p3', 'p4'].map((p) => record(`new-${p}`, p)) },
    ];
    const found = await findDuplicates(db, batches, '2025-03-01', 'morning');
    expect(found.map((d) => d.existing.row.id)).toEqual(['same']);
    expect(found[0].existing.kind).toBe('general');
  });
});
