import { type Kysely, sql } from 'kysely';

const MERGE_COLUMNS = `
  version integer NOT NULL DEFAULT 1,
  field_clock jsonb NOT NULL DEFAULT '{}'::jsonb,
  conflicts jsonb NOT NULL DEFAULT '[]'::jsonb`;

/**
 * The two production records every later figure starts from (issue 14):
 * - `stocks`: the stocking (tebar) of a pond, inside a cycle. One active stocking per pond
 *   (`is_harvest` false) is kept by a partial unique index, so two devices stocking the
 *   same pond at once cannot both win. A total harvest sets `is_harvest`.
 * - `samplings`: one growth sample of one pond on one day. `sample_weight` is grams for
 *   `shrimp_count` shrimp (ABW = weight ÷ count, DOMAIN.md); the sign counts are shrimp
 *   of the sample showing each sign.
 * Ids come from the device (UUIDv7), so a replayed create is an upsert, not a copy.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run on any schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE stocks (
      id uuid PRIMARY KEY,
      farm_id uuid NOT NULL REFERENCES farms(id),
      pond_id uuid NOT NULL REFERENCES ponds(id),
      cycle_id uuid NOT NULL REFERENCES cycles(id),
      stock_date date NOT NULL,
      seed_net integer NOT NULL CHECK (seed_net > 0),
      seed_actual integer NOT NULL CHECK (seed_actual > 0),
      seed_source text,
      pl_age smallint CHECK (pl_age IS NULL OR pl_age BETWEEN 1 AND 60),
      bags integer CHECK (bags IS NULL OR bags >= 0),
      seed_photo text,
      is_harvest boolean NOT NULL DEFAULT false,
      created_by uuid REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz,
      ${sql.raw(MERGE_COLUMNS)}
    );
    CREATE UNIQUE INDEX stocks_one_active_idx ON stocks(pond_id) WHERE NOT is_harvest AND deleted_at IS NULL;
    CREATE INDEX stocks_cycle_idx ON stocks(cycle_id);
    CREATE INDEX stocks_farm_changed_idx ON stocks(farm_id, updated_at);

    CREATE TABLE samplings (
      id uuid PRIMARY KEY,
      farm_id uuid NOT NULL REFERENCES farms(id),
      pond_id uuid NOT NULL REFERENCES ponds(id),
      cycle_id uuid NOT NULL REFERENCES cycles(id),
      sampled_on date NOT NULL,
      shrimp_count integer NOT NULL CHECK (shrimp_count > 0),
      sample_weight numeric NOT NULL CHECK (sample_weight > 0),
      hollow integer NOT NULL DEFAULT 0 CHECK (hollow >= 0),
      molting integer NOT NULL DEFAULT 0 CHECK (molting >= 0),
      pale integer NOT NULL DEFAULT 0 CHECK (pale >= 0),
      undersize integer NOT NULL DEFAULT 0 CHECK (undersize >= 0),
      red_leg integer NOT NULL DEFAULT 0 CHECK (red_leg >= 0),
      red_tail integer NOT NULL DEFAULT 0 CHECK (red_tail >= 0),
      note text,
      created_by uuid REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz,
      ${sql.raw(MERGE_COLUMNS)}
    );
    CREATE INDEX samplings_cycle_day_idx ON samplings(cycle_id, sampled_on);
    CREATE INDEX samplings_farm_changed_idx ON samplings(farm_id, updated_at);
  `.execute(db);
}
