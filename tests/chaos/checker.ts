import pg from 'pg';
import type { AnyRow, TambakDb } from '#local/db';
import { type ChaosTable, type Ledger, type LedgerRecord, SERVER_TABLE } from './ledger.ts';

/**
 * The checker, run after every fault is healed and every device drained and pulled.
 * It proves from the ledger (what each device's repository call reported as saved):
 *  (a) a saved record whose final local state is synced is on the server once, live,
 *      with the final values (no lost update);
 *  (b) no duplicates: count(*) = count(distinct id) per table, and no server row of the
 *      farm that no device saved;
 *  (c) a deleted record is deleted on the server (or never reached it);
 *  (d) each device reads its own writes: its mirror has every live record it saved with
 *      the last values, or shows it failed with a reason;
 *  (e) a refused write (a pond the user may not enter data for) is failed with a
 *      non-empty reason on its device and absent from the server, never dropped.
 * Nothing is pending after the drain: a record still pending is a violation too.
 */

export interface CheckResult {
  recordsChecked: number;
  lost: number;
  duplicated: number;
  failedWithReason: number;
  refused: number;
  /** Failure codes seen on devices (why records ended failed). */
  failureCodes: Record<string, number>;
  /** Per record kind (water readings, feed, restock, finance, …). */
  kinds: Record<string, KindTally>;
  /** Warehouse items whose stock was checked, and finance accounts whose balance was. */
  stockChecked: number;
  stockMismatches: number;
  balancesChecked: number;
  balanceMismatches: number;
  violations: string[];
}

/** What the checker reads of one device: its mirror rows and whether its outbox is settled. */
export interface DeviceView {
  get(table: ChaosTable, id: string): Promise<AnyRow | undefined>;
  /** Outbox entries not failed (queued, sending, in-worker, held). */
  unsettled(): Promise<number>;
}

/** A device's Dexie database read directly (the Node harness). */
export function dexieView(db: TambakDb): DeviceView {
  return {
    get: async (table, id) => (await db.mirror(table).get(id)) as AnyRow | undefined,
    unsettled: () => db.outbox.filter((e) => e.status !== 'failed').count(),
  };
}

type ServerRow = { id: string; deleted: boolean; values: Record<string, number | string> };

