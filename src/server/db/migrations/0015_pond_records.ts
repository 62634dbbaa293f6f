import { type Kysely, sql } from 'kysely';

const MERGE_COLUMNS = `
  version integer NOT NULL DEFAULT 1,
  field_clock jsonb NOT NULL DEFAULT '{}'::jsonb,
  conflicts jsonb NOT NULL DEFAULT '[]'::jsonb`;

const OWNED = `
  created_by uuid REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,`;

/**
 * The daily pond records of issue 14 (src/server/modules/records):
 * - `anco_checks`: one feeding's feed-tray check of one pond; `data_anco` holds the trays
 *   as `[{ tray, status }]` (habis / sisa_sedikit / sisa_banyak), read and written whole.
 * - `water_changes`: water let out and in, as a percent and/or a height in cm.
 * - `notes`: the farm's notes, optionally about one pond (then its cycle when one is active).
 * - `disease_records`: a disease seen in a pond; `master_disease_id` points into the
 *   master list shipped in src/shared/domain/diseases.ts (static, so not a table); its
 *   photos are `record_photos` rows (record_type 'disease', the photo pipeline of 0014).
 * Ids come from the device (UUIDv7): a replayed create is an upsert, never a copy.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run on any schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE anco_checks (
      id uuid PRIMARY KEY,
      farm_id uuid NOT NULL REFERENCES farms(id),
      pond_id uuid NOT NULL REFERENCES ponds(id),
      cycle_id uuid NOT NULL REFERENCES cycles(id),
      check_date date NOT NULL,
      feeding_time smallint NOT NULL CHECK (feeding_time BETWEEN 1 AND 8),
      checked_at text NOT NULL,
      data_anco jsonb NOT NULL,
      note text,
      ${sql.raw(OWNED)}
      ${sql.raw(MERGE_COLUMNS)}
    );
    CREATE INDEX anco_checks_cycle_idx ON anco_checks(cycle_id, check_date);
    CREATE INDEX anco_checks_farm_idx ON anco_checks(farm_id, check_date);
    CREATE INDEX anco_checks_farm_changed_idx ON anco_checks(farm_id, updated_at);

    CREATE TABLE water_changes (
      id uuid PRIMARY KEY,
      farm_id uuid NOT NULL REFERENCES farms(id),
      pond_id uuid NOT NULL REFERENCES ponds(id),
      cycle_id uuid NOT NULL REFERENCES cycles(id),
      change_date date NOT NULL,
      change_time text,
      percent numeric(5, 2) CHECK (percent IS NULL OR percent BETWEEN 0 AND 100),
      height_cm numeric(6, 1) CHECK (height_cm IS NULL OR height_cm BETWEEN 0 AND 500),
      note text,
      ${sql.raw(OWNED)}
      ${sql.raw(MERGE_COLUMNS)}
    );
    CREATE INDEX water_changes_cycle_idx ON water_changes(cycle_id, change_date);
    CREATE INDEX water_changes_farm_idx ON water_changes(farm_id, change_date);
    CREATE INDEX water_changes_farm_changed_idx ON water_changes(farm_id, updated_at);

    CREATE TABLE notes (
      id uuid PRIMARY KEY,
      farm_id uuid NOT NULL REFERENCES farms(id),
      pond_id uuid REFERENCES ponds(id),
      cycle_id uuid REFERENCES cycles(id),
      note_date date NOT NULL,
      title text NOT NULL,
      tags jsonb NOT NULL DEFAULT '[]'::jsonb,
      description text NOT NULL DEFAULT '',
      ${sql.raw(OWNED)}
      ${sql.raw(MERGE_COLUMNS)}
    );
    CREATE INDEX notes_farm_idx ON notes(farm_id, note_date);
    CREATE INDEX notes_farm_changed_idx ON notes(farm_id, updated_at);

    CREATE TABLE disease_records (
      id uuid PRIMARY KEY,
      farm_id uuid NOT NULL REFERENCES farms(id),
      pond_id uuid NOT NULL REFERENCES ponds(id),
      cycle_id uuid NOT NULL REFERENCES cycles(id),
      disease_date date NOT NULL,
      master_disease_id integer NOT NULL,
      severity smallint CHECK (severity IS NULL OR severity BETWEEN 1 AND 3),
      affected_percent numeric(5, 2) CHECK (affected_percent IS NULL OR affected_percent BETWEEN 0 AND 100),
      note text,
      ${sql.raw(OWNED)}
      ${sql.raw(MERGE_COLUMNS)}
    );
    CREATE INDEX disease_records_cycle_idx ON disease_records(cycle_id, disease_date);
    CREATE INDEX disease_records_farm_idx ON disease_records(farm_id, disease_date);
    CREATE INDEX disease_records_farm_changed_idx ON disease_records(farm_id, updated_at);
  `.execute(db);
}
