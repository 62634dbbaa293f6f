import { type Kysely, sql } from 'kysely';

/**
 * Larvae counts from a photo (issue 19): one row a counting job, kept with its photo
 * (`upload_id`, the uploads table) and its farm. `status` follows the background job
 * (pg-boss): queued → running → done | failed; a done row holds the count, its band
 * and every larva's position (`marks`, [[x, y], …] in the photo's pixels), a failed one
 * the reason (`problem`: too-dark, no-larvae, …, translated on the client).
 *
 * The pg-boss schema (its queue tables) is created here too, at the version the
 * installed pg-boss expects, so the app's start only checks it (and every test database
 * cloned from the migrated template has it already).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run on any schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE larvae_counts (
      id uuid PRIMARY KEY,
      farm_id uuid NOT NULL REFERENCES farms(id),
      upload_id text NOT NULL REFERENCES uploads(id),
      hatch_color text NOT NULL CHECK (hatch_color IN ('bright', 'dark')),
      status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
      progress smallint NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
      count integer CHECK (count >= 0),
      lower integer CHECK (lower >= 0),
      upper integer CHECK (upper >= 0),
      marks jsonb,
      problem text,
      width integer,
      height integer,
      created_by uuid NOT NULL REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz
    );
    CREATE INDEX larvae_counts_farm ON larvae_counts (farm_id, created_at);
  `.execute(db);
  const exists = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM information_schema.schemata WHERE schema_name = 'pgboss'
  `.execute(db);
  if (exists.rows[0]?.n === 0) {
    // Imported here so that pg-boss stays out of the server's start-up code (job-boss.ts).
    const { default: PgBoss } = await import('pg-boss');
    await sql.raw(PgBoss.getConstructionPlans('pgboss')).execute(db);
  }
}
