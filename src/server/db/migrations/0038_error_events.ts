import { type Kysely, sql } from 'kysely';

/**
 * Error tracing (issue 30 point 1, ADR 0067): error groups by fingerprint (the mapped top
 * frames, kept once), the devices and releases each was seen on (count, first and last
 * seen), the app starts of sampled sessions (crash-free sessions per release) and the one
 * setting, the sample rate. Not farm-owned: system admins read it all.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run on any schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE error_groups (
      fingerprint text PRIMARY KEY,
      kind text NOT NULL,
      name text NOT NULL,
      message text NOT NULL,
      frames jsonb NOT NULL DEFAULT '[]'::jsonb,
      count bigint NOT NULL DEFAULT 0,
      first_seen timestamptz NOT NULL,
      last_seen timestamptz NOT NULL,
      last_release text NOT NULL,
      last_route text NOT NULL,
      last_user_agent text NOT NULL
    );
    CREATE INDEX error_groups_last_seen ON error_groups (last_seen DESC);

    CREATE TABLE error_events (
      fingerprint text NOT NULL REFERENCES error_groups(fingerprint) ON DELETE CASCADE,
      release text NOT NULL,
      device_id text NOT NULL,
      route text NOT NULL,
      user_agent text NOT NULL,
      count bigint NOT NULL,
      first_seen timestamptz NOT NULL,
      last_seen timestamptz NOT NULL,
      PRIMARY KEY (fingerprint, release, device_id)
    );

    CREATE TABLE error_sessions (
      session_id text PRIMARY KEY,
      device_id text NOT NULL,
      release text NOT NULL,
      started_at timestamptz NOT NULL,
      errored boolean NOT NULL DEFAULT false
    );
    CREATE INDEX error_sessions_release ON error_sessions (release, started_at);

    CREATE TABLE error_settings (
      id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
      sample_rate real NOT NULL CHECK (sample_rate >= 0 AND sample_rate <= 1),
      updated_by uuid REFERENCES users(id),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);
}
