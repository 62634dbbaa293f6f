import 'fake-indexeddb/auto';
import { endCycle, startCycle } from '#features/cycle/cycle-writes.ts';
import { TambakDb } from '#local/db';
import { newId } from '#local/ids';
import { createRepository } from '#local/repository';
import { WATER_CHEMICAL, WATER_GENERAL } from '#local/resources';
import { createSyncEngine, type SyncEngine } from '#local/sync/engine';
import { SYNC_PULL_URL } from '#local/sync/pull';
import { readSummary } from '#local/sync/summary';
import { createFetchTransport } from '#local/sync/transport';
import { FakeLocks, TestEnv } from '#local/test-kit';
import type { Cycle } from '#shared/contracts/cycle';
import { Rng } from '../../scripts/lib/prng.ts';
import { type CheckResult, check } from './checker.ts';
import { kindOps } from './kind-ops.ts';
import { KIND_OF_OP, KIND_WEIGHTS, type KindOp } from './kind-table.ts';
import { setUpExtras } from './kinds.ts';
import { type ChaosTable, Ledger } from './ledger.ts';
import { createFarm, type World } from './world.ts';

/**
 * One seed of the fault-injection run. Three devices, each the app's real offline layer
 * (Dexie on fake-indexeddb, the outbox, the sync engine with the fetch transport), talk
 * to the real server process; a seeded PRNG picks every operation and every fault.
 */

export type Op =
  | 'create-reading'
  | 'update-reading'
  | 'delete-reading'
  | 'start-cycle'
  | 'end-cycle'
  | KindOp
  | 'offline'
  | 'online'
  | 'drop-response'
  | 'drop-pull'
  | 'inject-5xx'
  | 'kill-server'
  | 'page-reopen'
  | 'sync-manual'
  | 'focus';

export const MUTATIONS: Op[] = [
  'create-reading',
  'update-reading',
  'delete-reading',
  'start-cycle',
  'end-cycle',
  ...(Object.keys(KIND_WEIGHTS) as KindOp[]),
];

const WEIGHTS: Record<Op, number> = {
  'create-reading': 30,
  'update-reading': 18,
  'delete-reading': 7,
  'start-cycle': 4,
  'end-cycle': 3,
  ...KIND_WEIGHTS,
  offline: 7,
  online: 7,
  'drop-response': 5,
  'drop-pull': 2,
  'inject-5xx': 5,
  'kill-server': 1.5,
  'page-reopen': 3,
  'sync-manual': 7,
  focus: 3,
};

export interface SeedOptions {
  world: World;
  seed: number;
  steps: number;
  /** SIGKILLs per seed at most (each restart costs a server start-up). */
  maxKills?: number;
  /**
   * Scale of the record kinds added after readings and cycles (issue 29 point 4) against
   * the rest: 1 = their full weights, 0 = readings and cycles only.
   */
  kindsWeight?: number;
  log?: (line: string) => void;
}

export interface SeedTally extends CheckResult {
  seed: number;
  steps: number;
  mutations: number;
  ops: Partial<Record<Op, number>>;
  /** Mutations per record kind (feed, restock, finance, …). */
  kindMutations: Record<string, number>;
  faults: Record<string, number>;
  ms: number;
}

interface Device {
  index: number;
  role: 'manager' | 'technician';
  token: string;
  db: TambakDb;
  env: TestEnv;
  locks: FakeLocks;
  engine: SyncEngine;
  /** Page generation: a closed page's requests and late answers are lost, as in a browser. */
  gen: number;
  offline: boolean;
  /** Writes (pushes) whose answer is cut after the server committed. */
  dropNext: number;
  /** Pull answers (POST /api/sync/pull, ADR 0065) cut: a fault of its own, so writes keep theirs. */
  dropPull: number;
  fail5xx: number;
  closed: SyncEngine[];
  /** Ponds this user may enter readings in, and ponds where a create must be refused. */
  insertPonds: string[];
  refusedPonds: string[];
}

const DAY = 86_400_000;
const WIB = 7 * 3_600_000;
const farmDay = (ms: number) => new Date(ms + WIB).toISOString().slice(0, 10);
const tenth = (rng: Rng, min: number, max: number) => rng.int(min * 10, max * 10) / 10;

