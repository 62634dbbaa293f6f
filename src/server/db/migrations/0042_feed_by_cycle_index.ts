import { type Kysely, sql } from 'kysely';

/**
 * The cumulative feed of the running cycles (the FCR of the cycle overview, which the
 * attention board reads too; issue 32 point 6, tests/bench/farm-200.bench.ts): on a farm of
 * 200 ponds × 2 years every live use of a feed item was read from the table and its cycle
 * looked up in the list of running cycles. Indexed by cycle and item with the quantity,
 * the sum reads only the index entries of those cycles.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run on any schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE INDEX warehouse_movements_cycle_use_idx ON warehouse_movements(cycle_id, warehouse_id)
      INCLUDE (qty) WHERE kind = 'use' AND deleted_at IS NULL;
  `.execute(db);
}