/** Per table: the fields compared (device names) and the server's row as those names. */
const SPEC: Record<ChaosTable, { compared: string[]; select: string }> = {
  waterGeneral: {
    compared: ['ph', 'do', 'temperature', 'measured_at'],
    select:
      'SELECT id, deleted_at IS NOT NULL AS deleted, measured_at, ph, "do", temperature FROM water_general WHERE farm_id = $1',
  },
  waterChemical: {
    compared: ['tom', 'alkalinity', 'no2', 'measured_at'],
    select:
      'SELECT id, deleted_at IS NOT NULL AS deleted, measured_at, tom, alkalinity, no2 FROM water_chemical WHERE farm_id = $1',
  },
  cycles: {
    compared: ['start_date', 'end_date'],
    select: `SELECT id, deleted_at IS NOT NULL AS deleted, to_char(start_date, 'YYYY-MM-DD') AS start_date,
               to_char(end_date, 'YYYY-MM-DD') AS end_date FROM cycles WHERE farm_id = $1`,
  },
  stocks: {
    compared: ['stock_date', 'seed_net', 'seed_actual', 'pond_id'],
    select: `SELECT id, deleted_at IS NOT NULL AS deleted, to_char(stock_date, 'YYYY-MM-DD') AS stock_date,
               seed_net, seed_actual, pond_id FROM stocks WHERE farm_id = $1`,
  },
  harvests: {
    compared: ['harvested_on', 'type', 'weight_kg', 'size', 'price_per_kg', 'stock_id'],
    select: `SELECT id, deleted_at IS NOT NULL AS deleted, to_char(harvested_on, 'YYYY-MM-DD') AS harvested_on,
               type, weight_kg, size, price_per_kg, stock_id FROM harvests WHERE farm_id = $1`,
  },
  deaths: {
    compared: ['died_on', 'count', 'stock_id'],
    select: `SELECT id, deleted_at IS NOT NULL AS deleted, to_char(died_on, 'YYYY-MM-DD') AS died_on, count, stock_id
               FROM deaths WHERE farm_id = $1`,
  },
  samplings: {
    compared: ['sampled_on', 'shrimp_count', 'sample_weight', 'pond_id'],
    select: `SELECT id, deleted_at IS NOT NULL AS deleted, to_char(sampled_on, 'YYYY-MM-DD') AS sampled_on,
               shrimp_count, sample_weight, pond_id FROM samplings WHERE farm_id = $1`,
  },
  anco: {
    compared: ['check_date', 'feeding_time', 'pond_id'],
    select: `SELECT id, deleted_at IS NOT NULL AS deleted, to_char(check_date, 'YYYY-MM-DD') AS check_date,
               feeding_time, pond_id FROM anco_checks WHERE farm_id = $1`,
  },
  photos: {
    compared: ['record_type', 'record_id'],
    select:
      'SELECT id, deleted_at IS NOT NULL AS deleted, record_type, record_id FROM record_photos WHERE farm_id = $1',
  },
  warehouseMovements: {
    compared: ['kind', 'qty', 'warehouse_id', 'used_on'],
    // A receipt's restocks are made by the server (purchase_order_id): checked per order below.
    select: `SELECT id, deleted_at IS NOT NULL AS deleted, kind, qty, warehouse_id, to_char(used_on, 'YYYY-MM-DD') AS used_on
               FROM warehouse_movements WHERE farm_id = $1 AND purchase_order_id IS NULL`,
  },
  purchaseOrders: {
    compared: ['status'],
    select: 'SELECT id, deleted_at IS NOT NULL AS deleted, status FROM purchase_orders WHERE farm_id = $1',
  },
  financeTransactions: {
    compared: ['account_id', 'nominal', 'transaction_date'],
    select: `SELECT id, deleted_at IS NOT NULL AS deleted, account_id, nominal,
               to_char(transaction_date, 'YYYY-MM-DD') AS transaction_date FROM finance_transactions WHERE farm_id = $1`,
  },
};

/** Values as comparable strings: instants by their time, numbers by their value, no end date = 0. */
function norm(field: string, value: unknown): string {
  if (value === null || value === undefined) return field === 'end_date' ? '0' : 'null';
  if (value instanceof Date) return String(value.getTime());
  if (field === 'measured_at') return String(Date.parse(String(value)));
  if (typeof value === 'number' || (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)))
    return String(Number(value));
  return String(value);
}

function diff(table: ChaosTable, want: Record<string, unknown>, got: Record<string, unknown>): string | null {
  const out: string[] = [];
  for (const f of SPEC[table].compared) {
    if (!(f in want)) continue;
    if (norm(f, want[f]) !== norm(f, got[f])) out.push(`${f}: want ${String(want[f])} got ${String(got[f])}`);
  }
  return out.length ? out.join(', ') : null;
}

interface ServerState {
  rows: Map<string, ServerRow>;
  counts: { table: string; n: number; ids: number }[];
  ids: Record<ChaosTable, string[]>;
  /** Restocks the server made per received order: order id → movement count. */
  receiptMovements: Map<string, number>;
  /** Warehouse items: stock as stored and as the sum of the item's live movements. */
  items: { id: string; product_id: string; qty: string; movements: string }[];
}

