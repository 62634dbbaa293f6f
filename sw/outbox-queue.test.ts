import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { deleteRecord, saveRecords, updateRecord } from '#local/outbox';
import { WATER_GENERAL } from '#local/resources';
import { drainOutbox } from '#local/sync/push';
import type { Transport } from '#local/sync/transport';
import type { WorkerToPage } from '#local/sync/worker-protocol';
import { ManualClock, testDb } from '#local/test-kit';
import { createOutboxWorker, type QueueEntryLike, type QueueLike } from './outbox-queue.ts';

const ORIGIN = 'http://localhost';
const reading = (pond: string, ph = 8) => ({
  farm_id: 'f1',
  pond_id: pond,
  measured_at: '2025-03-01T06:00:00+07:00',
  ph,
});

class FakeQueue implements QueueLike {
  items: QueueEntryLike[] = [];
  async pushRequest(entry: QueueEntryLike) {
    this.items.push(entry);
  }
  async shiftRequest() {
    return this.items.shift();
  }
  async unshiftRequest(entry: QueueEntryLike) {
    this.items.unshift(entry);
  }
}

const networkDown = async (): Promise<Response> => {
  throw new TypeError('Failed to fetch');
};

async function bulkAnswer(request: Request, reject?: (item: { ph: number }) => boolean): Promise<Response> {
  const { items } = (await request.json()) as { items: { id: string; ph: number }[] };
  const results = items.map((i) =>
    reject?.(i)
      ? { id: i.id, status: 'error', code: 'validation-failed', message: 'pH?' }
      : { id: i.id, status: 'ok' },
  );
  return Response.json({ message: 'ok', data: { results } });
}

