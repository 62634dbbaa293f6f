import { type Kysely, sql } from 'kysely';

/**
 * A statement that changes ponds or cycles notifies `tambak_ponds` when it commits, so
 * each instance drops the ponds' farms and active cycles it keeps for a few seconds
 * (src/server/kernel/pond-placements.ts, ADR 0104). Statement triggers, as migration 0008's
 * for access: one notice per statement, merged into one per transaction by PostgreSQL.
 * A new pond needs none (nothing kept names it); a new cycle does (it becomes active).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run on any schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE FUNCTION tambak_ponds_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('tambak_ponds', TG_TABLE_NAME);
      RETURN NULL;
    END
    $$;
    CREATE TRIGGER ponds_placement AFTER UPDATE OR DELETE OR TRUNCATE ON ponds
      FOR EACH STATEMENT EXECUTE FUNCTION tambak_ponds_changed();
    CREATE TRIGGER cycles_placement AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON cycles
      FOR EACH STATEMENT EXECUTE FUNCTION tambak_ponds_changed();
  `.execute(db);
}
