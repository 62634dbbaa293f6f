import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newId } from '#local/ids';
import { Rng } from '../../../scripts/lib/prng.ts';
import { type CheckResult, check } from '../checker.ts';
import { KIND_WEIGHTS, type KindOp } from '../kind-table.ts';
import { setUpExtras } from '../kinds.ts';
import { type ChaosTable, Ledger } from '../ledger.ts';
import { createFarm, type World } from '../world.ts';
import type { ChaosApi, Snapshot } from './page-api.ts';
import { pageApiScript } from './page-bundle.ts';
import type { ChaosStack } from './stack.ts';
import { snapshotViews, syncScreenFailures } from './views.ts';
import { waitFor, waitUntil } from './wait.ts';
import { WorkerSync } from './worker-sync.ts';

/**
 * One seed of the browser fault-injection run: three Chromium contexts (a manager's two
 * phones and a technician's) run the built app with its service worker against the real
 * server behind a loopback proxy; a seeded PRNG picks every write and every fault.
 * Writes go through the UI's water-entry form (a share of the creates) or the app's own
 * repository and cycle writes evaluated in the page (page-api.ts).
 */
export type BrowserOp =
  | 'create-reading'
  | 'create-reading-ui'
  | 'update-reading'
  | 'delete-reading'
  | 'start-cycle'
  | 'end-cycle'
  | 'offline'
  | 'online'
  | 'drop-response'
  | 'kill-server'
  | 'page-reopen'
  | 'worker-replay'
  | 'sync-trigger'
  | KindOp;

export const BROWSER_MUTATIONS: BrowserOp[] = [
  'create-reading',
  'create-reading-ui',
  'update-reading',
  'delete-reading',
  'start-cycle',
  'end-cycle',
  ...(Object.keys(KIND_WEIGHTS) as KindOp[]),
];

/** The newer record kinds (kind-ops.ts) at half their Node weights: a browser step costs more. */
const KIND_SHARE = 0.5;

const WEIGHTS: Record<BrowserOp, number> = {
  'create-reading': 24,
  'create-reading-ui': 6,
  'update-reading': 18,
  'delete-reading': 7,
  'start-cycle': 4,
  'end-cycle': 3,
  offline: 8,
  online: 7,
  'drop-response': 5,
  'kill-server': 1.5,
  'page-reopen': 3,
  'worker-replay': 5,
  'sync-trigger': 6,
  ...(Object.fromEntries(Object.entries(KIND_WEIGHTS).map(([op, w]) => [op, w * KIND_SHARE])) as Record<
    KindOp,
    number
  >),
};

export interface BrowserSeedOptions {
  browser: Browser;
  stack: ChaosStack;
  world: World;
  seed: number;
  steps: number;
  maxKills?: number;
  /** Operations forced at given steps (so a short CI run surely plays these faults). */
  scheduled?: { step: number; op: BrowserOp; device?: number }[];
  /** Share of creates made through the water-entry form (0 turns the UI path off). */
  uiShare?: number;
  log?: (line: string) => void;
}

export interface BrowserSeedTally extends CheckResult {
  seed: number;
  steps: number;
  mutations: number;
  ops: Partial<Record<BrowserOp, number>>;
  faults: Record<string, number>;
  /** Failed records shown with a reason on the devices' /sync screens. */
  failedOnSyncScreen: number;
  ms: number;
}

interface Device {
  index: number;
  role: 'manager' | 'technician';
  context: BrowserContext;
  page: Page;
  worker: WorkerSync;
  offline: boolean;
  insertPonds: string[];
  refusedPonds: string[];
}

type Chaos = { __chaos: ChaosApi };
const DAY = 86_400_000;
const WIB = 7 * 3_600_000;
const farmDay = (ms: number) => new Date(ms + WIB).toISOString().slice(0, 10);
const tenth = (rng: Rng, min: number, max: number) => rng.int(min * 10, max * 10) / 10;
const TABLES: ChaosTable[] = [
  'waterGeneral',
  'waterChemical',
  'cycles',
  'stocks',
  'harvests',
  'deaths',
  'samplings',
  'anco',
  'photos',
  'warehouseMovements',
  'purchaseOrders',
  'financeTransactions',
];

