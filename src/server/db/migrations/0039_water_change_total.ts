import { type Kysely, sql } from 'kysely';

/**
 * Water change "total water" (seed 000 §3, issue 30): the volume changed in m³, the pond's
 * area (m²) times the height changed (cm / 100), kept on the record when the height is
 * given (null when only a percent was noted: the pond's depth is not known). Set by the
 * database on every insert and on an edit of the height, so the single, bulk and edit
 * paths of the records module and an old device's replay all store it alike; an edit of
 * the pond's area later leaves the volume that was changed then. Rows already stored get
 * theirs from their pond's area now.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run on any schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE water_changes ADD COLUMN total_water_m3 numeric(14, 2)`.execute(db);
  await sql`
    CREATE FUNCTION water_change_total() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' OR NEW.height_cm IS DISTINCT FROM OLD.height_cm OR NEW.pond_id IS DISTINCT FROM OLD.pond_id THEN
        NEW.total_water_m3 := CASE WHEN NEW.height_cm IS NULL THEN NULL ELSE
          round((SELECT p.area FROM ponds p WHERE p.id = NEW.pond_id) * NEW.height_cm / 100, 2) END;
      END IF;
      RETURN NEW;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER water_change_total BEFORE INSERT OR UPDATE ON water_changes
    FOR EACH ROW EXECUTE FUNCTION water_change_total()`.execute(db);
  await sql`
    UPDATE water_changes w SET total_water_m3 = round(p.area * w.height_cm / 100, 2)
    FROM ponds p WHERE p.id = w.pond_id AND w.height_cm IS NOT NULL`.execute(db);
}
