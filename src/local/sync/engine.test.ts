import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadDraft, saveDraft } from '#local/drafts';
import { prepareCreates, saveRecords } from '#local/outbox';
import { BLOCKS, FARMS, WATER_GENERAL } from '#local/resources';
import { retryDelay } from '#local/sync/backoff';
import { createSyncEngine, type SyncEngine } from '#local/sync/engine';
import type { SyncEventMap } from '#local/sync/events';
import { observeSummary } from '#local/sync/summary';
import {
  bulkOk,
  FakeLocks,
  FakeServer,
  type Handler,
  ManualClock,
  offline,
  status,
  TestEnv,
  testDb,
} from '#local/test-kit';

const FARM = 'f1';
const block = (name: string) => ({ farm_id: FARM, block_name: name });
const reading = (pond: string) => ({
  farm_id: FARM,
  pond_id: pond,
  measured_at: '2025-03-01T06:00:00+07:00',
  ph: 8,
});
const writes = (server: FakeServer) => server.requests.filter((r) => r.method !== 'GET');
/** The readings' list pulled whole from the start (the staged first pull has its own test). */
const WATER = { ...WATER_GENERAL, pull: { url: '/api/water/general' } };

describe('sync engine', () => {
  const db = testDb();
  const engines: SyncEngine[] = [];
  afterEach(async () => {
    for (const engine of engines.splice(0)) engine.stop();
    await Promise.all(db.tables.map((t) => t.clear()));
  });

  function setup(handler: Handler = bulkOk, locks?: FakeLocks, lists = [FARMS, BLOCKS, WATER]) {
    const clock = new ManualClock();
    const server = new FakeServer(handler);
    const env = new TestEnv(locks);
    const engine = createSyncEngine({
      db,
      transport: server.transport,
      clock,
      env,
      resources: () => lists,
    });
    engines.push(engine);
    const seen: { [K in keyof SyncEventMap]?: SyncEventMap[K][] } = {};
    for (const name of [
      'sync:state',
      'sync:record-failed',
      'sync:auth-required',
      'sync:replayed',
      'sync:pulled',
    ] as const) {
      engine.on(name, (payload) => {
        const list = (seen[name] ?? []) as unknown[];
        list.push(payload);
        seen[name] = list as never;
      });
    }
    return { clock, server, env, engine, seen };
  }

  it('pulls after a successful push', async () => {
    const { server, engine } = setup();
    await saveRecords(db, BLOCKS, [block('Blok A')], new ManualClock());
    await engine.setFarm(FARM);
    expect(server.requests.map((r) => `${r.method} ${r.url.split('?')[0]}`)).toEqual([
      'POST /api/block',
      'GET /api/farm',
      'GET /api/block',
      'GET /api/water/general',
    ]);
  });

  it('never runs two drains at once; a trigger during a drain runs once more after it', async () => {
    const { server, engine } = setup();
    await saveRecords(db, BLOCKS, [block('A')], new ManualClock());
    const release = server.hold();
    const first = engine.sync();
    const second = engine.sync();
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    await saveRecords(db, BLOCKS, [block('B')], new ManualClock());
    release();
    await Promise.all([first, second]);
    expect(server.maxInFlight).toBe(1);
    expect(writes(server).map((r) => (r.body as { block_name: string }).block_name)).toEqual(['A', 'B']);
  });

  it('serialises drains of two tabs through the shared lock and sends each entry once', async () => {
    const locks = new FakeLocks();
    const tabA = setup(bulkOk, locks);
    const tabB = setup(bulkOk, locks);
    tabB.server = tabA.server; // one server for both tabs
    const engineB = createSyncEngine({
      db,
      transport: tabA.server.transport,
      clock: tabA.clock,
      env: tabB.env,
      resources: () => [],
    });
    engines.push(engineB);
    await saveRecords(db, WATER_GENERAL, [reading('p1')], tabA.clock);
    await saveRecords(db, BLOCKS, [block('A')], tabA.clock);
    const release = tabA.server.hold();
    const runs = [tabA.engine.sync(), engineB.sync()];
    await vi.waitFor(() => expect(tabA.server.requests).toHaveLength(1));
    release();
    await Promise.all(runs);
    expect(tabA.server.maxInFlight).toBe(1);
    expect(writes(tabA.server).map((r) => r.url)).toEqual(['/api/water/general/bulk', '/api/block']);
  });

  it('sends a new local write by itself once started', async () => {
    const { server, engine } = setup();
    await engine.start();
    await saveRecords(db, WATER_GENERAL, [reading('p1')], new ManualClock());
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0));
    expect(writes(server)).toHaveLength(1);
  });

  it('retries after the backoff on its own timer, and at once when the network comes back', async () => {
    const { server, engine, clock, env } = setup(status(503, { message: 'maintenance', code: 'internal' }));
    await engine.start();
    await saveRecords(db, BLOCKS, [block('A')], clock);
    await vi.waitFor(async () => expect((await db.outbox.toArray())[0]?.attempts).toBe(1));
    await vi.waitFor(() => expect(clock.pendingTimers).toBe(1));
    expect(writes(server)).toHaveLength(1);
    clock.advance(retryDelay(1, 0.5));
    await vi.waitFor(() => expect(writes(server)).toHaveLength(2));
    await vi.waitFor(async () => expect((await db.outbox.toArray())[0]?.attempts).toBe(2));

    server.handler = bulkOk;
    env.fire('online');
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0));
    expect(writes(server)).toHaveLength(3);
  });

  it('shows the phone offline while its requests get no answer, though the browser says online', async () => {
    const { server, engine, env } = setup(offline);
    await saveRecords(db, BLOCKS, [block('A')], new ManualClock());
    await engine.sync();
    expect(env.online).toBe(true);
    expect(engine.getState()).toMatchObject({ online: false, pending: 1 });

    // A request that gets through (here the pull; the reading waits out its backoff) shows it online.
    server.handler = bulkOk;
    await engine.sync();
    expect(engine.getState().online).toBe(true);

    // The browser reporting the network back is believed until a request says otherwise.
    server.handler = offline;
    await engine.sync();
    expect(engine.getState().online).toBe(false);
    await engine.start();
    server.handler = bulkOk;
    env.fire('online');
    await vi.waitFor(() => expect(engine.getState().online).toBe(true));
  });

  it('asks for a login once on 401 and sends the held queue after resumeAfterLogin', async () => {
    const { server, engine, seen } = setup(
      status(401, { message: 'Sesi berakhir', code: 'session-expired' }),
    );
    await saveRecords(db, BLOCKS, [block('A')], new ManualClock());
    await engine.sync();
    await engine.sync();
    expect(seen['sync:auth-required']).toHaveLength(1);
    expect(engine.getState()).toMatchObject({ held: true, pending: 1 });
    expect(writes(server)).toHaveLength(1);

    server.handler = bulkOk;
    await engine.resumeAfterLogin();
    expect(await db.outbox.count()).toBe(0);
    expect(engine.getState()).toMatchObject({ held: false, pending: 0 });
  });

  it('reports refused records as events and in the state counts', async () => {
    const { engine, seen } = setup(status(403, { message: 'Kolam tidak boleh', code: 'pond-access-denied' }));
    await saveRecords(db, BLOCKS, [block('A')], new ManualClock());
    await engine.sync();
    expect(seen['sync:record-failed']?.[0]).toMatchObject({
      table: 'blocks',
      error: { code: 'pond-access-denied', message: 'Kolam tidak boleh' },
    });
    expect(seen['sync:state']?.at(-1)).toMatchObject({ failed: 1, pending: 0, running: false });
  });

  it('hands every entry to the worker in order, nudges it, and takes them back after the timeout', async () => {
    const { server, engine, env, clock } = setup((req) =>
      req.method === 'GET'
        ? bulkOk(req)
        : { status: 503, body: { message: 'queued', code: 'queued-by-worker' } },
    );
    await saveRecords(db, WATER_GENERAL, [reading('p1')], clock);
    await saveRecords(db, BLOCKS, [block('A')], clock);
    await engine.sync();
    const entries = await db.outbox.orderBy('id').toArray();
    // The block goes to the worker too (queued behind the reading there), not left waiting.
    expect(entries.map((e) => e.status)).toEqual(['in-worker', 'in-worker']);
    expect(env.posted).toContainEqual({ type: 'sync:replay-request' });
    await engine.sync();
    expect(writes(server)).toHaveLength(2); // nothing sent twice while the worker holds them

    server.handler = bulkOk;
    clock.advance(10 * 60_000);
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0));
    expect(writes(server).map((r) => r.url)).toEqual([
      '/api/water/general/bulk',
      '/api/block',
      '/api/water/general/bulk',
      '/api/block',
    ]);
  });

  it('pulls while the worker holds the entries, and shows the phone offline when that pull gets no answer', async () => {
    const { server, engine } = setup((req) =>
      req.method === 'GET'
        ? bulkOk(req)
        : { status: 503, body: { message: 'queued', code: 'queued-by-worker' } },
    );
    await saveRecords(db, WATER_GENERAL, [reading('p1')], new ManualClock());
    await engine.setFarm(FARM);
    expect(server.requests.filter((r) => r.method === 'GET').length).toBeGreaterThan(0);
    expect(engine.getState()).toMatchObject({ online: true, pending: 1 });

    // A page opened again without signal: the worker still holds the reading, the pull fails.
    server.handler = offline;
    await engine.sync('start');
    expect(engine.getState()).toMatchObject({ online: false, pending: 1 });
  });

  it('relays what the worker replayed and syncs again', async () => {
    const { env, engine, seen, server } = setup();
    await engine.start();
    const failed = { table: 'blocks', id: 'b1', entryId: 'e1', error: { code: 'forbidden', message: 'no' } };
    env.fromWorker({
      type: 'sync:replayed',
      entryIds: ['e1'],
      outcome: { verdict: 'ok', synced: [], failed: [failed] },
    });
    expect(seen['sync:replayed']).toHaveLength(1);
    expect(seen['sync:record-failed']).toEqual([failed]);
    const before = server.requests.length;
    await vi.waitFor(() => expect(server.requests.length).toBeGreaterThan(before));
  });

  it('confirms the farm it started with without pulling everything again', async () => {
    const { server, engine } = setup();
    const pulls = () => server.requests.filter((r) => r.method === 'GET').length;
    await engine.start(FARM);
    expect(pulls()).toBe(3);
    await engine.setFarm(FARM);
    expect(pulls()).toBe(3);
    await engine.setFarm('f2');
    expect(pulls()).toBe(6);
  });

  it('sends a large save the app was closed on before it reached the outbox (journal)', async () => {
    const { server, engine } = setup();
    const { rows, entries } = prepareCreates(db, BLOCKS, [block('A'), block('B')], new ManualClock());
    await db.journal.add({ id: 'j1', table: 'blocks', rows, entries });
    await engine.start(FARM);
    expect(writes(server).map((r) => (r.body as { block_name: string }).block_name)).toEqual(['A', 'B']);
    expect(await db.journal.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('a farm chosen while the first pull is in flight gets its own pull of that farm', async () => {
    // A fresh sign-in: the engine starts on the login page (no farm) and pulls the farm
    // list; the farm screen opens from that list before the pull has finished.
    const { server, engine, seen } = setup();
    const release = server.hold();
    const started = engine.start();
    await vi.waitFor(() => expect(server.batches).toBe(1));
    const switched = engine.setFarm(FARM);
    release();
    await Promise.all([started, switched]);
    expect(server.requests.map((r) => r.url.split('?')[0])).toEqual([
      '/api/farm',
      '/api/farm',
      '/api/block',
      '/api/water/general',
    ]);
    // One request a pull, whatever the number of lists.
    expect(server.batches).toBe(2);
    expect(seen['sync:pulled']?.map((p) => p.farmId)).toEqual([null, FARM]);
  });

  it("a new device's first pull asks for the last week of readings; the rest follows in the background, once", async () => {
    const { server, engine, seen, clock } = setup(bulkOk, undefined, [FARMS, WATER_GENERAL]);
    await engine.setFarm(FARM);
    // Ready after the first batch; the second (the rest) goes out on its own.
    await vi.waitFor(() => expect(server.batches).toBe(2));
    await vi.waitFor(async () => expect(await db.syncState.get(`fill:waterGeneral:${FARM}`)).toBeUndefined());
    const water = server.requests.filter((r) => r.url.startsWith('/api/water/general'));
    const from = (url: string) => new URL(url, 'http://x').searchParams.get('from');
    const since = (url: string) => new URL(url, 'http://x').searchParams.get('since');
    expect(water).toHaveLength(2);
    // The first pull's window is a week, the rest's the usual 30 days; neither asks `since`.
    const days = (url: string) => (clock.now() - Date.parse(from(url) ?? '')) / 86_400_000;
    expect(Math.round(days(water[0].url))).toBeLessThanOrEqual(8);
    expect(Math.round(days(water[1].url))).toBeGreaterThanOrEqual(29);
    expect(water.map((r) => since(r.url))).toEqual([null, null]);
    await vi.waitFor(() => expect(seen['sync:pulled']).toHaveLength(2));
    // The next pull asks for changes only, and no rest again.
    await engine.sync('manual');
    const later = server.requests.filter((r) => r.url.startsWith('/api/water/general')).slice(2);
    expect(later.map((r) => since(r.url))).toEqual(['T0']);
  });

  it('a pull cut by the network is wanted again on the next trigger', async () => {
    const { server, engine, seen } = setup();
    server.handler = offline;
    await engine.start(FARM);
    expect(seen['sync:pulled']).toBeUndefined();
    server.handler = bulkOk;
    await engine.sync('focus');
    expect(seen['sync:pulled']).toHaveLength(1);
  });

  it('clears the drafts of other farms on a farm switch and keeps them on re-select', async () => {
    const { engine } = setup();
    await saveDraft(db, 'f1', 'water-quality', { ph: 8 });
    await engine.setFarm('f1');
    await saveDraft(db, 'f1', 'feed', { kg: 3 });
    await engine.setFarm('f1');
    expect(await loadDraft(db, 'f1', 'water-quality')).toEqual({ ph: 8 });
    await engine.setFarm('f2');
    expect(await loadDraft(db, 'f1', 'water-quality')).toBeUndefined();
    expect(await loadDraft(db, 'f1', 'feed')).toBeUndefined();
  });

  it('resends what a closed tab left mid-request once it holds the cross-tab lock', async () => {
    const { server, engine, clock } = setup(bulkOk, new FakeLocks());
    const [entryId] = await saveRecords(db, BLOCKS, [block('A')], clock);
    await db.outbox.update(entryId, { status: 'sending', since: clock.now() });
    await engine.sync();
    expect(writes(server)).toHaveLength(1);
    expect(await db.outbox.count()).toBe(0);
  });

  it('without Web Locks, waits until a sending entry is clearly abandoned', async () => {
    const { server, engine, clock } = setup();
    const [entryId] = await saveRecords(db, BLOCKS, [block('A')], clock);
    await db.outbox.update(entryId, { status: 'sending', since: clock.now() });
    await engine.sync();
    expect(writes(server)).toHaveLength(0);
    clock.advance(120_000);
    await engine.sync();
    expect(writes(server)).toHaveLength(1);
  });

  it('publishes live pending and failed counts for a sync badge', async () => {
    const { engine } = setup(status(400, { message: 'no', code: 'validation-failed' }));
    const counts: number[][] = [];
    const subscription = observeSummary(db).subscribe((s) => counts.push([s.queued, s.failed]));
    await saveRecords(db, BLOCKS, [block('A')], new ManualClock());
    await vi.waitFor(() => expect(counts.at(-1)).toEqual([1, 0]));
    await engine.sync();
    await vi.waitFor(() => expect(counts.at(-1)).toEqual([0, 1]));
    subscription.unsubscribe();
  });

  it('keeps queued data when offline and reports it as pending', async () => {
    const { engine } = setup(offline);
    await saveRecords(db, BLOCKS, [block('A')], new ManualClock());
    await engine.sync();
    expect(engine.getState()).toMatchObject({ pending: 1, failed: 0, running: false });
    expect((await db.outbox.toArray())[0]).toMatchObject({
      status: 'queued',
      lastError: { code: 'network' },
    });
  });
});
