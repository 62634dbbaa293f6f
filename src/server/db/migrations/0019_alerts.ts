import { type Kysely, sql } from 'kysely';

/**
 * Farm alerts (issue 18): one notification row per alert and user, de-duplicated by
 * (user_id, dedup_key) so a second reading in the same slot adds nothing; each user's
 * push choices and quiet hours; each farm's alert settings (the death threshold); and
 * Firebase Cloud Messaging registration tokens, used instead of VAPID subscriptions when
 * FCM is configured.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run on any schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE notifications (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users(id),
      farm_id uuid REFERENCES farms(id),
      pond_id uuid,
      kind text NOT NULL,
      dedup_key text NOT NULL,
      title text NOT NULL,
      body text NOT NULL,
      url text NOT NULL,
      occurred_at timestamptz NOT NULL,
      read_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz,
      UNIQUE (user_id, dedup_key)
    );
    CREATE INDEX notifications_user_updated ON notifications (user_id, updated_at);
    CREATE TABLE notification_settings (
      user_id uuid PRIMARY KEY REFERENCES users(id),
      push_kinds text[] NOT NULL,
      quiet_from text,
      quiet_to text,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE farm_alert_settings (
      farm_id uuid PRIMARY KEY REFERENCES farms(id),
      death_threshold integer,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE fcm_tokens (
      token text PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX fcm_tokens_user ON fcm_tokens (user_id);
  `.execute(db);
}