async function serverRows(databaseUrl: string, farmId: string): Promise<ServerState> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const rows = new Map<string, ServerRow>();
    const counts: { table: string; n: number; ids: number }[] = [];
    const ids = Object.fromEntries(Object.keys(SERVER_TABLE).map((t) => [t, []])) as unknown as Record<
      ChaosTable,
      string[]
    >;
    for (const table of Object.keys(SERVER_TABLE) as ChaosTable[]) {
      const t = SERVER_TABLE[table];
      const c = await client.query(
        `SELECT count(*)::int AS n, count(DISTINCT id)::int AS ids FROM ${t} WHERE farm_id = $1`,
        [farmId],
      );
      counts.push({ table: t, ...c.rows[0] });
      const r = await client.query(SPEC[table].select, [farmId]);
      for (const row of r.rows) {
        const { id, deleted, ...values } = row;
        rows.set(`${table}:${id}`, { id, deleted, values });
        ids[table].push(id);
      }
    }
    const receipts = await client.query(
      `SELECT purchase_order_id AS id, count(*)::int AS n FROM warehouse_movements
        WHERE farm_id = $1 AND purchase_order_id IS NOT NULL AND deleted_at IS NULL GROUP BY purchase_order_id`,
      [farmId],
    );
    const items = await client.query(
      `SELECT w.id, w.product_id, w.qty::text AS qty,
              coalesce(sum(CASE m.kind WHEN 'store' THEN m.qty ELSE -m.qty END), 0)::numeric(15,3)::text AS movements
         FROM warehouse_items w
         LEFT JOIN warehouse_movements m ON m.warehouse_id = w.id AND m.deleted_at IS NULL
        WHERE w.farm_id = $1 AND w.deleted_at IS NULL
        GROUP BY w.id, w.product_id, w.qty`,
      [farmId],
    );
    return {
      rows,
      counts,
      ids,
      receiptMovements: new Map(receipts.rows.map((r) => [r.id as string, r.n as number])),
      items: items.rows,
    };
  } finally {
    await client.end();
  }
}

/** The tallies of one record kind. */
export interface KindTally {
  records: number;
  lost: number;
  duplicated: number;
  failedWithReason: number;
}

/** The set-up the stock and balance checks start from. */
export interface Books {
  /** Warehouse items made at set-up: their stock before any device wrote (milli-units). */
  items: { id: string; productId: string; openingMilli: number }[];
  /** Finance category → 'in' | 'out'. */
  categoryType: Map<string, 'in' | 'out'>;
  /** Purchase-order lines as the devices made them: order id → product id → milli-units. */
  orderLines: Map<string, Map<string, number>>;
  /** The balances the server answers (GET /api/account), account id → rupiah. */
  balances: () => Promise<Map<string, bigint>>;
}

