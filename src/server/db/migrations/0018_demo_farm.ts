import { type Kysely, sql } from 'kysely';

/**
 * The demo farm (issue 14 point 9): `npm run demo` loads one farm marked `is_demo`, which
 * any signed-in user may open read-only. At most one farm is the demo. A demo farm has no
 * chat group and its visitors are not each other's chat contacts.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run on any schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE farms ADD COLUMN is_demo boolean NOT NULL DEFAULT false;
    CREATE UNIQUE INDEX farms_one_demo_idx ON farms(is_demo) WHERE is_demo AND deleted_at IS NULL;
  `.execute(db);
}
