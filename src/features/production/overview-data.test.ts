import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { getDb } from '#local/db';
import { createRepository } from '#local/repository';
import { SAMPLINGS } from '#local/resources';
import type { Sampling } from '#shared/contracts/sampling';
import { mirrorFeed, mirrorSamplings } from './overview-data.ts';
import { cycleFeed, type FeedUse } from './overview-model.ts';

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

describe('the overview’s cumulative feed (FCR)', () => {
  const stock = { cycle_id: 'c1', pond_id: 'p1', stock_date: '2026-06-01' };
  const use = (kg: number, more: Partial<FeedUse> = {}): FeedUse => ({
    pond_id: 'p1',
    cycle_id: 'c1',
    kg,
    unsent: false,
    deleted: false,
    baseKg: kg,
    ...more,
  });

  it('sums the mirror’s feed uses of a cycle stocked within the mirrored days, Gram items as kg', async () => {
    await db.warehouseItems.bulkPut([
      { warehouse_id: 'w-kg', farm_id: 'f', category_id: 5, unit: 'Kg' },
      { warehouse_id: 'w-g', farm_id: 'f', category_id: 5, unit: 'Gram' },
      { warehouse_id: 'w-lime', farm_id: 'f', category_id: 6, unit: 'Kg' },
    ] as never[]);
    const move = (id: string, warehouse_id: string, qty: number) => ({
      id,
      farm_id: 'f',
      warehouse_id,
      kind: 'use',
      qty,
      pond_id: 'p1',
      cycle_id: 'c1',
      used_on: '2026-06-10',
      _status: 'synced',
    });
    await db.warehouseMovements.bulkPut([
      move('m1', 'w-kg', 400),
      move('m2', 'w-g', 50_000),
      move('m3', 'w-lime', 25),
    ] as never[]);
    await db.syncState.put({ key: 'cursor:warehouseMovements:f', pulledAt: Date.UTC(2026, 7, 1) });
    const mirror = await mirrorFeed(db, 'f');
    expect(mirror.coversFrom).toBe('2026-05-03');
    expect(cycleFeed(stock, { ...mirror, server: undefined })).toEqual({ kg: 450, status: 'known' });

    // A new device whose first pull brought the last 14 days only, the rest still to come:
    // the mirror's uses are not the cycle's whole feed, so its FCR waits for the server's sum.
    await db.syncState.put({ key: 'fill:warehouseMovements:f' });
    const filling = await mirrorFeed(db, 'f');
    expect(filling.coversFrom).toBe('2026-07-18');
    expect(cycleFeed(stock, { ...filling, server: undefined })).toEqual({ kg: null, status: 'loading' });
    expect(cycleFeed(stock, { ...filling, server: new Map([['c1', 2_000]]) })).toEqual({
      kg: 2_000,
      status: 'known',
    });
  });

  it('takes the server’s sum plus unsent changes for an older cycle; waits or says it needs a connection', () => {
    const facts = {
      uses: [
        use(100),
        use(30, { unsent: true, baseKg: null }),
        use(0, { unsent: true, deleted: true, baseKg: 20 }),
      ],
      coversFrom: '2026-07-01',
    };
    expect(cycleFeed(stock, { ...facts, server: new Map([['c1', 1_000]]) })).toEqual({
      kg: 1_010,
      status: 'known',
    });
    expect(cycleFeed(stock, { ...facts, server: undefined })).toEqual({ kg: null, status: 'loading' });
    expect(cycleFeed(stock, { ...facts, server: null })).toEqual({ kg: null, status: 'needs-connection' });
  });
});
