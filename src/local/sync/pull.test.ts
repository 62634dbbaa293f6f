import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { saveRecords, updateRecord } from '#local/outbox';
import {
  ANCO,
  BLOCKS,
  FARMS,
  FINANCE_TRANSACTIONS,
  PONDS,
  resources,
  WATER_SETTINGS,
} from '#local/resources';
import { cursorKey, pullResource, pullResources, SYNC_PULL_URL } from '#local/sync/pull';
import type { TransportRequest } from '#local/sync/transport';
import { FakeServer, ManualClock, testDb } from '#local/test-kit';
import { SYNC_PULL_PATHS } from '#shared/contracts/sync-pull';

const FARM = 'f1';
const block = (id: string, name: string, deleted_at: string | null = null) => ({
  block_id: id,
  farm_id: FARM,
  block_name: name,
  updated_at: 'T1',
  deleted_at,
});
const list = (items: unknown[], server_time: string) => ({
  status: 200,
  body: { message: 'ok', data: items, server_time },
});

describe('pullResource', () => {
  const db = testDb();
  const clock = new ManualClock();
  afterEach(async () => {
    await Promise.all(db.tables.map((t) => t.clear()));
  });
  const options = (server: FakeServer) => ({ db, transport: server.transport, clock });

  it('stores rows as synced and sends the returned server_time as the next since', async () => {
    const server = new FakeServer(() =>
      list([block('b1', 'A'), block('b2', 'B')], '2025-03-01T00:00:00.000Z'),
    );
    expect(await pullResource(options(server), BLOCKS, FARM)).toMatchObject({ kind: 'ok', applied: 2 });
    expect(await db.blocks.get('b1')).toMatchObject({ block_name: 'A', _status: 'synced' });
    expect(await db.syncState.get(cursorKey('blocks', FARM))).toMatchObject({
      since: '2025-03-01T00:00:00.000Z',
    });
    await pullResource(options(server), BLOCKS, FARM);
    expect(server.requests.map((r: TransportRequest) => r.url)).toEqual([
      '/api/block?farm_id=f1',
      '/api/block?farm_id=f1&since=2025-03-01T00%3A00%3A00.000Z',
    ]);
    expect(server.requests[0].headers).toMatchObject({ 'X-Tambak-Sync': 'pull' });
  });

  it('removes rows the server soft-deleted', async () => {
    await db.blocks.put({ ...block('b1', 'A'), _status: 'synced' });
    const server = new FakeServer(() => list([block('b1', 'A', '2025-03-02T00:00:00Z')], 'T2'));
    await db.syncState.put({ key: cursorKey('blocks', FARM), since: 'T1' });
    await pullResource(options(server), BLOCKS, FARM);
    expect(await db.blocks.get('b1')).toBeUndefined();
  });

  it('never overwrites a pending or failed row, but keeps the server version as its base', async () => {
    await db.blocks.put({ ...block('b1', 'A'), _status: 'synced' });
    await updateRecord(db, BLOCKS, 'b1', { block_name: 'Local edit' }, clock);
    await db.blocks.put({ ...block('b2', 'B'), _status: 'failed', _error: { code: 'x', message: 'x' } });
    await db.syncState.put({ key: cursorKey('blocks', FARM), since: 'T1' });
    const server = new FakeServer(() =>
      list([block('b1', 'Server edit'), block('b2', 'B', '2025-03-02T00:00:00Z')], 'T2'),
    );
    await pullResource(options(server), BLOCKS, FARM);
    expect(await db.blocks.get('b1')).toMatchObject({
      block_name: 'Local edit',
      _status: 'pending',
      _base: { block_name: 'Server edit' },
    });
    expect(await db.blocks.get('b2')).toMatchObject({ block_name: 'B', _status: 'failed', _base: null });
  });

  it("rebases a pending edit: the server's other fields arrive, the locally edited ones stay (issue 12)", async () => {
    const pond = (name: string, area: number, version: number) => ({
      pond_id: 'p1',
      farm_id: FARM,
      block_id: 'b1',
      name,
      area,
      version,
      conflicts: [],
      updated_at: 'T1',
      deleted_at: null,
    });
    await db.ponds.put({ ...pond('Kolam 1', 1000, 1), _status: 'synced' } as never);
    await updateRecord(db, PONDS, 'p1', { area: 1200 }, clock);
    await db.syncState.put({ key: cursorKey('ponds', FARM), since: 'T1' });
    // Another device renamed the pond meanwhile.
    const server = new FakeServer(() => list([pond('Kolam Timur', 1000, 2)], 'T2'));
    await pullResource(options(server), PONDS, FARM);
    expect(await db.ponds.get('p1')).toMatchObject({
      name: 'Kolam Timur',
      area: 1200,
      version: 2,
      _status: 'pending',
      _base: { name: 'Kolam Timur', area: 1000, version: 2 },
    });
    // The queued edit still carries only the area and the version it started from.
    const [entry] = await db.outbox.toArray();
    expect(entry.body).toEqual({ area: 1200 });
    expect(entry.patch?.baseVersion).toBe(1);
  });

  it('drops synced rows a whole-list answer no longer has, keeping unsynced ones', async () => {
    await db.farms.bulkPut([
      { farm_id: 'f1', name: 'Satu', _status: 'synced' } as never,
      { farm_id: 'f2', name: 'Dua (left)', _status: 'synced' } as never,
    ]);
    await db.farms.put({ farm_id: 'f3', name: 'Local', _status: 'pending' } as never);
    const server = new FakeServer(() => list([{ farm_id: 'f1', name: 'Satu', deleted_at: null }], 'T5'));
    await pullResource(options(server), FARMS, null);
    expect((await db.farms.toArray()).map((f) => f.farm_id).sort()).toEqual(['f1', 'f3']);
    // Whole lists are never asked with since.
    await pullResource(options(server), FARMS, null);
    expect(server.requests.map((r) => r.url)).toEqual(['/api/farm', '/api/farm']);
  });

  it('a whole list asked before a farm was joined does not drop that farm, taken in while the answer came', async () => {
    await db.farms.put({
      farm_id: 'left',
      name: 'Left long ago',
      _status: 'synced',
      _takenAt: clock.time - 1,
    } as never);
    // The farm list is asked; while its answer is on the way the user joins the demo farm
    // (useDemoFarm: mirrorNewFarm). The answer, read before the join, does not list it.
    const server = new FakeServer(async () => {
      await db.farms.put({
        farm_id: 'demo',
        name: 'Demo',
        _status: 'synced',
        _takenAt: clock.time + 5,
      } as never);
      return list([{ farm_id: 'f1', name: 'Satu', deleted_at: null }], 'T5');
    });
    await pullResource(options(server), FARMS, null);
    expect((await db.farms.toArray()).map((f) => f.farm_id).sort()).toEqual(['demo', 'f1']);
    // The next list, asked after the join, speaks for it: gone if the server does not list it.
    clock.time += 10;
    const later = new FakeServer(() => list([{ farm_id: 'f1', name: 'Satu', deleted_at: null }], 'T6'));
    await pullResource(options(later), FARMS, null);
    expect((await db.farms.toArray()).map((f) => f.farm_id)).toEqual(['f1']);
  });

  it('a whole answer asked from a day on drops only the rows it answers for: an older one taken in for an edit stays', async () => {
    // The clock is 1 Mar 2025; transactions are asked from 400 days back: 26 Jan 2024.
    const tx = (id: string, day: string) => ({
      transaction_record_id: id,
      farm_id: FARM,
      transaction_date: day,
      nominal: 1000,
      deleted_at: null,
    });
    await db.financeTransactions.bulkPut([
      { ...tx('old', '2023-11-02'), _status: 'synced' } as never,
      { ...tx('gone', '2024-06-01'), _status: 'synced' } as never,
      { ...tx('kept', '2025-02-20'), _status: 'synced' } as never,
    ]);
    const server = new FakeServer(() => list([tx('kept', '2025-02-20')], 'T5'));
    await pullResource(options(server), FINANCE_TRANSACTIONS, FARM);
    expect(server.requests[0].url).toContain('from=2024-01-26');
    const ids = (await db.financeTransactions.toArray()).map((t) => t.transaction_record_id).sort();
    expect(ids).toEqual(['kept', 'old']);
  });

  it('a first pull asked for fewer days keeps the rows before them; a list asked whole still drops what it lacks', async () => {
    const anco = (id: string, day: string) => ({ id, farm_id: FARM, check_date: day, deleted_at: null });
    await db.anco.bulkPut([
      { ...anco('a-old', '2025-02-01'), _status: 'synced' } as never,
      { ...anco('a-gone', '2025-02-25'), _status: 'synced' } as never,
    ]);
    const server = new FakeServer(() => list([], 'T5'));
    await pullResource(options(server), ANCO, FARM);
    // The first pull asks for 14 days (from 15 Feb): 1 Feb is not its to drop.
    expect(server.requests[0].url).toContain('from=2025-02-15');
    expect((await db.anco.toArray()).map((a) => a.id)).toEqual(['a-old']);
    // Blocks are asked whole: a synced block the answer lacks is gone.
    await db.blocks.put({ ...block('b9', 'Old'), _status: 'synced' });
    await pullResource(options(server), BLOCKS, FARM);
    expect(await db.blocks.get('b9')).toBeUndefined();
  });

  it('every list asked from a day names the field that day is compared with', () => {
    const now = Date.UTC(2025, 2, 1);
    const windowed = resources().filter(
      (r) => r.pull?.query?.(now).from !== undefined || r.pull?.first?.(now).from !== undefined,
    );
    expect(windowed.length).toBeGreaterThan(5);
    for (const r of windowed)
      expect({ name: r.name, day: r.pull?.day }).toEqual({ name: r.name, day: expect.any(String) });
  });

  it('writes nothing when a whole list comes back unchanged, and a changed row when one changed', async () => {
    const farm = { farm_id: 'f1', name: 'Satu', deleted_at: null, settings: { slots: ['06:00'] } };
    let answer = [farm];
    const server = new FakeServer(() => list(answer, 'T5'));
    await pullResource(options(server), FARMS, null);
    const written: string[] = [];
    const watch = (parts: Record<string, unknown>) => {
      for (const part of Object.keys(parts)) if (part.includes('/farms/')) written.push(part);
    };
    Dexie.on('storagemutated', watch);
    try {
      await pullResource(options(server), FARMS, null);
      expect(written).toEqual([]);
      answer = [{ ...farm, settings: { slots: ['06:00', '16:00'] } }];
      await pullResource(options(server), FARMS, null);
      expect(written.length).toBeGreaterThan(0);
      expect(await db.farms.get('f1')).toMatchObject({ settings: { slots: ['06:00', '16:00'] } });
    } finally {
      Dexie.on('storagemutated').unsubscribe(watch);
    }
  });

  it('shapes items that have no row id (water standards) into keyed rows', async () => {
    const server = new FakeServer(() =>
      list([{ setting_id: null, parameter: 'ph', min: 7.8, max: 8.5, unit: '', is_default: true }], 'T1'),
    );
    await pullResource(options(server), WATER_SETTINGS, FARM);
    expect(await db.waterSettings.get('f1:ph')).toMatchObject({ farm_id: 'f1', min: 7.8, _status: 'synced' });
  });

  it('reports a network failure and keeps the cursor', async () => {
    await db.syncState.put({ key: cursorKey('blocks', FARM), since: 'T1' });
    const server = new FakeServer(() => {
      throw new TypeError('Failed to fetch');
    });
    expect(await pullResource(options(server), BLOCKS, FARM)).toMatchObject({ kind: 'network' });
    expect((await db.syncState.get(cursorKey('blocks', FARM)))?.since).toBe('T1');
  });

  it('holds the queue when the pull answers 401', async () => {
    await saveRecords(db, BLOCKS, [{ farm_id: FARM, block_name: 'X' }], clock);
    const server = new FakeServer(() => ({ status: 401, body: { message: 'no', code: 'unauthenticated' } }));
    expect(await pullResource(options(server), BLOCKS, FARM)).toMatchObject({ kind: 'held' });
    expect((await db.outbox.toArray())[0].status).toBe('held');
    expect((await db.syncState.get('auth'))?.held).toBe(true);
  });
});

