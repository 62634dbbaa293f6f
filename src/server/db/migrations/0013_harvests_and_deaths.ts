import { type Kysely, sql } from 'kysely';

const MERGE_COLUMNS = `
  version integer NOT NULL DEFAULT 1,
  field_clock jsonb NOT NULL DEFAULT '{}'::jsonb,
  conflicts jsonb NOT NULL DEFAULT '[]'::jsonb`;

/**
 * Harvests and deaths of a stocking (issue 14):
 * - `harvests`: weight (kg), size (pcs/kg), price per kg and revenue in integer rupiah
 *   (BIGINT, revenue = round(weight × price) computed by the server). One live total
 *   harvest per stocking (partial unique index): it closes the stocking and its cycle.
 * - `deaths`: dead shrimp counted on a day, with their weight when weighed.
 * Both name their stocking, cycle, pond and farm so farm-wide reports need no join.
 * Ids come from the device (UUIDv7): a replayed create is an upsert, not a copy.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run on any schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE harvests (
      id uuid PRIMARY KEY,
      farm_id uuid NOT NULL REFERENCES farms(id),
      pond_id uuid NOT NULL REFERENCES ponds(id),
      cycle_id uuid NOT NULL REFERENCES cycles(id),
      stock_id uuid NOT NULL REFERENCES stocks(id),
      harvested_on date NOT NULL,
      type text NOT NULL CHECK (type IN ('partial','molting','defective','hollow','others','total')),
      weight_kg numeric NOT NULL CHECK (weight_kg > 0),
      size numeric NOT NULL CHECK (size > 0),
      price_per_kg bigint NOT NULL CHECK (price_per_kg >= 0),
      revenue bigint NOT NULL CHECK (revenue >= 0),
      created_by uuid REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz,
      ${sql.raw(MERGE_COLUMNS)}
    );
    CREATE UNIQUE INDEX harvests_one_total_idx ON harvests(stock_id) WHERE type = 'total' AND deleted_at IS NULL;
    CREATE INDEX harvests_stock_idx ON harvests(stock_id, harvested_on);
    CREATE INDEX harvests_farm_day_idx ON harvests(farm_id, harvested_on);
    CREATE INDEX harvests_farm_changed_idx ON harvests(farm_id, updated_at);

    CREATE TABLE deaths (
      id uuid PRIMARY KEY,
      farm_id uuid NOT NULL REFERENCES farms(id),
      pond_id uuid NOT NULL REFERENCES ponds(id),
      cycle_id uuid NOT NULL REFERENCES cycles(id),
      stock_id uuid NOT NULL REFERENCES stocks(id),
      died_on date NOT NULL,
      count integer NOT NULL CHECK (count > 0),
      total_weight_kg numeric CHECK (total_weight_kg IS NULL OR total_weight_kg > 0),
      created_by uuid REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz,
      ${sql.raw(MERGE_COLUMNS)}
    );
    CREATE INDEX deaths_stock_idx ON deaths(stock_id, died_on);
    CREATE INDEX deaths_farm_day_idx ON deaths(farm_id, died_on);
    CREATE INDEX deaths_farm_changed_idx ON deaths(farm_id, updated_at);
  `.execute(db);
}