export async function runSeed(options: SeedOptions): Promise<SeedTally> {
  const started = Date.now();
  const { world, seed, steps } = options;
  const server = world.server;
  const rng = new Rng(seed);
  const farm = await createFarm(world, seed);
  const [p1, p2, p3, p4] = farm.pondIds as [string, string, string, string];
  const ledger = new Ledger();
  const extras = await setUpExtras(world, ledger, farm.farmId, farm.pondIds);
  const runKindOp = kindOps({ rng, ledger, farmId: farm.farmId, extras });
  const kindsWeight = options.kindsWeight ?? 1;
  const weights = { ...WEIGHTS };
  for (const op of Object.keys(KIND_WEIGHTS) as KindOp[]) weights[op] = KIND_WEIGHTS[op] * kindsWeight;
  const kindMutations: Record<string, number> = {};
  const faults: Record<string, number> = {};
  const fault = (kind: string) => {
    faults[kind] = (faults[kind] ?? 0) + 1;
  };
  const ops: Partial<Record<Op, number>> = {};
  let serverUp = true;
  let kills = 0;
  const maxKills = options.maxKills ?? 3;

  function makeEngine(d: Device): SyncEngine {
    const gen = d.gen;
    const fetchFn: typeof fetch = async (input, init) => {
      if (gen !== d.gen) throw new TypeError('page closed');
      if (d.offline) throw new TypeError('Failed to fetch (offline)');
      if (d.fail5xx > 0) {
        d.fail5xx -= 1;
        fault('5xx-answered');
        return new Response(JSON.stringify({ message: 'injected', code: 'internal' }), {
          status: 503,
          headers: { 'content-type': 'application/json' },
        });
      }
      const pull = String(input).startsWith(SYNC_PULL_URL);
      const drop = pull ? d.dropPull > 0 : d.dropNext > 0 && init?.method !== 'GET';
      if (drop && pull) d.dropPull -= 1;
      else if (drop) d.dropNext -= 1;
      const response = await fetch(`${server.baseUrl}${String(input)}`, init);
      if (drop) {
        // The server answered (committed); the device never hears of it.
        await response.text();
        fault(pull ? 'pull-answer-dropped' : 'response-dropped-after-commit');
        throw new TypeError('network error: response lost');
      }
      if (gen !== d.gen) {
        await response.text();
        fault('answer-lost-to-page-close');
        throw new TypeError('page closed');
      }
      if (process.env.CHAOS_DEBUG && response.status >= 400)
        console.log('chaos:', init?.method, String(input), response.status, await response.clone().text());
      return response;
    };
    return createSyncEngine({
      db: d.db,
      env: d.env,
      maxBatch: 20,
      transport: createFetchTransport({ getToken: () => d.token, fetchFn, timeoutMs: 15_000 }),
    });
  }

  const devices: Device[] = (['manager', 'manager', 'technician'] as const).map((role, index) => {
    const locks = new FakeLocks();
    const d = {
      index,
      role,
      token: role === 'manager' ? world.managerToken : world.technicianToken,
      db: new TambakDb(`chaos-${seed}-${index}-${newId()}`),
      locks,
      env: new TestEnv(locks),
      gen: 0,
      offline: false,
      dropNext: 0,
      dropPull: 0,
      fail5xx: 0,
      closed: [],
      insertPonds: role === 'manager' ? [p1, p2, p3, p4] : [p1, p2],
      refusedPonds: role === 'manager' ? [] : [p3, p4],
    } as unknown as Device;
    d.engine = makeEngine(d);
    return d;
  });
  for (const d of devices) {
    await d.engine.start();
    await d.engine.setFarm(farm.farmId);
  }

  const readingValues = (table: ChaosTable): Record<string, number> =>
    table === 'waterGeneral'
      ? { ph: tenth(rng, 6, 9), do: tenth(rng, 3, 8), temperature: tenth(rng, 25, 32) }
      : { tom: tenth(rng, 10, 90), alkalinity: tenth(rng, 80, 200), no2: tenth(rng, 0, 5) };

  async function createReadings(d: Device): Promise<void> {
    const refused = d.refusedPonds.length > 0 && rng.chance(0.2);
    const pondId = rng.pick(refused ? d.refusedPonds : d.insertPonds);
    const table: ChaosTable = rng.chance(0.25) ? 'waterChemical' : 'waterGeneral';
    const count = rng.chance(0.3) ? rng.int(2, 4) : 1;
    const rows = Array.from({ length: count }, () => ({
      id: newId(),
      farm_id: farm.farmId,
      pond_id: pondId,
      measured_at: new Date(Date.now() - rng.int(1, 5 * 24 * 60) * 60_000).toISOString(),
      ...readingValues(table),
    }));
    await createRepository(table === 'waterGeneral' ? WATER_GENERAL : WATER_CHEMICAL, d.db).create(rows);
    for (const { id, farm_id: _f, pond_id: _p, ...values } of rows)
      ledger.created({
        device: d.index,
        table,
        kind: 'water-reading',
        id,
        pondId,
        values,
        expectRefused: refused,
      });
  }

  async function updateReading(d: Device): Promise<boolean> {
    const live = ledger.live(d.index, ['waterGeneral', 'waterChemical']);
    if (live.length === 0) return false;
    const r = rng.pick(live);
    const all = readingValues(r.table);
    const changes = Object.fromEntries(Object.entries(all).filter(() => rng.chance(0.6)));
    if (Object.keys(changes).length === 0) Object.assign(changes, all);
    await createRepository(r.table === 'waterGeneral' ? WATER_GENERAL : WATER_CHEMICAL, d.db).update(
      r.id,
      changes,
    );
    ledger.updated(r.table, r.id, changes);
    return true;
  }

  async function deleteReading(d: Device): Promise<boolean> {
    const live = ledger.live(d.index, ['waterGeneral', 'waterChemical']);
    if (live.length === 0) return false;
    const r = rng.pick(live);
    await createRepository(r.table === 'waterGeneral' ? WATER_GENERAL : WATER_CHEMICAL, d.db).remove(r.id);
    ledger.deleted(r.table, r.id);
    return true;
  }

  async function startCycleOp(d: Device): Promise<void> {
    const refused = d.refusedPonds.length > 0 && rng.chance(0.2);
    const pondId = rng.pick(refused ? d.refusedPonds : d.insertPonds);
    const startDate = farmDay(Date.now() - rng.int(1, 60) * DAY);
    const cycles = (await d.db.mirror('cycles').where('farm_id').equals(farm.farmId).toArray()).filter(
      (c) => c.pond_id === pondId,
    ) as unknown as Cycle[];
    const id = await startCycle(d.db, {
      farmId: farm.farmId,
      pondId,
      startDate,
      today: farmDay(Date.now()),
      cycles,
    });
    ledger.created({
      device: d.index,
      table: 'cycles',
      kind: 'cycle',
      id,
      pondId,
      values: { start_date: startDate, end_date: 0 },
      expectRefused: refused,
    });
  }

  async function endCycleOp(d: Device): Promise<boolean> {
    const open = ledger.live(d.index, ['cycles']).filter((r) => r.values.end_date === 0);
    if (open.length === 0) return false;
    const r = rng.pick(open);
    const row = (await d.db.mirror('cycles').get(r.id)) as unknown as Cycle | undefined;
    if (!row) throw new Error(`device ${d.index} lost its own cycle ${r.id}`);
    const endDate = farmDay(Date.now());
    await endCycle(d.db, row, endDate);
    ledger.updated('cycles', r.id, { end_date: endDate });
    return true;
  }

  async function killServer(): Promise<void> {
    // Sometimes mid-sync: the requests in flight are cut, committed or not.
    const inFlight = rng.chance(0.5)
      ? devices.map((d) => d.engine.sync('manual').catch(() => undefined))
      : [];
    await server.kill();
    serverUp = false;
    kills += 1;
    fault('server-sigkill');
    await Promise.all(inFlight);
  }

  async function reopenPage(d: Device): Promise<void> {
    d.engine.stop();
    d.closed.push(d.engine);
    d.gen += 1;
    d.engine = makeEngine(d);
    fault('page-close-reopen');
    await d.engine.start();
    await d.engine.setFarm(farm.farmId);
  }

  let downSteps = 0;
  for (let step = 0; step < steps; step++) {
    if (!serverUp) {
      downSteps += 1;
      if (downSteps >= 6 || rng.chance(0.25)) {
        await server.start();
        serverUp = true;
        downSteps = 0;
        fault('server-restart');
      }
    }
    let op = rng.weighted(weights);
    if (op === 'kill-server' && (!serverUp || kills >= maxKills)) op = 'sync-manual';
    const d = rng.pick(devices);
    let done = true;
    switch (op) {
      case 'create-reading':
        await createReadings(d);
        break;
      case 'update-reading':
        done = await updateReading(d);
        break;
      case 'delete-reading':
        done = await deleteReading(d);
        break;
      case 'start-cycle':
        await startCycleOp(d);
        break;
      case 'end-cycle':
        done = await endCycleOp(d);
        break;
      case 'offline':
        d.offline = true;
        d.env.fire('offline');
        fault('device-offline');
        break;
      case 'online':
        d.offline = false;
        d.env.fire('online');
        break;
      case 'drop-response':
        d.dropNext += rng.int(1, 2);
        break;
      case 'drop-pull':
        d.dropPull += 1;
        break;
      case 'inject-5xx':
        d.fail5xx += rng.int(1, 3);
        break;
      case 'kill-server':
        await killServer();
        break;
      case 'page-reopen':
        await reopenPage(d);
        break;
      case 'sync-manual':
        await d.engine.sync('manual');
        break;
      case 'focus':
        d.env.fire('focus');
        break;
      default:
        done = await runKindOp(op, d);
    }
    if (done) ops[op] = (ops[op] ?? 0) + 1;
    const kind = KIND_OF_OP[op];
    if (done && kind) kindMutations[kind] = (kindMutations[kind] ?? 0) + 1;
  }

  // Heal: server up, every device online, no armed faults; closed pages' runs settle first.
  if (!serverUp) {
    await server.start();
    fault('server-restart');
  }
  for (const d of devices) {
    d.offline = false;
    d.dropNext = 0;
    d.dropPull = 0;
    d.fail5xx = 0;
    d.env.online = true;
  }
  await Promise.all(devices.flatMap((d) => d.closed.map((e) => e.sync('manual').catch(() => undefined))));
  // The bound is in rounds (each one a full sync of every device); the wall clock is only a
  // backstop for a hung server, generous enough for a loaded 2-core machine.
  const deadline = Date.now() + 300_000;
  let drained = false;
  for (let round = 0; round < 100 && Date.now() < deadline && !drained; round++) {
    drained = true;
    for (const d of devices) {
      const s = await readSummary(d.db);
      if (s.queued + s.sending + s.inWorker + s.held === 0) continue;
      drained = false;
      await d.db.outbox.where('status').equals('queued').modify({ nextAttemptAt: 0 });
      await d.engine.sync('online');
    }
  }
  for (const d of devices) await d.engine.setFarm(farm.farmId);
  for (const d of devices) d.engine.stop();

  const result = await check({
    ledger,
    dbs: devices.map((d) => d.db),
    databaseUrl: server.databaseUrl,
    farmId: farm.farmId,
    mayFail: (r) => r.table === 'cycles' || devices[r.device]!.role === 'technician',
    books: extras.books,
  });
  if (!drained) result.violations.push('other: the outboxes did not drain within the bound');
  for (const d of devices) {
    d.db.close();
    await d.db.delete();
  }
  const mutations = MUTATIONS.reduce((s, op) => s + (ops[op] ?? 0), 0);
  return { ...result, seed, steps, mutations, ops, kindMutations, faults, ms: Date.now() - started };
}

