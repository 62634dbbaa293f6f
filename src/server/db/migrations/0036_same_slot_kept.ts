import { type Kysely, sql } from 'kysely';

/**
 * Same-slot readings from two devices (issue 29 point 6, ADR 0063): two readings of one
 * kind, pond, farm day and slot are flagged on the devices and the attention board until
 * someone resolves them. "Keep both" is remembered on the readings themselves:
 * `slot_kept_at` is when a person said this reading belongs in its slot next to the
 * others. A slot is flagged while two or more live readings share it and one of them has
 * no `slot_kept_at`. Setting it also moves `updated_at`, so the decision reaches every
 * device with the next pull of readings.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run on any schema
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['water_general', 'water_chemical', 'water_biological'])
    await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN slot_kept_at timestamptz`.execute(db);
}
