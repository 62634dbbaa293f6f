import { type Kysely, sql } from 'kysely';

const MERGE_COLUMNS = `
  version integer NOT NULL DEFAULT 1,
  field_clock jsonb NOT NULL DEFAULT '{}'::jsonb,
  conflicts jsonb NOT NULL DEFAULT '[]'::jsonb`;

/**
 * Finance (issue 16): accounts, categories and transactions. Money is integer rupiah in
 * BIGINT (ADR 0017), 1 … Rp 1 trillion per transaction, kept by a CHECK as well as the API.
 * - `finance_categories.farm_id` NULL: the built-in categories every farm sees
 *   (seed 000: farm_id 0). A category in use is soft-deleted, never removed, so past
 *   transactions keep their category.
 * - `finance_transactions.type` copies the category's type (which never changes), so the
 *   statistics read one table. `source_type` + `source_id` name the harvest or purchase
 *   order a transaction books: unique among live rows, so accepting a proposal twice
 *   books once.
 * - The statistics indexes cover the columns the figures sum (index-only scans over years
 *   of transactions).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run on any schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE finance_accounts (
      id uuid PRIMARY KEY,
      farm_id uuid NOT NULL REFERENCES farms(id),
      name text NOT NULL,
      start_date date NOT NULL,
      end_date date,
      created_by uuid REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz,
      ${sql.raw(MERGE_COLUMNS)}
    );
    CREATE INDEX finance_accounts_farm_changed_idx ON finance_accounts(farm_id, updated_at);

    CREATE TABLE finance_categories (
      id uuid PRIMARY KEY,
      farm_id uuid REFERENCES farms(id),
      builtin_key text UNIQUE,
      type text NOT NULL CHECK (type IN ('in', 'out')),
      icon text NOT NULL,
      name text NOT NULL,
      created_by uuid REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz,
      ${sql.raw(MERGE_COLUMNS)},
      CHECK ((farm_id IS NULL) = (builtin_key IS NOT NULL))
    );
    CREATE INDEX finance_categories_farm_changed_idx ON finance_categories(farm_id, updated_at);

    CREATE TABLE finance_transactions (
      id uuid PRIMARY KEY,
      farm_id uuid NOT NULL REFERENCES farms(id),
      account_id uuid NOT NULL REFERENCES finance_accounts(id),
      category_id uuid NOT NULL REFERENCES finance_categories(id),
      type text NOT NULL CHECK (type IN ('in', 'out')),
      method text NOT NULL,
      nominal bigint NOT NULL CHECK (nominal > 0 AND nominal <= 1000000000000),
      transaction_date date NOT NULL,
      note text NOT NULL DEFAULT '',
      photos jsonb NOT NULL DEFAULT '[]'::jsonb,
      source_type text,
      source_id text,
      created_by uuid REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz,
      ${sql.raw(MERGE_COLUMNS)},
      CHECK ((source_type IS NULL) = (source_id IS NULL))
    );
    CREATE UNIQUE INDEX finance_transactions_source_idx ON finance_transactions(farm_id, source_type, source_id)
      WHERE source_type IS NOT NULL AND deleted_at IS NULL;
    CREATE INDEX finance_transactions_farm_day_idx ON finance_transactions(farm_id, transaction_date)
      INCLUDE (type, nominal, account_id, category_id) WHERE deleted_at IS NULL;
    CREATE INDEX finance_transactions_account_day_idx ON finance_transactions(account_id, transaction_date)
      INCLUDE (type, nominal, category_id) WHERE deleted_at IS NULL;
    CREATE INDEX finance_transactions_farm_changed_idx ON finance_transactions(farm_id, updated_at);
  `.execute(db);
  // The built-in categories, written out: a shipped migration never changes (the same list
  // is BUILT_IN_CATEGORIES in src/shared/domain/finance.ts, checked by finance-domain.test.ts).
  await sql`
    INSERT INTO finance_categories (id, farm_id, builtin_key, type, icon, name) VALUES
      ('0190a000-0000-7000-8000-000000000001', NULL, 'harvest-sale', 'in', 'harvest', 'Penjualan panen'),
      ('0190a000-0000-7000-8000-000000000002', NULL, 'other-income', 'in', 'cash', 'Pemasukan lain'),
      ('0190a000-0000-7000-8000-000000000003', NULL, 'feed', 'out', 'feed', 'Pakan'),
      ('0190a000-0000-7000-8000-000000000004', NULL, 'seed', 'out', 'seed', 'Benur'),
      ('0190a000-0000-7000-8000-000000000005', NULL, 'probiotics', 'out', 'probiotic', 'Probiotik'),
      ('0190a000-0000-7000-8000-000000000006', NULL, 'chemicals', 'out', 'chemical', 'Bahan kimia'),
      ('0190a000-0000-7000-8000-000000000007', NULL, 'electricity', 'out', 'electricity', 'Listrik'),
      ('0190a000-0000-7000-8000-000000000008', NULL, 'fuel', 'out', 'fuel', 'Bahan bakar'),
      ('0190a000-0000-7000-8000-000000000009', NULL, 'labour', 'out', 'labour', 'Tenaga kerja'),
      ('0190a000-0000-7000-8000-00000000000a', NULL, 'maintenance', 'out', 'maintenance', 'Perawatan'),
      ('0190a000-0000-7000-8000-00000000000b', NULL, 'equipment', 'out', 'equipment', 'Peralatan'),
      ('0190a000-0000-7000-8000-00000000000c', NULL, 'other-expense', 'out', 'other', 'Lainnya')
  `.execute(db);
}
