import { type Kysely, sql } from 'kysely';

/**
 * Issue 31: the farm's sampling interval (a pond is due for a sampling this many days after
 * its last one; the keeper's Today list shows it). Part of the feeding programme
 * (`/feedIdxSetting`), default 7.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run on any schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE feed_settings ADD COLUMN sampling_every_days integer NOT NULL DEFAULT 7`.execute(db);
}
