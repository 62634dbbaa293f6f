import { type Kysely, sql } from 'kysely';

/**
 * Per-field merge of offline edits (ADR 0002): every record type devices edit gets a
 * `version` (bumped by each accepted edit; an edit names the version it started from),
 * `field_clock` (per field: the version, device, user and edit time of its latest
 * change) and `conflicts` (values that lost a collision, until their device resolves
 * them). `record_history` keeps every field change, accepted or lost, with who and when.
 */
const TABLES = ['farms', 'blocks', 'ponds', 'cycles', 'water_general', 'water_chemical', 'water_biological'];

// biome-ignore lint/suspicious/noExplicitAny: migrations run on any schema
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('field_clock', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
      .addColumn('conflicts', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .execute();
  }
  await db.schema
    .createTable('record_history')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('table_name', 'text', (c) => c.notNull())
    .addColumn('record_id', 'uuid', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('old_value', 'jsonb')
    .addColumn('new_value', 'jsonb')
    .addColumn('lost', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('changed_by', 'uuid')
    .addColumn('device_id', 'text')
    .addColumn('edited_at', 'timestamptz', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('record_history_record')
    .on('record_history')
    .columns(['table_name', 'record_id', 'id'])
    .execute();
}
