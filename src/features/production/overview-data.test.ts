import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { getDb } from '#local/db';
import { createRepository } from '#local/repository';
import { SAMPLINGS } from '#local/resources';
import type { Sampling } from '#shared/contracts/sampling';
import { mirrorSamplings } from './overview-data.ts';

const db = getDb();
afterEach(async () => {
  await Promise.all(db.tables.map((t) => t.clear()));
});

const sampling = (
  id: string,
  cycle_id: string,
  sampled_on: string,
  sample_weight: number,
  farm_id = 'f',
) => ({
  id,
  farm_id,
  pond_id: 'p1',
  cycle_id,
  sampled_on,
  shrimp_count: 50,
  sample_weight,
});

describe('mirrorSamplings (the overview’s samplings on the device)', () => {
  it('takes the latest two samplings per cycle from the mirror, unsent ones included, deleted and other farms left out', async () => {
    const repo = createRepository<Sampling>(SAMPLINGS, db);
    await repo.create([
      sampling('01950000-0000-7000-8000-000000000001', 'c1', '2025-03-01', 200),
      sampling('01950000-0000-7000-8000-000000000002', 'c1', '2025-03-15', 400),
      sampling('01950000-0000-7000-8000-000000000003', 'c1', '2025-03-08', 300),
      sampling('01950000-0000-7000-8000-000000000004', 'c1', '2025-03-22', 500),
      sampling('01950000-0000-7000-8000-000000000005', 'c2', '2025-03-10', 250),
      sampling('01950000-0000-7000-8000-000000000006', 'c3', '2025-03-10', 250, 'other-farm'),
    ]);
    await repo.remove('01950000-0000-7000-8000-000000000004');
    const snapshot = await mirrorSamplings(db, 'f');
    expect(snapshot.byCycle.get('c1')).toEqual([
      { sampled_on: '2025-03-15', sample_weight: 400, shrimp_count: 50 },
      { sampled_on: '2025-03-08', sample_weight: 300, shrimp_count: 50 },
    ]);
    expect(snapshot.byCycle.get('c2')).toHaveLength(1);
    expect(snapshot.byCycle.has('c3')).toBe(false);
    expect(snapshot.asOf).toBeNull();
  });

  it('says when the samplings were last pulled from the server', async () => {
    const pulledAt = Date.UTC(2025, 2, 20, 1, 0);
    await db.syncState.put({ key: 'cursor:samplings:f', pulledAt });
    expect((await mirrorSamplings(db, 'f')).asOf).toBe(new Date(pulledAt).toISOString());
  });
});
