import { type Kysely, sql } from 'kysely';

/**
 * Farm reports (issue 17 point 6): one row a report a member asked for. `params` holds
 * what was asked (ponds, from, to) and what the asker could see at that moment (finance,
 * water, sampling, harvest); the background job (pg-boss, queue `report-build`) fills
 * `progress`, then the two files as bytes (`pdf`, `xlsx`, a one-year farm report is a few
 * hundred kB) or `error`. Rows are only read back by the member who asked.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run on any schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE reports (
      id uuid PRIMARY KEY,
      farm_id uuid NOT NULL REFERENCES farms(id),
      user_id uuid NOT NULL REFERENCES users(id),
      language text NOT NULL CHECK (language IN ('id', 'en')),
      params jsonb NOT NULL,
      status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
      progress smallint NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
      error text,
      pdf bytea,
      xlsx bytea,
      created_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz
    );
    CREATE INDEX reports_farm_user ON reports (farm_id, user_id, created_at DESC);
  `.execute(db);
}
