import { type Kysely, sql } from 'kysely';
import { STARTER_PRODUCTS } from './data/starter-products-0016.ts';

const MERGE_COLUMNS = `
  version integer NOT NULL DEFAULT 1,
  field_clock jsonb NOT NULL DEFAULT '{}'::jsonb,
  conflicts jsonb NOT NULL DEFAULT '[]'::jsonb`;

/**
 * Warehouse, feed and item use, feeding programme and purchase orders (issue 15).
 *
 * - `warehouse_products`: the catalogue. `farm_id` NULL rows are the starter set every
 *   farm sees (named in both languages); a farm's own products carry its id.
 * - `warehouse_items`: a farm's stock of one product. `qty` is kept equal to the sum of
 *   the item's live movements (stores − removals − uses) by the service, which changes
 *   both in one transaction with `qty = qty + delta` (the row lock serialises writers);
 *   `qty` may go negative: a use recorded offline is a fact, never refused.
 * - `warehouse_movements`: every restock, removal and use (the spec's used_sub_id), with
 *   the rupiah price per unit it is valued at and that value (integer rupiah).
 * - `feed_settings`, `feed_rates`: the per-farm feeding programme and FR table; a farm
 *   without rows uses DOMAIN.md's defaults.
 * - `purchase_orders`, `purchase_order_items`.
 * Quantities are numeric(15,3), money BIGINT rupiah.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run on any schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE warehouse_products (
      id uuid PRIMARY KEY,
      farm_id uuid REFERENCES farms(id),
      category_id smallint NOT NULL,
      name_id text NOT NULL,
      name_en text NOT NULL,
      unit text NOT NULL,
      created_by uuid REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz
    );
    CREATE INDEX warehouse_products_farm_idx ON warehouse_products(farm_id);

    CREATE TABLE warehouse_items (
      id uuid PRIMARY KEY,
      farm_id uuid NOT NULL REFERENCES farms(id),
      product_id uuid NOT NULL REFERENCES warehouse_products(id),
      qty numeric(15,3) NOT NULL DEFAULT 0,
      unit text NOT NULL,
      minimum_stock numeric(15,3) NOT NULL DEFAULT 0 CHECK (minimum_stock >= 0),
      price bigint NOT NULL DEFAULT 0 CHECK (price >= 0),
      created_by uuid REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz,
      ${sql.raw(MERGE_COLUMNS)}
    );
    CREATE UNIQUE INDEX warehouse_items_one_per_product_idx ON warehouse_items(farm_id, product_id) WHERE deleted_at IS NULL;
    CREATE INDEX warehouse_items_farm_changed_idx ON warehouse_items(farm_id, updated_at);

    CREATE TABLE warehouse_movements (
      id uuid PRIMARY KEY,
      farm_id uuid NOT NULL REFERENCES farms(id),
      warehouse_id uuid NOT NULL REFERENCES warehouse_items(id),
      kind text NOT NULL CHECK (kind IN ('store', 'remove', 'use')),
      qty numeric(15,3) NOT NULL CHECK (qty > 0),
      unit_price bigint NOT NULL DEFAULT 0 CHECK (unit_price >= 0),
      value bigint NOT NULL DEFAULT 0,
      pond_id uuid REFERENCES ponds(id),
      cycle_id uuid REFERENCES cycles(id),
      used_on date NOT NULL,
      time text,
      note text,
      purchase_order_id uuid,
      created_by uuid REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz,
      ${sql.raw(MERGE_COLUMNS)},
      CHECK ((kind = 'use') = (pond_id IS NOT NULL))
    );
    CREATE INDEX warehouse_movements_item_idx ON warehouse_movements(warehouse_id, used_on);
    CREATE INDEX warehouse_movements_farm_day_idx ON warehouse_movements(farm_id, used_on);
    CREATE INDEX warehouse_movements_farm_changed_idx ON warehouse_movements(farm_id, updated_at);
    CREATE INDEX warehouse_movements_cycle_idx ON warehouse_movements(cycle_id) WHERE kind = 'use';
    CREATE INDEX warehouse_movements_pond_day_idx ON warehouse_movements(pond_id, used_on) WHERE kind = 'use';

    CREATE TABLE feed_settings (
      farm_id uuid PRIMARY KEY REFERENCES farms(id),
      blind_until_doc integer NOT NULL,
      blind_start_kg numeric NOT NULL,
      feed_index numeric NOT NULL,
      feedings_per_day integer NOT NULL,
      anco_empty_pct numeric NOT NULL,
      anco_little_pct numeric NOT NULL,
      anco_lot_pct numeric NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE feed_rates (
      farm_id uuid NOT NULL REFERENCES farms(id),
      abw numeric NOT NULL,
      fr numeric NOT NULL,
      PRIMARY KEY (farm_id, abw)
    );

    CREATE TABLE purchase_orders (
      id uuid PRIMARY KEY,
      farm_id uuid NOT NULL REFERENCES farms(id),
      supplier_name text NOT NULL,
      supplier_phone text NOT NULL,
      note text,
      status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'sent', 'received')),
      sent_via text,
      sent_at timestamptz,
      received_at timestamptz,
      created_by uuid REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz
    );
    CREATE INDEX purchase_orders_farm_idx ON purchase_orders(farm_id, created_at DESC);

    CREATE TABLE purchase_order_items (
      order_id uuid NOT NULL REFERENCES purchase_orders(id),
      position integer NOT NULL,
      product_id uuid NOT NULL REFERENCES warehouse_products(id),
      qty numeric(15,3) NOT NULL CHECK (qty > 0),
      unit text NOT NULL,
      price bigint,
      PRIMARY KEY (order_id, position)
    );
  `.execute(db);
  await db
    .insertInto('warehouse_products')
    .values(
      STARTER_PRODUCTS.map((p) => ({
        id: p.id,
        farm_id: null,
        category_id: p.category_id,
        name_id: p.id_name,
        name_en: p.en_name,
        unit: p.unit,
      })),
    )
    .execute();
}