describe('pullResources (one request, ADR 0065)', () => {
  const db = testDb();
  const clock = new ManualClock();
  afterEach(async () => {
    await Promise.all(db.tables.map((t) => t.clear()));
  });
  const pond = (id: string) => ({ pond_id: id, farm_id: FARM, block_id: 'b1', name: id, updated_at: 'T1' });
  type Batch = { requests: { key: string; url: string }[] };
  const answer = (status: number, data: unknown) => ({ status, body: { message: 'ok', data } });

  it('asks for every list in one POST and applies each answer to its own mirror and cursor', async () => {
    const server = new FakeServer((r) =>
      r.url.startsWith('/api/block') ? list([block('b1', 'A')], 'T5') : list([pond('p1')], 'T6'),
    );
    const results = await pullResources({ db, transport: server.transport, clock }, [BLOCKS, PONDS], FARM);
    expect(results.map((r) => [r.resource, r.kind])).toEqual([
      ['blocks', 'ok'],
      ['ponds', 'ok'],
    ]);
    expect(server.batches).toBe(1);
    expect(await db.blocks.get('b1')).toMatchObject({ block_name: 'A' });
    expect(await db.ponds.get('p1')).toMatchObject({ name: 'p1' });
    expect((await db.syncState.get(cursorKey('ponds', FARM)))?.since).toBe('T6');
  });

  it('moves every cursor of a round in one write, after the lists with changes are in', async () => {
    await db.syncState.bulkPut([
      { key: cursorKey('blocks', FARM), since: 'T1' },
      { key: cursorKey('ponds', FARM), since: 'T1' },
    ]);
    const server = new FakeServer((r) =>
      r.url.startsWith('/api/block') ? list([], 'T7') : list([pond('p1')], 'T7'),
    );
    const writes: string[] = [];
    const watch = (parts: Record<string, unknown>) => {
      for (const part of Object.keys(parts)) if (part.endsWith('/syncState/')) writes.push(part);
    };
    Dexie.on('storagemutated', watch);
    try {
      await pullResources({ db, transport: server.transport, clock }, [BLOCKS, PONDS], FARM);
    } finally {
      Dexie.on('storagemutated').unsubscribe(watch);
    }
    expect(writes).toHaveLength(1);
    expect((await db.syncState.get(cursorKey('blocks', FARM)))?.since).toBe('T7');
    expect((await db.syncState.get(cursorKey('ponds', FARM)))?.since).toBe('T7');
    expect(await db.ponds.get('p1')).toMatchObject({ name: 'p1' });
  });

  it('asks again for the lists the server left pending, and only those', async () => {
    const bodies: Batch[] = [];
    const transport = async (r: { url: string; body?: unknown }) => {
      expect(r.url).toBe(SYNC_PULL_URL);
      const body = r.body as Batch;
      bodies.push(body);
      const [first, ...rest] = body.requests;
      const items = first?.key === 'blocks' ? [block('b1', 'A')] : [pond('p1')];
      return answer(200, {
        answers: [{ key: first?.key, status: 200, body: { message: 'ok', data: items, server_time: 'T7' } }],
        pending: rest.map((q) => q.key),
      });
    };
    const results = await pullResources({ db, transport, clock }, [BLOCKS, PONDS], FARM);
    expect(results.every((r) => r.kind === 'ok')).toBe(true);
    expect(bodies.map((b) => b.requests.map((q) => q.key))).toEqual([['blocks', 'ponds'], ['ponds']]);
    expect(await db.ponds.get('p1')).toBeTruthy();
  });

  it('offline, a 429 or a 5xx of the batch is the network kind (tried again); a 401 holds; a list’s 403 stays its own', async () => {
    const run = (transport: Parameters<typeof pullResources>[0]['transport']) =>
      pullResources({ db, transport, clock }, [BLOCKS, PONDS], FARM);
    expect(
      (await run(async () => Promise.reject(new TypeError('Failed to fetch')))).map((r) => r.kind),
    ).toEqual(['network', 'network']);
    expect(
      (await run(async () => ({ status: 429, body: { code: 'rate-limited' } }))).map((r) => r.kind),
    ).toEqual(['network', 'network']);
    expect((await run(async () => ({ status: 502, body: 'Bad gateway' }))).map((r) => r.kind)).toEqual([
      'network',
      'network',
    ]);
    const mixed = await run(async () =>
      answer(200, {
        answers: [
          { key: 'blocks', status: 403, body: { message: 'no', code: 'forbidden' } },
          { key: 'ponds', status: 200, body: { message: 'ok', data: [pond('p2')], server_time: 'T8' } },
        ],
        pending: [],
      }),
    );
    expect(mixed.map((r) => r.kind)).toEqual(['error', 'ok']);
    expect(await db.ponds.get('p2')).toBeTruthy();
    expect(
      (await run(async () => ({ status: 401, body: { code: 'unauthenticated' } }))).map((r) => r.kind),
    ).toEqual(['held', 'held']);
    expect((await db.syncState.get('auth'))?.held).toBe(true);
  });

  it('pulls only lists the server lets a batch name', () => {
    const paths = resources()
      .filter((r) => r.pull)
      .map((r) => r.pull?.url);
    expect(paths.length).toBeGreaterThan(20);
    expect(paths.filter((p) => !(SYNC_PULL_PATHS as readonly (string | undefined)[]).includes(p))).toEqual(
      [],
    );
  });
});
