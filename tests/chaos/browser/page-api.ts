import { endCycle, startCycle } from '#features/cycle/cycle-writes.ts';
import { type AnyRow, TambakDb } from '#local/db';
import { createRepository } from '#local/repository';
import { WATER_CHEMICAL, WATER_GENERAL } from '#local/resources';
import type { Cycle } from '#shared/contracts/cycle';
import { Rng } from '../../../scripts/lib/prng.ts';
import { type KindLedger, kindOps } from '../kind-ops.ts';
import type { Extras, KindDevice, KindOp } from '../kind-table.ts';
import type { ChaosTable, LedgerRecord } from '../ledger.ts';

/**
 * Bundled (esbuild, see page-bundle.ts) and added to every page of a chaos device as an
 * init script: the app's own write path — `createRepository` (record + outbox entry in one
 * Dexie transaction) and the cycle feature's writes — on the page's IndexedDB database
 * `tambak`, the one the app's sync engine drains. Dexie tells the app's own Dexie copy in
 * the same window about each write (its storage-mutated DOM event), so the engine's
 * write trigger fires as for a save button.
 */
export type ReadingTable = 'waterGeneral' | 'waterChemical';

let db: TambakDb | undefined;
const open = (): TambakDb => {
  db ??= new TambakDb();
  return db;
};
const repo = (table: ReadingTable) =>
  createRepository(table === 'waterGeneral' ? WATER_GENERAL : WATER_CHEMICAL, open());

/** What a newer kind's operation told its ledger, played back on the harness's real one. */
export type KindJournal = (
  | { t: 'created'; record: Omit<LedgerRecord, 'deleted' | 'writes' | 'kind'> & { kind?: string } }
  | { t: 'updated'; table: ChaosTable; id: string; values: Record<string, number | string> }
  | { t: 'deleted'; table: ChaosTable; id: string }
  | { t: 'allow'; table: ChaosTable; id: string }
  | { t: 'orderLines'; id: string; lines: [string, number][] }
)[];

export interface Snapshot {
  /** Each table's rows with their primary keys. */
  rows: Record<string, [string, AnyRow][]>;
  outbox: { id: string; status: string; table?: string; recordIds: string[] }[];
}

export const chaosApi = {
  async createReadings(table: ReadingTable, rows: Record<string, unknown>[]): Promise<void> {
    await repo(table).create(rows);
  },
  async updateReading(table: ReadingTable, id: string, changes: Record<string, number>): Promise<void> {
    await repo(table).update(id, changes);
  },
  async removeReading(table: ReadingTable, id: string): Promise<void> {
    await repo(table).remove(id);
  },
  async startCycle(input: {
    farmId: string;
    pondId: string;
    startDate: string;
    today: string;
  }): Promise<string> {
    const d = open();
    const cycles = (await d.mirror('cycles').where('farm_id').equals(input.farmId).toArray()).filter(
      (c) => c.pond_id === input.pondId,
    ) as unknown as Cycle[];
    return startCycle(d, { ...input, cycles });
  },
  async endCycle(id: string, endDate: string): Promise<boolean> {
    const d = open();
    const row = (await d.mirror('cycles').get(id)) as unknown as Cycle | undefined;
    if (!row) return false;
    await endCycle(d, row, endDate);
    return true;
  },
  /** Outbox entries by status (what the device still owes the server). */
  async outboxCounts(): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const e of await open().outbox.toArray()) counts[e.status] = (counts[e.status] ?? 0) + 1;
    return counts;
  },
  /** Heal phase: queued entries due now, so the next trigger sends them without waiting out a backoff. */
  async releaseBackoff(): Promise<void> {
    await open().outbox.where('status').equals('queued').modify({ nextAttemptAt: 0 });
  },
  /** Ids of one farm's rows in a mirror table (to find what the UI form just saved). */
  async ids(table: string, farmId: string): Promise<string[]> {
    return (await open().mirror(table).where('farm_id').equals(farmId).primaryKeys()) as string[];
  },
  async row(table: string, id: string): Promise<AnyRow | undefined> {
    return open().mirror(table).get(id);
  },
  /**
   * One operation of the newer record kinds (kind-ops.ts, as the Node harness plays them),
   * on this page's database with the app's own write functions. The ledger here holds the
   * harness's records and writes down what the operation told it, for the harness to play
   * on its own ledger.
   */
  async runKind(
    op: KindOp,
    seed: number,
    farmId: string,
    device: Omit<KindDevice, 'db'>,
    extras: Omit<Extras, 'books'>,
    records: LedgerRecord[],
  ): Promise<{ done: boolean; journal: KindJournal }> {
    const journal: KindJournal = [];
    const map = new Map(records.map((r) => [`${r.table}:${r.id}`, r]));
    const ledger: KindLedger = {
      records: map,
      created(record) {
        map.set(`${record.table}:${record.id}`, {
          ...record,
          kind: record.kind ?? record.table,
          deleted: false,
          writes: 1,
        });
        journal.push({ t: 'created', record });
      },
      updated(table, id, values) {
        const r = map.get(`${table}:${id}`);
        if (r) r.values = { ...r.values, ...values };
        journal.push({ t: 'updated', table, id, values });
      },
      deleted(table, id) {
        const r = map.get(`${table}:${id}`);
        if (r) r.deleted = true;
        journal.push({ t: 'deleted', table, id });
      },
      live: (index, tables) =>
        [...map.values()].filter((r) => r.device === index && !r.deleted && tables.includes(r.table)),
      allow(table, id) {
        journal.push({ t: 'allow', table, id });
      },
    } as KindLedger;
    const orderLines = {
      set(id: string, lines: Map<string, number>) {
        journal.push({ t: 'orderLines', id, lines: [...lines] });
        return orderLines;
      },
    } as unknown as Map<string, Map<string, number>>;
    const run = kindOps({ rng: new Rng(seed), ledger, farmId, extras: { ...extras, books: { orderLines } } });
    const done = await run(op, { ...device, db: open() });
    return { done, journal };
  },
  async snapshot(tables: string[]): Promise<Snapshot> {
    const d = open();
    const rows: Record<string, [string, AnyRow][]> = {};
    for (const t of tables) {
      const table = d.mirror(t);
      const keys = (await table.toCollection().primaryKeys()) as string[];
      const values = await table.toArray();
      rows[t] = values.map((row, i) => [String(keys[i]), row]);
    }
    const outbox = (await d.outbox.toArray()).map((e) => ({
      id: e.id,
      status: e.status,
      table: e.table,
      recordIds: e.recordIds,
    }));
    return { rows, outbox };
  },
};

export type ChaosApi = typeof chaosApi;

(globalThis as unknown as { __chaos: ChaosApi }).__chaos = chaosApi;