const milli = (v: unknown) => Math.round(Number(v) * 1000);
export async function check(options: {
  ledger: Ledger;
  dbs?: TambakDb[];
  /** Instead of `dbs`: how to read each device (the browser harness reads a page's snapshot). */
  views?: DeviceView[];
  databaseUrl: string;
  farmId: string;
  /** Whether this record may legitimately end failed (conflicting cycles, a technician's edits). */
  mayFail: (r: LedgerRecord) => boolean;
  /** Stock and balances after the run (the Node harness's warehouse and finance). */
  books?: Books;
}): Promise<CheckResult> {
  const { ledger } = options;
  const views = options.views ?? (options.dbs ?? []).map(dexieView);
  const result: CheckResult = {
    recordsChecked: 0,
    lost: 0,
    duplicated: 0,
    failedWithReason: 0,
    refused: 0,
    failureCodes: {},
    kinds: {},
    stockChecked: 0,
    stockMismatches: 0,
    balancesChecked: 0,
    balanceMismatches: 0,
    violations: [],
  };
  const tally = (kind: string): KindTally => {
    result.kinds[kind] ??= { records: 0, lost: 0, duplicated: 0, failedWithReason: 0 };
    return result.kinds[kind];
  };
  const violate = (
    kind: 'lost' | 'duplicated' | 'other',
    r: LedgerRecord | null,
    what: string,
    table?: string,
  ) => {
    const k = r ? r.kind : (table ?? 'other');
    if (kind === 'lost') {
      result.lost += 1;
      tally(k).lost += 1;
    }
    if (kind === 'duplicated') {
      result.duplicated += 1;
      tally(k).duplicated += 1;
    }
    const where = r ? `device ${r.device} ${r.table}/${r.id}: ` : '';
    result.violations.push(`${kind}: ${where}${what}`);
  };
  const server = await serverRows(options.databaseUrl, options.farmId);

  // (b) duplicates and rows nobody saved.
  for (const c of server.counts)
    if (c.n !== c.ids) violate('duplicated', null, `${c.table} has ${c.n} rows for ${c.ids} ids`, c.table);
  for (const table of Object.keys(server.ids) as ChaosTable[])
    for (const id of server.ids[table])
      if (!ledger.has(table, id))
        violate('duplicated', null, `${SERVER_TABLE[table]} row ${id} no device saved`, table);

  for (const r of ledger.records.values()) {
    result.recordsChecked += 1;
    tally(r.kind).records += 1;
    const local = await views[r.device]!.get(r.table, r.id);
    const remote = server.rows.get(`${r.table}:${r.id}`);
    const failed = local?._status === 'failed';
    if (failed) {
      const reason = local._error?.message ?? '';
      if (!reason.trim()) violate('lost', r, 'failed without a reason (silently dropped)');
      else {
        result.failedWithReason += 1;
        tally(r.kind).failedWithReason += 1;
      }
      const code = local._error?.code ?? 'none';
      result.failureCodes[code] = (result.failureCodes[code] ?? 0) + 1;
      // A create the server refused must not be there (a refused edit leaves the created row).
      if (r.writes === 1 && !local._base && remote && !remote.deleted)
        violate('duplicated', r, `failed on the device (${code}) but live on the server`);
      if (!r.expectRefused && !r.mayFail && !options.mayFail(r))
        violate(
          'other',
          r,
          `failed although nothing should refuse it: ${code} ${reason} ${JSON.stringify(local._error?.fields ?? {})}`,
        );
    }
    if (r.expectRefused) {
      result.refused += 1;
      if (remote && !remote.deleted) violate('other', r, 'a refused write is live on the server');
      if (!r.deleted && !failed)
        violate('lost', r, `a refused write is ${local ? local._status : 'gone'}, not failed`);
      continue;
    }
    if (r.deleted) {
      // (c) Gone locally means the server accepted the delete (or never had the record).
      if (!local) {
        if (remote && !remote.deleted) violate('lost', r, 'deleted on the device, live on the server');
      } else if (!failed) violate('lost', r, `delete left ${local._status} after the drain`);
      continue;
    }
    // (d) read your own writes.
    if (!local || local._deleted) {
      violate('lost', r, 'a saved record is missing from its own device');
      continue;
    }
    const localDiff = r.valuesMayMove ? null : diff(r.table, r.values, local);
    if (localDiff) violate('lost', r, `the device shows other values than it saved: ${localDiff}`);
    if (local._status === 'synced') {
      // (a) on the server, live, with the final values.
      if (!remote) violate('lost', r, 'synced on the device, absent on the server');
      else if (remote.deleted) violate('lost', r, 'synced on the device, deleted on the server');
      else {
        const d = r.valuesMayMove ? null : diff(r.table, r.values, remote.values);
        if (d) violate('lost', r, `lost update on the server: ${d}`);
      }
    } else if (!failed) violate('lost', r, `still ${local._status} after the drain`);
  }
  if (options.books) await checkBooks(options.books, ledger, views, server, result, violate);
  // Nothing left in any outbox but failed entries.
  for (const [i, view] of views.entries()) {
    const stuck = await view.unsettled();
    if (stuck > 0) violate('other', null, `device ${i} has ${stuck} outbox entries not settled`);
  }
  return result;
}

/**
 * (c) each warehouse item's stock = its opening + the accepted restocks − uses − removals
 * (the devices' own movements and the restocks of the orders they received), both as
 * stored (`warehouse_items.qty`) and as the server's ledger sums its live movements;
 * every received order restocked once per line. (d) each finance account's balance as the
 * server answers it = the accepted transactions' income − expenses.
 */
