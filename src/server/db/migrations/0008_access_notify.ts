import { type Kysely, sql } from 'kysely';

/**
 * Every change to who may do what on a farm (memberships, their ponds, role permissions,
 * the farm row's status and finance flag) notifies `tambak_access` when it commits, so
 * each instance drops the memberships it keeps for a few seconds
 * (src/server/modules/farm/membership-cache.ts). Statement triggers: one notice per
 * statement, merged into one per transaction by PostgreSQL.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run on any schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE FUNCTION tambak_access_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('tambak_access', TG_TABLE_NAME);
      RETURN NULL;
    END
    $$;
    CREATE TRIGGER user_farms_access AFTER INSERT OR UPDATE OR DELETE ON user_farms
      FOR EACH STATEMENT EXECUTE FUNCTION tambak_access_changed();
    CREATE TRIGGER user_farm_ponds_access AFTER INSERT OR UPDATE OR DELETE ON user_farm_ponds
      FOR EACH STATEMENT EXECUTE FUNCTION tambak_access_changed();
    CREATE TRIGGER farm_permissions_access AFTER INSERT OR UPDATE OR DELETE ON farm_permissions
      FOR EACH STATEMENT EXECUTE FUNCTION tambak_access_changed();
    CREATE TRIGGER farms_access AFTER UPDATE OR DELETE ON farms
      FOR EACH STATEMENT EXECUTE FUNCTION tambak_access_changed();
  `.execute(db);
}