export async function runBrowserSeed(options: BrowserSeedOptions): Promise<BrowserSeedTally> {
  const started = Date.now();
  const { browser, stack, world, seed, steps } = options;
  const { server, proxy } = stack;
  const log = options.log ?? (() => undefined);
  const rng = new Rng(seed);
  const farm = await createFarm(world, seed);
  const [p1, p2, p3, p4] = farm.pondIds as [string, string, string, string];
  const pondName = (id: string) => `Kolam ${farm.pondIds.indexOf(id) + 1}`;
  const ledger = new Ledger();
  // Items, stockings, accounts and categories for the newer kinds, before any device pulls.
  const extras = await setUpExtras(world, ledger, farm.farmId, farm.pondIds);
  const { books, ...pageExtras } = extras;
  const faults: Record<string, number> = {};
  const fault = (kind: string, n = 1) => {
    if (n > 0) faults[kind] = (faults[kind] ?? 0) + n;
  };
  const ops: Partial<Record<BrowserOp, number>> = {};
  const script = await pageApiScript();
  let serverUp = true;
  let kills = 0;
  const maxKills = options.maxKills ?? 2;
  const uiShare = options.uiShare ?? 0.2;
  const cutsBefore = proxy.cuts;
  let cutBudget = 0;
  proxy.cutAfterCommit = (method) => {
    if (method === 'GET' || cutBudget <= 0) return false;
    cutBudget -= 1;
    return true;
  };

  async function openPage(d: Device): Promise<void> {
    d.page = await d.context.newPage();
    await d.page.goto(`/farm/${farm.farmId}`);
    await d.page.waitForFunction(() => typeof (window as unknown as Partial<Chaos>).__chaos === 'object');
  }

  async function newDevice(index: number, role: 'manager' | 'technician'): Promise<Device> {
    const context = await browser.newContext({
      baseURL: stack.baseUrl,
      viewport: { width: 360, height: 800 },
      locale: 'id-ID',
      timezoneId: 'Asia/Jakarta',
    });
    const session = JSON.stringify({
      token: role === 'manager' ? world.managerToken : world.technicianToken,
      user: role === 'manager' ? world.managerUser : world.technicianUser,
    });
    await context.addInitScript(
      ([key, value]) => {
        if (!localStorage.getItem(key as string)) localStorage.setItem(key as string, value as string);
      },
      ['tambak:session', session],
    );
    await context.addInitScript({ content: script });
    const d = {
      index,
      role,
      context,
      offline: false,
      insertPonds: role === 'manager' ? [p1, p2, p3, p4] : [p1, p2],
      refusedPonds: role === 'manager' ? [] : [p3, p4],
    } as unknown as Device;
    await openPage(d);
    // The service worker controls the page, and the device has pulled the farm's ponds.
    await d.page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
      timeout: 30_000,
    });
    const expectPonds = role === 'manager' ? 4 : 3;
    await waitFor(
      async () =>
        (await d.page.evaluate((f) => (window as unknown as Chaos).__chaos.ids('ponds', f), farm.farmId))
          .length >= expectPonds,
      30_000,
      `device ${index} pulling the ponds`,
    );
    d.worker = await WorkerSync.attach(context, stack.baseUrl);
    return d;
  }

  const devices: Device[] = [];
  try {
    for (const [i, role] of (['manager', 'manager', 'technician'] as const).entries())
      devices.push(await newDevice(i, role));

    /** Calls the in-page write API (page-api.ts) of a device's open page. */
    const api = <M extends keyof ChaosApi>(
      d: Device,
      method: M,
      ...args: Parameters<ChaosApi[M]>
    ): Promise<Awaited<ReturnType<ChaosApi[M]>>> =>
      d.page.evaluate(
        ([m, a]) => {
          const chaos = (window as unknown as Chaos).__chaos as unknown as Record<
            string,
            (...x: unknown[]) => Promise<unknown>
          >;
          return chaos[m]!(...a);
        },
        [method as string, args as unknown[]] as const,
      ) as Promise<Awaited<ReturnType<ChaosApi[M]>>>;

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
      await api(d, 'createReadings', table as 'waterGeneral', rows);
      for (const { id, farm_id: _f, pond_id: _p, ...values } of rows)
        ledger.created({ device: d.index, table, id, pondId, values, expectRefused: refused });
    }

    /** The water-entry form: one pond's pH and DO, the save button, the saved toast. */
    async function createReadingUi(d: Device): Promise<void> {
      const pondId = rng.pick(d.insertPonds);
      const ph = tenth(rng, 6, 9);
      const dO = tenth(rng, 3, 8);
      const page = d.page;
      const before = new Set(await api(d, 'ids', 'waterGeneral', farm.farmId));
      await page.goto(`/farm/${farm.farmId}/water-quality/add`);
      const card = page.getByRole('region', { name: pondName(pondId), exact: true });
      await card.getByLabel('pH', { exact: false }).first().fill(String(ph).replace('.', ','));
      await card.getByLabel('DO', { exact: false }).first().fill(String(dO).replace('.', ','));
      await page.getByRole('button', { name: 'Simpan 1 kolam' }).click();
      // pH and DO only: the form asks before saving a partly filled card; a pond that already
      // has a reading in this slot (another device's) asks whether to save a second one.
      // Online the toast says saved; offline, saved on the phone and waiting for signal.
      const saved = page.getByText(/^1 catatan tersimpan( di ponsel, menunggu sinyal)?\.$/).first();
      const partial = page.getByRole('dialog', { name: 'Simpan sebagian?' });
      const duplicate = page.getByRole('dialog', { name: 'Sudah ada catatan' });
      for (;;) {
        await saved.or(partial).or(duplicate).first().waitFor();
        if (await saved.isVisible()) break;
        const [dialog, answer] = (await partial.isVisible())
          ? [partial, 'Simpan sebagian']
          : [duplicate, 'Tetap simpan'];
        await dialog.getByRole('button', { name: answer }).click();
        await dialog.waitFor({ state: 'hidden' });
      }
      const after = await api(d, 'ids', 'waterGeneral', farm.farmId);
      // Rows the pulls brought in meanwhile are other devices' records (all in the ledger).
      const fresh = after.filter((id) => !before.has(id) && !ledger.has('waterGeneral', id));
      if (fresh.length !== 1) throw new Error(`the form saved ${fresh.length} readings, expected 1`);
      const id = fresh[0]!;
      const row = await api(d, 'row', 'waterGeneral', id);
      ledger.created({
        device: d.index,
        table: 'waterGeneral',
        id,
        pondId,
        values: { ph, do: dO, measured_at: String(row?.measured_at) },
        expectRefused: false,
      });
    }

    async function updateReading(d: Device): Promise<boolean> {
      const live = ledger.live(d.index, ['waterGeneral', 'waterChemical']);
      if (live.length === 0) return false;
      const r = rng.pick(live);
      const all = readingValues(r.table);
      const changes = Object.fromEntries(Object.entries(all).filter(() => rng.chance(0.6)));
      if (Object.keys(changes).length === 0) Object.assign(changes, all);
      await api(d, 'updateReading', r.table as 'waterGeneral', r.id, changes);
      ledger.updated(r.table, r.id, changes);
      return true;
    }

    async function deleteReading(d: Device): Promise<boolean> {
      const live = ledger.live(d.index, ['waterGeneral', 'waterChemical']);
      if (live.length === 0) return false;
      const r = rng.pick(live);
      await api(d, 'removeReading', r.table as 'waterGeneral', r.id);
      ledger.deleted(r.table, r.id);
      return true;
    }

    async function startCycleOp(d: Device): Promise<void> {
      const refused = d.refusedPonds.length > 0 && rng.chance(0.2);
      const pondId = rng.pick(refused ? d.refusedPonds : d.insertPonds);
      const startDate = farmDay(Date.now() - rng.int(1, 60) * DAY);
      const id = await api(d, 'startCycle', {
        farmId: farm.farmId,
        pondId,
        startDate,
        today: farmDay(Date.now()),
      });
      ledger.created({
        device: d.index,
        table: 'cycles',
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
      const endDate = farmDay(Date.now());
      const ok = await api(d, 'endCycle', r.id, endDate);
      if (!ok) throw new Error(`device ${d.index} lost its own cycle ${r.id}`);
      ledger.updated('cycles', r.id, { end_date: endDate });
      return true;
    }

    /** Wakes the page's sync engine as the browser's `online` event does. */
    const nudge = (d: Device) =>
      d.page.evaluate(() => window.dispatchEvent(new Event('online'))).catch(() => undefined);

    async function setOffline(d: Device, offline: boolean): Promise<void> {
      d.offline = offline;
      await d.context.setOffline(offline);
    }

    async function killServer(): Promise<void> {
      // Sometimes mid-sync: the requests in flight are cut, committed or not.
      if (rng.chance(0.5)) await Promise.all(devices.map(nudge));
      await server.kill();
      serverUp = false;
      kills += 1;
      fault('server-sigkill');
    }

    async function reopenPage(d: Device): Promise<void> {
      // Sometimes while the page is sending: the answer is lost with the page.
      if (rng.chance(0.5)) await nudge(d);
      await d.page.close();
      fault('page-close-reopen');
      await openPage(d);
    }

    /** The page closes with requests parked in the worker; the worker replays them alone. */
    async function workerReplay(d: Device): Promise<boolean> {
      if (!serverUp) return false;
      let counts = await api(d, 'outboxCounts');
      if (!counts['in-worker']) {
        if (!counts.queued) return false;
        // Hand the queue to the worker: a page opened with no signal sends its creates
        // through the worker, which parks them (entries 'in-worker').
        if (!d.offline) {
          await setOffline(d, true);
          fault('device-offline');
        }
        await d.page.close();
        await openPage(d);
        await waitUntil(async () => {
          counts = await api(d, 'outboxCounts');
          return (counts['in-worker'] ?? 0) > 0;
        }, 5_000);
        if (!counts['in-worker']) return false; // only edits and deletes queued: not the worker's
      }
      fault('worker-holding', counts['in-worker']);
      // The page closes; signal returns; the worker replays with no app page open.
      await d.page.close();
      const logged = proxy.log.length;
      await setOffline(d, false);
      await d.worker.fire();
      fault('worker-replay-page-closed');
      const replayed = await waitUntil(
        () => proxy.log.slice(logged).some((e) => e.method === 'POST' && e.url.includes('/bulk')),
        10_000,
      );
      if (!replayed) fault('worker-replay-not-seen');
      await openPage(d);
      return true;
    }

    /** A newer kind's operation run in the device's page; what it told its ledger is played here. */
    async function kindOp(op: KindOp, d: Device): Promise<boolean> {
      const device = {
        index: d.index,
        role: d.role,
        insertPonds: d.insertPonds,
        refusedPonds: d.refusedPonds,
      };
      const { done, journal } = await api(
        d,
        'runKind',
        op,
        rng.int(1, 2 ** 30),
        farm.farmId,
        device,
        pageExtras,
        [...ledger.records.values()],
      );
      for (const e of journal) {
        if (e.t === 'created') ledger.created(e.record);
        else if (e.t === 'updated') ledger.updated(e.table, e.id, e.values);
        else if (e.t === 'deleted') ledger.deleted(e.table, e.id);
        else if (e.t === 'orderLines') books.orderLines.set(e.id, new Map(e.lines));
        else {
          // As kind-ops' stocking does on the Node ledger: the cycle a stocking started moves.
          ledger.allow(e.table, e.id);
          const named = ledger.records.get(`${e.table}:${e.id}`);
          if (e.table === 'cycles' && named) named.valuesMayMove = true;
        }
      }
      return done;
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
      let op = rng.weighted(WEIGHTS);
      if (op === 'kill-server' && (!serverUp || kills >= maxKills)) op = 'sync-trigger';
      if (op === 'create-reading-ui' && !rng.chance(uiShare / (WEIGHTS['create-reading-ui'] / 30)))
        op = 'create-reading';
      let d = rng.pick(devices);
      const forced = options.scheduled?.find((s) => s.step === step);
      if (forced && !(forced.op === 'kill-server' && !serverUp)) {
        op = forced.op;
        d = devices[forced.device ?? d.index]!;
      }
      let done = true;
      const opStarted = Date.now();

      switch (op) {
        case 'create-reading':
          await createReadings(d);
          break;
        case 'create-reading-ui':
          await createReadingUi(d);
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
          await setOffline(d, true);
          fault('device-offline');
          break;
        case 'online':
          await setOffline(d, false);
          break;
        case 'drop-response':
          cutBudget += rng.int(1, 2);
          break;
        case 'kill-server':
          await killServer();
          break;
        case 'page-reopen':
          await reopenPage(d);
          break;
        case 'worker-replay':
          done = await workerReplay(d);
          break;
        case 'sync-trigger':
          await nudge(d);
          break;
        default:
          done = await kindOp(op, d);
      }
      if (done) ops[op] = (ops[op] ?? 0) + 1;
      log(
        `seed ${seed} step ${step}: ${op} on device ${d.index}${done ? '' : ' (nothing to do)'}, ${Date.now() - opStarted} ms`,
      );
    }

    // Heal: server up, every device online, no armed cuts; then drain every device.
    if (!serverUp) {
      await server.start();
      serverUp = true;
      fault('server-restart');
    }
    cutBudget = 0;
    proxy.cutAfterCommit = null;
    fault('response-dropped-after-commit', proxy.cuts - cutsBefore);
    for (const d of devices) await setOffline(d, false);
    const unsettled = async (d: Device) => {
      const c = await api(d, 'outboxCounts');
      return (c.queued ?? 0) + (c.sending ?? 0) + (c['in-worker'] ?? 0) + (c.held ?? 0);
    };
    log(`seed ${seed}: healing after ${Date.now() - started} ms`);
    const drained = await waitUntil(async () => {
      let left = 0;
      for (const d of devices) {
        const n = await unsettled(d);
        if (n === 0) continue;
        left += n;
        await api(d, 'releaseBackoff');
        await d.worker.fire();
        await nudge(d);
      }
      return left === 0;
    }, 90_000);

    const snapshots: Snapshot[] = [];
    for (const d of devices) snapshots.push(await api(d, 'snapshot', TABLES));
    const result = await check({
      ledger,
      views: snapshotViews(snapshots),
      databaseUrl: server.databaseUrl,
      farmId: farm.farmId,
      mayFail: (r) => r.table === 'cycles' || devices[r.device]!.role === 'technician',
      books,
    });
    if (!drained) result.violations.push('other: the outboxes did not drain within the bound');
    // Failed records are visible on each device's /sync screen, each with a reason.
    let failedOnSyncScreen = 0;
    for (const [i, d] of devices.entries()) {
      const want = snapshots[i]!.outbox.filter((e) => e.status === 'failed').length;
      const seen = await syncScreenFailures(d.page, want);
      failedOnSyncScreen += seen.withReason;
      if (seen.shown !== want || seen.withReason !== want)
        result.violations.push(
          `other: device ${i} /sync shows ${seen.shown} failed (${seen.withReason} with a reason), its outbox has ${want}`,
        );
    }
    const mutations = BROWSER_MUTATIONS.reduce((s, op) => s + (ops[op] ?? 0), 0);
    return { ...result, seed, steps, mutations, ops, faults, failedOnSyncScreen, ms: Date.now() - started };
  } finally {
    proxy.cutAfterCommit = null;
    for (const d of devices) await d.context.close().catch(() => undefined);
    if (!serverUp) await server.start();
  }
}

export function formatBrowserTally(
  t: Omit<BrowserSeedTally, 'seed' | 'ms'> & { seed?: number | string; ms?: number },
): string {
  const list = (o: Record<string, number | undefined>) =>
    Object.entries(o)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ') || 'none';
  return [
    `seed ${t.seed ?? '-'}: steps ${t.steps}, mutations ${t.mutations}, records checked ${t.recordsChecked}`,
    `  ops: ${list(t.ops)}`,
    `  faults: ${list(t.faults)}`,
    `  stock: ${t.stockChecked} items checked, ${t.stockMismatches} mismatched; balances: ${t.balancesChecked} accounts checked, ${t.balanceMismatches} mismatched`,
    `  lost ${t.lost}, duplicated ${t.duplicated}, violations ${t.violations.length}, failed with reason ${t.failedWithReason} (${list(t.failureCodes)}), shown on /sync ${t.failedOnSyncScreen}, refused as expected ${t.refused}${t.ms === undefined ? '' : `, ${t.ms} ms`}`,
  ].join('\n');
}