describe('service worker outbox queue', () => {
  const db = testDb();
  const clock = new ManualClock();
  afterEach(async () => {
    await Promise.all(db.tables.map((t) => t.clear()));
  });

  function setup() {
    const queue = new FakeQueue();
    const messages: WorkerToPage[] = [];
    let network: (request: Request) => Promise<Response> = networkDown;
    const fetched: Request[] = [];
    const worker = createOutboxWorker({
      db,
      clock,
      fetch: (request) => {
        fetched.push(request);
        return network(request);
      },
      notify: async (m) => {
        messages.push(m);
      },
    });
    // The page's transport, as the browser routes it: through the worker's fetch handler.
    const transport: Transport = async ({ method, url, body, headers }) => {
      const request = new Request(ORIGIN + url, { method, headers, body: JSON.stringify(body) });
      const response = await worker.handleOutboxRequest(request, queue);
      return { status: response.status, body: await response.json() };
    };
    const pageDrain = () => drainOutbox({ db, transport, clock });
    return {
      queue,
      messages,
      worker,
      fetched,
      pageDrain,
      setNetwork: (fn: typeof network) => (network = fn),
    };
  }

  it('queues a bulk POST the network refused and hands its entries to the worker', async () => {
    const { queue, messages, pageDrain } = setup();
    await saveRecords(db, WATER_GENERAL, [reading('p1'), reading('p2')], clock);
    expect(await pageDrain()).toMatchObject({ stop: 'in-worker', requests: 1 });
    expect(queue.items).toHaveLength(1);
    expect((await db.outbox.toArray()).map((e) => e.status)).toEqual(['in-worker', 'in-worker']);
    expect((await db.waterGeneral.toArray()).map((r) => r._status)).toEqual(['pending', 'pending']);
    expect(messages[0]).toMatchObject({ type: 'sync:queued-by-worker' });
    // The page does not resend what the worker owns.
    expect(await pageDrain()).toMatchObject({ stop: 'in-worker', requests: 0 });
  });

  it('replays when the network is back, applies per-item results and tells the pages', async () => {
    const { queue, messages, worker, pageDrain, setNetwork } = setup();
    await saveRecords(db, WATER_GENERAL, [reading('p1'), reading('p2', 99)], clock);
    await pageDrain();
    setNetwork((request) => bulkAnswer(request, (i) => i.ph > 14));
    await worker.replay(queue);
    expect(queue.items).toHaveLength(0);
    const rows = await db.waterGeneral.orderBy('id').toArray();
    expect(rows.map((r) => r._status)).toEqual(['synced', 'failed']);
    expect(rows[1]._error).toMatchObject({ code: 'validation-failed', message: 'pH?' });
    expect((await db.outbox.toArray()).map((e) => e.status)).toEqual(['failed']);
    const replayed = messages.find((m) => m.type === 'sync:replayed');
    expect(replayed).toMatchObject({
      outcome: { verdict: 'ok', synced: [{ id: rows[0].id }], failed: [{ id: rows[1].id }] },
    });
  });

  it('puts the request back and rejects while the network is still down', async () => {
    const { queue, worker, pageDrain } = setup();
    await saveRecords(db, WATER_GENERAL, [reading('p1')], clock);
    await pageDrain();
    await expect(worker.replay(queue)).rejects.toThrow('Failed to fetch');
    expect(queue.items).toHaveLength(1);
    expect((await db.outbox.toArray())[0].status).toBe('in-worker');
  });

  it('drops its copy unsent when the page already took the entry back', async () => {
    const { queue, worker, fetched, pageDrain, setNetwork } = setup();
    await saveRecords(db, WATER_GENERAL, [reading('p1')], clock);
    await pageDrain();
    setNetwork((request) => bulkAnswer(request));
    clock.advance(10 * 60_000); // the page's patience with the worker runs out
    const pageTransport: Transport = async ({ body }) => ({
      status: 200,
      body: {
        message: 'ok',
        data: {
          results: (body as { items: { id: string }[] }).items.map((i) => ({ id: i.id, status: 'ok' })),
        },
      },
    });
    await drainOutbox({ db, transport: pageTransport, clock });
    expect(await db.outbox.count()).toBe(0);
    await worker.replay(queue);
    expect(fetched).toHaveLength(1); // only the original failed attempt
    expect(queue.items).toHaveLength(0);
    expect((await db.waterGeneral.toArray())[0]._status).toBe('synced');
  });

  it('is harmless when the same request is queued twice', async () => {
    const { queue, worker, fetched, pageDrain, setNetwork } = setup();
    await saveRecords(db, WATER_GENERAL, [reading('p1')], clock);
    await pageDrain();
    queue.items.push({ request: queue.items[0].request.clone() });
    setNetwork((request) => bulkAnswer(request));
    await worker.replay(queue);
    expect(fetched).toHaveLength(2); // the failed attempt and one replay; the duplicate is dropped
    expect(await db.outbox.count()).toBe(0);
  });

  it('gives the entries back to the page with backoff when the replay meets a 5xx', async () => {
    const { queue, worker, pageDrain, setNetwork } = setup();
    await saveRecords(db, WATER_GENERAL, [reading('p1')], clock);
    await pageDrain();
    setNetwork(async () => Response.json({ message: 'down', code: 'internal' }, { status: 502 }));
    await worker.replay(queue);
    expect(queue.items).toHaveLength(0);
    expect((await db.outbox.toArray())[0]).toMatchObject({ status: 'queued', attempts: 1 });
  });

  const synced = (id: string, ph: number) =>
    ({ ...reading('p1', ph), id, version: 3, conflicts: [], _status: 'synced' }) as never;

  it('takes edits and deletes too, queues each behind the earlier ones unsent, and replays them in order (issue 12)', async () => {
    const { queue, worker, fetched, pageDrain, setNetwork } = setup();
    await db.waterGeneral.bulkPut([synced('r1', 7), synced('r2', 7.5)]);
    await updateRecord(db, WATER_GENERAL, 'r1', { ph: 7.8 }, clock);
    expect(await pageDrain()).toMatchObject({ stop: 'in-worker', requests: 1 });
    await deleteRecord(db, WATER_GENERAL, 'r2', clock);
    await saveRecords(db, WATER_GENERAL, [reading('p2')], clock);
    // The page hands over the delete and the create; the worker keeps them behind the edit
    // without trying the network (fetched stays at the one failed attempt of the edit).
    expect(await pageDrain()).toMatchObject({ stop: 'in-worker', requests: 2 });
    expect(fetched).toHaveLength(1);
    expect(queue.items.map((i) => i.request.method)).toEqual(['PUT', 'DELETE', 'POST']);
    expect((await db.outbox.toArray()).map((e) => e.status)).toEqual(['in-worker', 'in-worker', 'in-worker']);

    // No page open; the network is back: the worker sends all three, in order.
    const seen: string[] = [];
    setNetwork(async (request) => {
      seen.push(`${request.method} ${new URL(request.url).pathname}`);
      if (request.method === 'POST') return bulkAnswer(request);
      if (request.method === 'PUT') {
        expect(request.headers.get('x-base-version')).toBe('3');
        expect(request.headers.get('idempotency-key')).toBeTruthy();
        expect(await request.json()).toEqual({ ph: 7.8 });
        return Response.json({
          message: 'ok',
          data: { ...reading('p1', 7.8), id: 'r1', version: 4, conflicts: [] },
        });
      }
      return Response.json({ message: 'ok', data: null });
    });
    await worker.replay(queue);
    expect(seen).toEqual([
      'PUT /api/water/general/r1/update',
      'DELETE /api/water/general/r2/delete',
      'POST /api/water/general/bulk',
    ]);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.waterGeneral.get('r1')).toMatchObject({ ph: 7.8, version: 4, _status: 'synced' });
    expect(await db.waterGeneral.get('r2')).toBeUndefined();
  });

  it('stops replaying behind an entry the server sent back to the page, so the order holds', async () => {
    const { queue, worker, pageDrain, setNetwork } = setup();
    await db.waterGeneral.bulkPut([synced('r1', 7), synced('r2', 7.5)]);
    await updateRecord(db, WATER_GENERAL, 'r1', { ph: 7.8 }, clock);
    await pageDrain();
    await deleteRecord(db, WATER_GENERAL, 'r2', clock);
    await pageDrain();
    const seen: string[] = [];
    setNetwork(async (request) => {
      seen.push(request.method);
      return Response.json({ message: 'down', code: 'internal' }, { status: 502 });
    });
    await worker.replay(queue);
    // The edit met a 5xx and went back to the page; the delete was not sent before it.
    expect(seen).toEqual(['PUT']);
    expect(queue.items.map((i) => i.request.method)).toEqual(['DELETE']);
    expect((await db.outbox.orderBy('id').toArray()).map((e) => e.status)).toEqual(['queued', 'in-worker']);
  });

  it('passes answers straight to the page while the network works', async () => {
    const { queue, pageDrain, setNetwork } = setup();
    setNetwork((request) => bulkAnswer(request));
    await saveRecords(db, WATER_GENERAL, [reading('p1')], clock);
    expect(await pageDrain()).toMatchObject({ stop: 'empty', requests: 1 });
    expect(queue.items).toHaveLength(0);
    expect((await db.waterGeneral.toArray())[0]._status).toBe('synced');
  });
});
