import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { deleteRecord, saveRecords, updateRecord } from '#local/outbox';
import { BLOCKS, WATER_GENERAL } from '#local/resources';
import { retryDelay } from '#local/sync/backoff';
import { drainOutbox } from '#local/sync/push';
import { bulkOk, FakeServer, ManualClock, offline, status, testDb } from '#local/test-kit';

const FARM = '01950000-0000-7000-8000-000000000001';
const reading = (pond: string, ph = 8) => ({
  farm_id: FARM,
  pond_id: pond,
  measured_at: '2025-03-01T06:00:00+07:00',
  ph,
});
const block = (name: string) => ({ farm_id: FARM, block_name: name });

describe('drainOutbox', () => {
  const db = testDb();
  const clock = new ManualClock();
  afterEach(async () => {
    await Promise.all(db.tables.map((t) => t.clear()));
  });
  const drain = (server: FakeServer, maxBatch?: number) =>
    drainOutbox({ db, transport: server.transport, clock, maxBatch });

  it('sends in FIFO order and groups consecutive creates to the same bulk endpoint', async () => {
    await saveRecords(db, WATER_GENERAL, [reading('p1'), reading('p2'), reading('p3')], clock);
    await saveRecords(db, BLOCKS, [block('Blok A')], clock);
    await saveRecords(db, WATER_GENERAL, [reading('p4'), reading('p5')], clock);
    const server = new FakeServer();
    const result = await drain(server);
    expect(result).toMatchObject({ stop: 'empty', requests: 3 });
    expect(server.requests.map((r) => [r.method, r.url])).toEqual([
      ['POST', '/api/water/general/bulk'],
      ['POST', '/api/block'],
      ['POST', '/api/water/general/bulk'],
    ]);
    const first = server.requests[0];
    expect((first.body as { items: { pond_id: string }[] }).items.map((i) => i.pond_id)).toEqual([
      'p1',
      'p2',
      'p3',
    ]);
    expect(first.headers?.['X-Tambak-Outbox']?.split(',')).toHaveLength(3);
    expect(first.headers?.['Idempotency-Key']).toBeTruthy();
    expect(server.requests[1].body).toMatchObject({ block_name: 'Blok A' });
    expect(await db.outbox.count()).toBe(0);
    expect((await db.waterGeneral.toArray()).every((r) => r._status === 'synced' && !r._outboxId)).toBe(true);
    expect((await db.blocks.toArray())[0]._status).toBe('synced');
  });

  it('splits a long queue into batches of maxBatch', async () => {
    await saveRecords(
      db,
      WATER_GENERAL,
      ['a', 'b', 'c', 'd', 'e'].map((p) => reading(p)),
      clock,
    );
    const server = new FakeServer();
    await drain(server, 2);
    expect(server.requests.map((r) => (r.body as { items: unknown[] }).items.length)).toEqual([2, 2, 1]);
  });

  it('marks only the bad row failed when the server refuses one item of a batch', async () => {
    await saveRecords(db, WATER_GENERAL, [reading('p1'), reading('p2', 99), reading('p3')], clock);
    const server = new FakeServer((req) => {
      const items = (req.body as { items: { id: string; ph: number }[] }).items;
      const results = items.map((i) =>
        i.ph > 14
          ? {
              id: i.id,
              status: 'error',
              code: 'validation-failed',
              message: 'pH tidak valid',
              errors: { ph: ['maks 14'] },
            }
          : { id: i.id, status: 'ok' },
      );
      return { status: 200, body: { message: 'ok', data: { results } } };
    });
    await drain(server);
    const rows = await db.waterGeneral.orderBy('id').toArray();
    expect(rows.map((r) => r._status)).toEqual(['synced', 'failed', 'synced']);
    expect(rows[1]._error).toEqual({
      code: 'validation-failed',
      message: 'pH tidak valid',
      fields: { ph: ['maks 14'] },
    });
    const entries = await db.outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      status: 'failed',
      recordIds: [rows[1].id],
      lastError: { code: 'validation-failed' },
    });
  });

  it('fails an item the server left out of its results instead of assuming it stored', async () => {
    await saveRecords(db, WATER_GENERAL, [reading('p1'), reading('p2')], clock);
    const server = new FakeServer((req) => {
      const [first] = (req.body as { items: { id: string }[] }).items;
      return { status: 200, body: { message: 'ok', data: { results: [{ id: first.id, status: 'ok' }] } } };
    });
    await drain(server);
    const rows = await db.waterGeneral.orderBy('id').toArray();
    expect(rows.map((r) => r._status)).toEqual(['synced', 'failed']);
    expect(rows[1]._error?.code).toBe('missing-result');
  });

  it.each([
    ['a 5xx', status(500)],
    ['a network error', offline],
  ])('keeps entries queued with exponential backoff after %s', async (_name, handler) => {
    await saveRecords(db, WATER_GENERAL, [reading('p1')], clock);
    await saveRecords(db, BLOCKS, [block('Blok A')], clock);
    const server = new FakeServer(handler);
    const start = clock.now();
    expect(await drain(server)).toMatchObject({ stop: 'retry', requests: 1 });
    const [head] = await db.outbox.orderBy('id').toArray();
    expect(head).toMatchObject({ status: 'queued', attempts: 1, nextAttemptAt: start + retryDelay(1, 0.5) });
    expect((await db.waterGeneral.toArray())[0]._status).toBe('pending');

    // Before the backoff ends nothing is sent, and the block behind it waits its turn.
    expect(await drain(server)).toMatchObject({ stop: 'waiting', wakeAt: head.nextAttemptAt, requests: 0 });
    clock.advance(retryDelay(1, 0.5));
    await drain(server);
    expect((await db.outbox.orderBy('id').first())?.attempts).toBe(2);
    expect(server.requests).toHaveLength(2);

    server.handler = bulkOk;
    clock.advance(retryDelay(2, 0.5));
    expect(await drain(server)).toMatchObject({ stop: 'empty', requests: 2 });
    expect(await db.outbox.count()).toBe(0);
  });

  it('marks an entry sent once it went on the wire, whatever came back', async () => {
    await saveRecords(db, BLOCKS, [block('Blok A')], clock);
    expect((await db.outbox.toArray())[0].sent).toBeUndefined();
    await drain(new FakeServer(offline));
    // The request may have reached the server: back in the queue, known as sent.
    expect((await db.outbox.toArray())[0]).toMatchObject({ status: 'queued', sent: true });
  });

  it("keeps an edit made after a create's answer was lost: the server stores a create's first body only", async () => {
    // The server as ours: a create of an id it holds answers the stored record (ON
    // CONFLICT DO NOTHING); an update sets the fields it names.
    const stored = new Map<string, Record<string, unknown>>();
    let loseNext = true;
    const server = new FakeServer((req) => {
      const body = req.body as Record<string, unknown>;
      if (req.method === 'POST' && req.url === '/api/block') {
        const id = body.block_id as string;
        if (!stored.has(id)) stored.set(id, { ...body, version: 1 });
        if (loseNext) {
          loseNext = false;
          throw new TypeError('Failed to fetch'); // committed, the answer lost
        }
        return { status: 200, body: { message: 'ok', data: stored.get(id) } };
      }
      const id = decodeURIComponent(req.url.split('/')[3] ?? '');
      const next = { ...stored.get(id), ...body, version: Number(stored.get(id)?.version) + 1 };
      stored.set(id, next);
      return { status: 200, body: { message: 'ok', data: next } };
    });
    const [entryId] = await saveRecords(db, BLOCKS, [block('Blok A')], clock);
    const id = (await db.outbox.get(entryId))!.recordIds[0];
    await drain(server);
    await updateRecord(db, BLOCKS, id, { block_name: 'Blok B' }, clock);
    clock.advance(120_000);
    expect(await drain(server)).toMatchObject({ stop: 'empty' });
    expect(stored.get(id)).toMatchObject({ block_name: 'Blok B' });
    expect(await db.blocks.get(id)).toMatchObject({ block_name: 'Blok B', _status: 'synced' });
  });

  it('caps the backoff and spreads it with jitter', () => {
    expect(retryDelay(1, 0)).toBe(500);
    expect(retryDelay(1, 0.999)).toBeLessThanOrEqual(1000);
    expect(retryDelay(30, 1)).toBe(60_000);
    expect(retryDelay(30, 0)).toBe(30_000);
  });

  it('holds the whole queue on 401 and sends nothing until the hold is lifted', async () => {
    await saveRecords(db, WATER_GENERAL, [reading('p1')], clock);
    await saveRecords(db, BLOCKS, [block('Blok A')], clock);
    const server = new FakeServer(status(401, { message: 'Sesi berakhir', code: 'session-expired' }));
    expect(await drain(server)).toMatchObject({ stop: 'held' });
    expect((await db.outbox.toArray()).map((e) => e.status)).toEqual(['held', 'held']);
    expect(await db.syncState.get('auth')).toMatchObject({ held: true });
    expect(await drain(server)).toMatchObject({ stop: 'held', requests: 0 });
    expect(server.requests).toHaveLength(1);
  });

  it('marks the record failed with the server message on another 4xx, and goes on', async () => {
    await saveRecords(db, BLOCKS, [block('Blok A')], clock);
    await saveRecords(db, WATER_GENERAL, [reading('p1')], clock);
    const server = new FakeServer((req) =>
      req.url === '/api/block'
        ? { status: 403, body: { message: 'Tidak boleh', code: 'forbidden' } }
        : bulkOk(req),
    );
    expect(await drain(server)).toMatchObject({ stop: 'empty', requests: 2 });
    const [row] = await db.blocks.toArray();
    expect(row).toMatchObject({ _status: 'failed', _error: { code: 'forbidden', message: 'Tidak boleh' } });
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ status: 'failed', lastError: { code: 'forbidden' } });
    expect((await db.waterGeneral.toArray())[0]._status).toBe('synced');
    // A dead-lettered entry is not resent on the next drain.
    expect(await drain(server)).toMatchObject({ stop: 'empty', requests: 0 });
  });

  it('treats 404 on a DELETE as done, and removes the row', async () => {
    await db.blocks.put({
      block_id: 'b1',
      farm_id: FARM,
      block_name: 'A',
      updated_at: 'T',
      deleted_at: null,
      _status: 'synced',
    });
    await deleteRecord(db, BLOCKS, 'b1', clock);
    await drain(new FakeServer(status(404, { message: 'tidak ditemukan', code: 'not-found' })));
    expect(await db.blocks.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('takes the server version of a single create answer', async () => {
    await saveRecords(db, BLOCKS, [block('Blok A')], clock);
    const server = new FakeServer((req) => ({
      status: 201,
      body: { message: 'ok', data: { ...(req.body as object), updated_at: 'T9', deleted_at: null } },
    }));
    await drain(server);
    expect((await db.blocks.toArray())[0]).toMatchObject({ updated_at: 'T9', _status: 'synced' });
  });
});
