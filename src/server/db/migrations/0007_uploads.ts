import { type Kysely, sql } from 'kysely';

/**
 * Uploaded files (src/server/storage, docs/security.md "Uploads"). The id is the 256-bit
 * random capability in the file's URL and names the file on disk
 * (`DATA_DIR/uploads/<2 chars>/<id>`); `mime_type` is the type sniffed from the content,
 * `name` the cleaned display name, `sha256` the digest of the stored bytes.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run on any schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE uploads (
      id text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9_-]{43}$'),
      uploaded_by uuid NOT NULL REFERENCES users(id),
      name text NOT NULL,
      mime_type text NOT NULL,
      size integer NOT NULL CHECK (size > 0),
      sha256 text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX uploads_uploaded_by ON uploads (uploaded_by, created_at);
  `.execute(db);
}