async function checkBooks(
  books: Books,
  ledger: Ledger,
  views: DeviceView[],
  server: ServerState,
  result: CheckResult,
  violate: (
    kind: 'lost' | 'duplicated' | 'other',
    r: LedgerRecord | null,
    what: string,
    table?: string,
  ) => void,
): Promise<void> {
  /**
   * The record as the server accepted it, read from its device: the synced row; for a
   * write the server refused (failed with a reason) the state before it (`_base`: a
   * refused delete or edit leaves the record as it was); null when nothing was accepted.
   */
  const acceptedRow = async (r: LedgerRecord): Promise<Record<string, unknown> | null> => {
    const local = await views[r.device]!.get(r.table, r.id);
    if (!local) return null;
    if (local._status === 'synced') return local._deleted ? null : local;
    if (local._status === 'failed' && local._base) return local._base as Record<string, unknown>;
    return null;
  };
  const accepted = async (r: LedgerRecord) => (await acceptedRow(r)) !== null;
  const want = new Map(books.items.map((i) => [i.id, i.openingMilli]));
  const itemOfProduct = new Map(books.items.map((i) => [i.productId, i.id]));
  const balances = new Map<string, bigint>();
  for (const r of ledger.records.values()) {
    const row = await acceptedRow(r);
    if (!row) continue;
    if (r.table === 'warehouseMovements') {
      const id = String(row.warehouse_id);
      const sign = row.kind === 'store' ? 1 : -1;
      want.set(id, (want.get(id) ?? 0) + sign * milli(row.qty));
    } else if (r.table === 'purchaseOrders' && row.status === 'received') {
      const lines = books.orderLines.get(r.id) ?? new Map<string, number>();
      const made = server.receiptMovements.get(r.id) ?? 0;
      if (made !== lines.size)
        violate(
          made > lines.size ? 'duplicated' : 'lost',
          r,
          `received order has ${made} restocks on the server for ${lines.size} lines`,
        );
      for (const [productId, qty] of lines) {
        const id = itemOfProduct.get(productId);
        if (id) want.set(id, (want.get(id) ?? 0) + qty);
      }
    } else if (r.table === 'financeTransactions') {
      const account = String(row.account_id);
      const type = books.categoryType.get(String(row.category_transaction_id));
      const nominal = BigInt(Math.round(Number(row.nominal)));
      balances.set(account, (balances.get(account) ?? 0n) + (type === 'out' ? -nominal : nominal));
    }
  }
  // Orders that are open on the server must have no restocks.
  for (const [orderId, n] of server.receiptMovements) {
    const r = ledger.records.get(`purchaseOrders:${orderId}`);
    const row = r ? await acceptedRow(r) : null;
    if (row?.status !== 'received')
      violate(
        'duplicated',
        r ?? null,
        `order ${orderId} has ${n} restocks but was not received`,
        'purchaseOrders',
      );
  }
  for (const item of server.items) {
    result.stockChecked += 1;
    const expected = want.get(item.id) ?? 0;
    const stored = milli(item.qty);
    const summed = milli(item.movements);
    if (stored !== expected || summed !== expected) {
      result.stockMismatches += 1;
      // Which live movements the devices do not count as accepted, and the reverse.
      for (const row of server.rows.values()) {
        if (row.values.warehouse_id !== item.id || row.deleted) continue;
        const r = ledger.records.get(`warehouseMovements:${row.id}`);
        if (r ? await accepted(r) : ledger.has('warehouseMovements', row.id)) continue;
        const local = r ? await views[r.device]!.get(r.table, r.id) : undefined;
        violate(
          'other',
          r ?? null,
          `live on the server (${row.values.kind} ${row.values.qty}) but not accepted on its device: ${
            r
              ? `${r.deleted ? 'deleted' : 'live'} in the ledger, ${local ? `${local._status}${local._deleted ? ' deleted' : ''} ${local._error?.code ?? ''}` : 'gone'} on the device`
              : 'no device saved it'
          }`,
        );
      }
      for (const r of ledger.records.values()) {
        if (r.table !== 'warehouseMovements' || r.values.warehouse_id !== item.id || !(await accepted(r)))
          continue;
        const row = server.rows.get(`warehouseMovements:${r.id}`);
        if (!row || row.deleted)
          violate('other', r, `accepted on its device but ${row ? 'deleted' : 'absent'} on the server`);
      }
      violate(
        'other',
        null,
        `warehouse item ${item.id}: stock ${item.qty}, live movements sum ${item.movements}, accepted writes sum ${expected / 1000}`,
      );
    }
  }
  const answered = await books.balances();
  for (const [account, balance] of answered) {
    result.balancesChecked += 1;
    const expected = balances.get(account) ?? 0n;
    if (balance !== expected) {
      result.balanceMismatches += 1;
      violate(
        'other',
        null,
        `finance account ${account}: balance ${balance}, accepted transactions sum ${expected}`,
      );
    }
  }
}
