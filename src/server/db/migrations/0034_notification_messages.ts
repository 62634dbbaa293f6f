import { type Kysely, sql } from 'kysely';

/**
 * Notifications keep their message key and its values (issue 28 point 6), so a list, a
 * push or a mail words them in the reader's language when it is shown or sent, not in
 * the language the recipient had when the alert fired. `title` and `body` stay: rows
 * stored before this migration have only them, and they still carry the text worded at
 * storage, for a client that does not know the keys yet.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run on any schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE notifications
      ADD COLUMN title_key text,
      ADD COLUMN title_params jsonb,
      ADD COLUMN body_key text,
      ADD COLUMN body_params jsonb;
  `.execute(db);
}
