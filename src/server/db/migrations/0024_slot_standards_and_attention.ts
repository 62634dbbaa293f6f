import { type Kysely, sql } from 'kysely';

/**
 * Issue 31, one rule set and the attention board (ADR 0038, 0039):
 * - a water standard may be for one time of day: `water_settings.slot` is `all` (the
 *   all-day range, every row so far) or morning / afternoon / evening, one live row per
 *   farm, parameter and slot;
 * - `attention_settings`: a farm's thresholds of the attention board (jsonb of
 *   `AttentionThresholds`, a missing key takes its default), one row per farm.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run on any schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE water_settings
      ADD COLUMN slot text NOT NULL DEFAULT 'all'
        CHECK (slot IN ('all', 'morning', 'afternoon', 'evening'));
    ALTER TABLE water_settings DROP CONSTRAINT water_settings_farm_id_parameter_key;
    ALTER TABLE water_settings ADD CONSTRAINT water_settings_farm_parameter_slot UNIQUE (farm_id, parameter, slot);
    CREATE TABLE attention_settings (
      farm_id uuid PRIMARY KEY REFERENCES farms(id),
      thresholds jsonb NOT NULL,
      updated_by uuid REFERENCES users(id),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);
}
