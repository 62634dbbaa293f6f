import { type Kysely, sql } from 'kysely';

/**
 * Web Push (ARCHITECTURE.md §6): one VAPID key pair per installation, made on first start
 * and kept in the database so every instance signs with the same key; one row per browser
 * subscription (an endpoint belongs to one user; a re-subscribe moves it).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run on any schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE push_vapid_keys (
      id smallint PRIMARY KEY CHECK (id = 1),
      public_key text NOT NULL,
      private_key text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE push_subscriptions (
      endpoint text PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users(id),
      p256dh text NOT NULL,
      auth text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_sent_at timestamptz
    );
    CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id);
  `.execute(db);
}
