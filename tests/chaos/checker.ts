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

const COMPARED: Record<ChaosTable, string[]> = {
  waterGeneral: ['ph', 'do', 'temperature', 'measured_at'],
  waterChemical: ['tom', 'alkalinity', 'no2', 'measured_at'],
  cycles: ['start_date', 'end_date'],
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
  for (const f of COMPARED[table]) {
    if (!(f in want)) continue;
    if (norm(f, want[f]) !== norm(f, got[f])) out.push(`${f}: want ${String(want[f])} got ${String(got[f])}`);
  }
  return out.length ? out.join(', ') : null;
}

async function serverRows(
  databaseUrl: string,
  farmId: string,
): Promise<{
  rows: Map<string, ServerRow>;
  counts: { table: string; n: number; ids: number }[];
  ids: Record<ChaosTable, string[]>;
}> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const rows = new Map<string, ServerRow>();
    const counts: { table: string; n: number; ids: number }[] = [];
    const ids = { waterGeneral: [], waterChemical: [], cycles: [] } as Record<ChaosTable, string[]>;
    for (const table of Object.keys(SERVER_TABLE) as ChaosTable[]) {
      const t = SERVER_TABLE[table];
      const c = await client.query(
        `SELECT count(*)::int AS n, count(DISTINCT id)::int AS ids FROM ${t} WHERE farm_id = $1`,
        [farmId],
      );
      counts.push({ table: t, ...c.rows[0] });
      const select =
        table === 'cycles'
          ? `SELECT id, deleted_at IS NOT NULL AS deleted, to_char(start_date, 'YYYY-MM-DD') AS start_date,
               to_char(end_date, 'YYYY-MM-DD') AS end_date FROM cycles WHERE farm_id = $1`
          : `SELECT id, deleted_at IS NOT NULL AS deleted, measured_at, ${COMPARED[table]
              .slice(0, 3)
              .map((c) => `"${c}"`)
              .join(', ')}
               FROM ${t} WHERE farm_id = $1`;
      const r = await client.query(select, [farmId]);
      for (const row of r.rows) {
        const { id, deleted, ...values } = row;
        rows.set(`${table}:${id}`, { id, deleted, values });
        ids[table].push(id);
      }
    }
    return { rows, counts, ids };
  } finally {
    await client.end();
  }
}

export async function check(options: {
  ledger: Ledger;
  dbs?: TambakDb[];
  /** Instead of `dbs`: how to read each device (the browser harness reads a page's snapshot). */
  views?: DeviceView[];
  databaseUrl: string;
  farmId: string;
  /** Whether this record may legitimately end failed (conflicting cycles, a technician's edits). */
  mayFail: (r: LedgerRecord) => boolean;
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
    violations: [],
  };
  const violate = (kind: 'lost' | 'duplicated' | 'other', r: LedgerRecord | null, what: string) => {
    if (kind === 'lost') result.lost += 1;
    if (kind === 'duplicated') result.duplicated += 1;
    const where = r ? `device ${r.device} ${r.table}/${r.id}: ` : '';
    result.violations.push(`${kind}: ${where}${what}`);
  };
  const server = await serverRows(options.databaseUrl, options.farmId);

  // (b) duplicates and rows nobody saved.
  for (const c of server.counts)
    if (c.n !== c.ids) violate('duplicated', null, `${c.table} has ${c.n} rows for ${c.ids} ids`);
  for (const table of Object.keys(server.ids) as ChaosTable[])
    for (const id of server.ids[table])
      if (!ledger.has(table, id))
        violate('duplicated', null, `${SERVER_TABLE[table]} row ${id} no device saved`);

  for (const r of ledger.records.values()) {
    result.recordsChecked += 1;
    const local = await views[r.device]!.get(r.table, r.id);
    const remote = server.rows.get(`${r.table}:${r.id}`);
    const failed = local?._status === 'failed';
    if (failed) {
      const reason = local._error?.message ?? '';
      if (!reason.trim()) violate('lost', r, 'failed without a reason (silently dropped)');
      else result.failedWithReason += 1;
      const code = local._error?.code ?? 'none';
      result.failureCodes[code] = (result.failureCodes[code] ?? 0) + 1;
      if (!r.expectRefused && !options.mayFail(r))
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
    const localDiff = diff(r.table, r.values, local);
    if (localDiff) violate('lost', r, `the device shows other values than it saved: ${localDiff}`);
    if (local._status === 'synced') {
      // (a) on the server, live, with the final values.
      if (!remote) violate('lost', r, 'synced on the device, absent on the server');
      else if (remote.deleted) violate('lost', r, 'synced on the device, deleted on the server');
      else {
        const d = diff(r.table, r.values, remote.values);
        if (d) violate('lost', r, `lost update on the server: ${d}`);
      }
    } else if (!failed) violate('lost', r, `still ${local._status} after the drain`);
  }
  // Nothing left in any outbox but failed entries.
  for (const [i, view] of views.entries()) {
    const stuck = await view.unsettled();
    if (stuck > 0) violate('other', null, `device ${i} has ${stuck} outbox entries not settled`);
  }
  return result;
}
