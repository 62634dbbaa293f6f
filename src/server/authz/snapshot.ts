import { sql } from 'kysely';
import type { App } from '../app.ts';

/**
 * Everything stored about one farm: its farms row and every row of every table with a
 * farm_id column, found from the catalog so tables other modules add are covered too.
 * Two snapshots compared as strings tell whether a call changed anything of the farm.
 */
export async function farmSnapshot(app: App, farmId: string): Promise<string> {
  const db = app.ctx.db;
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.columns
    where table_schema = current_schema() and column_name = 'farm_id'
    order by table_name`.execute(db);
  const parts: string[] = [];
  const farm = await sql<{
    r: string;
  }>`select to_jsonb(f)::text as r from farms f where id = ${farmId}`.execute(db);
  parts.push(`farms:${farm.rows.map((x) => x.r).join()}`);
  for (const { table_name } of tables.rows) {
    const rows = await sql<{ r: string }>`
      select to_jsonb(t)::text as r from ${sql.table(table_name)} t where farm_id = ${farmId}`.execute(db);
    parts.push(
      `${table_name}:${rows.rows
        .map((x) => x.r)
        .sort()
        .join('\n')}`,
    );
  }
  return parts.join('\n\n');
}
