import { type Kysely, sql } from 'kysely';

/**
 * A farm's price list and forecast target sizes (issue 26 points 2 and 4, ADR 0072).
 * `farm_prices`: Rp per kg by size class (pcs/kg), one row per farm, valid-from day and
 * size; a list is saved whole (the rows of that day not in it are soft-deleted), so every
 * device pulls the change with the rows' `updated_at`. `forecast_settings`: the farm's
 * target sizes, one row per farm; a farm without a row plans with 100, 70 and 50.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run on any schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE farm_prices (
      id uuid PRIMARY KEY,
      farm_id uuid NOT NULL REFERENCES farms(id),
      valid_from date NOT NULL,
      size integer NOT NULL CHECK (size BETWEEN 10 AND 1000),
      price_per_kg bigint NOT NULL CHECK (price_per_kg > 0),
      created_by uuid REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz,
      UNIQUE (farm_id, valid_from, size)
    );
    CREATE INDEX farm_prices_farm_changed_idx ON farm_prices(farm_id, updated_at);
    CREATE TABLE forecast_settings (
      farm_id uuid PRIMARY KEY REFERENCES farms(id),
      target_sizes integer[] NOT NULL,
      created_by uuid REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);
}
