import { type Kysely, sql } from 'kysely';

/**
 * The value columns as they were when this migration shipped. Frozen here on purpose
 * (not read from the shared field table): a later field is added by a new migration.
 */
const VALUE_COLUMNS = {
  general:
    'ph numeric, "do" numeric, temperature numeric, turbidity numeric, water_height numeric, ' +
    'salinity numeric, oxygen numeric, orp numeric, color smallint, weather smallint',
  chemical:
    'tom numeric, alkalinity numeric, po4 numeric, no3 numeric, no2 numeric, nh4 numeric, nh3 numeric, ' +
    'tan numeric, co3 numeric, hco3 numeric, ca numeric, mg numeric, hard numeric',
  biological:
    'tbc numeric, tvc numeric, yvc numeric, gvc numeric, bvc numeric, lvc numeric, tbc_tvc numeric, ' +
    'bga numeric, ga numeric, gga numeric, dino numeric, pro numeric, eug numeric, plankton numeric',
};

/**
 * One reading table per kind. Values are numeric and NULL when not measured: the API's
 * -99 sentinel is mapped at the edge and never stored. `id` comes from the device
 * (UUIDv7), which makes a replayed bulk POST an upsert instead of a duplicate.
 */
function readingTable(kind: keyof typeof VALUE_COLUMNS) {
  const table = sql.table(`water_${kind}`);
  return sql`
    CREATE TABLE ${table} (
      id uuid PRIMARY KEY,
      farm_id uuid NOT NULL REFERENCES farms(id),
      pond_id uuid NOT NULL REFERENCES ponds(id),
      cycle_id uuid REFERENCES cycles(id),
      measured_at timestamptz NOT NULL,
      utc_offset smallint NOT NULL,
      time_of_day text NOT NULL CHECK (time_of_day IN ('morning', 'afternoon', 'evening')),
      ${sql.raw(VALUE_COLUMNS[kind])},
      created_by uuid REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz
    );
    CREATE INDEX ${sql.raw(`water_${kind}_farm_changed_idx`)} ON ${table}(farm_id, updated_at);
    CREATE INDEX ${sql.raw(`water_${kind}_pond_measured_idx`)} ON ${table}(pond_id, measured_at);
  `;
}

/** Cycles of a pond, the three water-reading kinds and per-farm water standards. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE cycles (
      id uuid PRIMARY KEY,
      farm_id uuid NOT NULL REFERENCES farms(id),
      pond_id uuid NOT NULL REFERENCES ponds(id),
      cycle_number integer NOT NULL CHECK (cycle_number > 0),
      start_date date NOT NULL,
      end_date date CHECK (end_date IS NULL OR end_date >= start_date),
      created_by uuid REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz
    );
    -- The database, not a read-then-write in the service, keeps one active cycle per pond,
    -- so two devices starting a cycle at once cannot both win.
    CREATE UNIQUE INDEX cycles_one_active_idx ON cycles(pond_id) WHERE end_date IS NULL AND deleted_at IS NULL;
    CREATE INDEX cycles_pond_idx ON cycles(pond_id, start_date);
    CREATE INDEX cycles_farm_changed_idx ON cycles(farm_id, updated_at);
    CREATE TABLE water_settings (
      id uuid PRIMARY KEY,
      farm_id uuid NOT NULL REFERENCES farms(id),
      parameter text NOT NULL,
      min numeric,
      max numeric,
      created_by uuid REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz,
      UNIQUE (farm_id, parameter)
    );
  `.execute(db);
  for (const kind of ['general', 'chemical', 'biological'] as const) await readingTable(kind).execute(db);
}
