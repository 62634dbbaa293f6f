import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, createTestApp } from '#test/helpers/test-app';
import { loadDemo } from '../../scripts/demo/load.ts';

/**
 * The demo's bulk path (scripts/demo/bulk.ts, ADR 0079) stores what the API path stores:
 * the same small demo loaded both ways, each into a database of its own, then every table
 * compared row by row. What must differ is left out: the instants a row was written
 * (`…_at` columns set by the server's clock, bar the readings' own `measured_at`), the
 * ids of the owner and the farm (made by the server, not the generator) and the ids of
 * rows the server numbers itself (a table whose ids differ is compared without them).
 */
let viaApi: App;
let viaBulk: App;
const options = { seed: 3, ponds: 8, days: 150, today: '2026-11-20' };
/** Tables of sessions and migrations: not the farm's data. */
const SKIPPED = new Set(['sessions', 'kysely_migration', 'kysely_migration_lock']);
/** Columns ending in `_at` that hold what was recorded, not when it was written. */
const RECORDED_AT = new Set(['measured_at', 'checked_at']);

beforeAll(async () => {
  [viaApi, viaBulk] = await Promise.all([createTestApp(), createTestApp()]);
});
afterAll(async () => {
  await Promise.all([viaApi?.close(), viaBulk?.close()]);
});

async function tables(app: App): Promise<string[]> {
  const rows = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`.execute(app.ctx.db);
  return rows.rows.map((r) => r.table_name).filter((t) => !SKIPPED.has(t));
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/** Every row of `table`, its values as text, the instants it was written at left out. */
async function rowsOf(app: App, table: string): Promise<Record<string, string>[]> {
  const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(app.ctx.db);
  return rows.rows.map((row) => {
    const out: Record<string, string> = {};
    for (const [column, value] of Object.entries(row)) {
      if (column === 'deleted_at') out.deleted = String(value !== null);
      else if (column.endsWith('_at') && !RECORDED_AT.has(column)) continue;
      else out[column] = value instanceof Date ? value.toISOString() : (JSON.stringify(value) ?? 'undefined');
    }
    return out;
  });
}

/** The database's rows by table, as sorted text: ids the other database lacks become `<id>`. */
function comparable(data: Map<string, Record<string, string>[]>, others: Set<string>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [table, rows] of data)
    out.set(
      table,
      rows.map((r) => JSON.stringify(r).replace(UUID, (id) => (others.has(id) ? id : '<id>'))).sort(),
    );
  return out;
}

function uuids(data: Map<string, Record<string, string>[]>): Set<string> {
  const ids = new Set<string>();
  for (const rows of data.values())
    for (const r of rows) for (const id of JSON.stringify(r).match(UUID) ?? []) ids.add(id);
  return ids;
}

describe('the demo loaded in bulk', () => {
  it('stores the same rows, stocks and alerts as the demo loaded through the API', async () => {
    const [api, bulk] = [
      await loadDemo(viaApi, viaApi.ctx.db, options),
      await loadDemo(viaBulk, viaBulk.ctx.db, { ...options, bulk: true }),
    ];
    await Promise.all([viaApi.ctx.alerts.idle(), viaBulk.ctx.alerts.idle()]);
    expect(bulk.records).toBe(api.records);
    const all = await tables(viaApi);
    expect(await tables(viaBulk)).toEqual(all);
    const read = async (app: App) =>
      new Map(await Promise.all(all.map(async (t) => [t, await rowsOf(app, t)] as const)));
    const [a, b] = [await read(viaApi), await read(viaBulk)];
    // Ids the server makes (the owner, the farm, notifications) and the warehouse's, which
    // the generator derives from the farm's id, differ between the two; every other id,
    // made by the generator from its seed, must be the same.
    const [left, right] = [comparable(a, uuids(b)), comparable(b, uuids(a))];
    for (const table of all) expect(right.get(table), table).toEqual(left.get(table));
    // The comparison covers the records the bulk path writes, by the thousand.
    for (const table of ['water_general', 'anco_checks', 'deaths', 'samplings', 'warehouse_movements'])
      expect(a.get(table)?.length, table).toBeGreaterThan(10);
    expect([...a.values()].reduce((n, rows) => n + rows.length, 0)).toBeGreaterThan(4_000);
  }, 300_000);
});
