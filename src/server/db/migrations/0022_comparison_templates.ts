import { type Kysely, sql } from 'kysely';

/**
 * Comparison templates (issue 17 point 4; seed 000 §3 "Comparison template per farm … with
 * type and field"): a person's saved choice of series for the comparison screen of one
 * farm. `fields` is `[{ pond_id, metric }, …]` (at most 8, checked by the API), `type` 1
 * merges the same day, 0 keeps every reading. Devices create them offline (UUIDv7 ids)
 * and edit them with the per-field merge, so the table carries the merge columns.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run on any schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE comparison_templates (
      id uuid PRIMARY KEY,
      farm_id uuid NOT NULL REFERENCES farms(id),
      user_id uuid NOT NULL REFERENCES users(id),
      name text NOT NULL,
      type smallint NOT NULL CHECK (type IN (0, 1)),
      fields jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz,
      version integer NOT NULL DEFAULT 1,
      field_clock jsonb NOT NULL DEFAULT '{}'::jsonb,
      conflicts jsonb NOT NULL DEFAULT '[]'::jsonb
    );
    CREATE INDEX comparison_templates_owner_changed_idx ON comparison_templates(farm_id, user_id, updated_at);
  `.execute(db);
}
