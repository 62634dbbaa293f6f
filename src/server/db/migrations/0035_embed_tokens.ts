import { type Kysely, sql } from 'kysely';

/**
 * Embed links (issue 29 point 1, ADR 0062): a token made for one farm and a set of
 * embeddable screens, read-only, with an expiry. Only the SHA-256 of the token is kept
 * (the raw token is answered once, at creation); `last_used_at` is refreshed at most once
 * a minute by the auth layer.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run on any schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE embed_tokens (
      id uuid PRIMARY KEY,
      farm_id uuid NOT NULL REFERENCES farms(id),
      screens text[] NOT NULL CHECK (cardinality(screens) > 0),
      label text,
      token_hash text NOT NULL UNIQUE,
      created_by uuid NOT NULL REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz,
      revoked_by uuid REFERENCES users(id),
      last_used_at timestamptz
    );
    CREATE INDEX embed_tokens_farm ON embed_tokens (farm_id, created_at DESC);
  `.execute(db);
}