export function formatTally(
  t: Omit<SeedTally, 'seed' | 'ms'> & { seed?: number | string; ms?: number },
): string {
  const faults = Object.entries(t.faults)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');
  const codes = Object.entries(t.failureCodes)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');
  const kinds = [...new Set([...Object.keys(t.kindMutations), ...Object.keys(t.kinds)])].sort();
  const perKind = kinds.map((k) => {
    const c = t.kinds[k];
    return `    ${k.padEnd(16)} mutations ${String(t.kindMutations[k] ?? 0).padStart(5)}  records ${String(c?.records ?? 0).padStart(5)}  lost ${c?.lost ?? 0}  duplicated ${c?.duplicated ?? 0}  failed-with-reason ${c?.failedWithReason ?? 0}`;
  });
  return [
    `seed ${t.seed ?? '-'}: steps ${t.steps}, mutations ${t.mutations}, records checked ${t.recordsChecked}`,
    `  faults: ${faults || 'none'}`,
    ...(perKind.length ? ['  per kind:', ...perKind] : []),
    `  stock: ${t.stockChecked} items checked, ${t.stockMismatches} mismatched; balances: ${t.balancesChecked} accounts checked, ${t.balanceMismatches} mismatched`,
    `  lost ${t.lost}, duplicated ${t.duplicated}, failed-with-reason ${t.failedWithReason} (${codes || 'none'}), refused as expected ${t.refused}, violations ${t.violations.length}${t.ms === undefined ? '' : `, ${t.ms} ms`}`,
  ].join('\n');
}
