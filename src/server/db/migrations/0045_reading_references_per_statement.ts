import { type Kysely, sql } from 'kysely';

const READINGS = ['water_general', 'water_chemical', 'water_biological'];

/**
 * A water reading's pond (in its farm), cycle and author are checked once per statement,
 * not once per row (issue 32, ADR 0101). The foreign keys ran three checks per row of a
 * bulk write, each a query of its own that share-locked the pond, cycle and user rows, so
 * every concurrent write of a farm's ponds queued on the same rows; a 50-reading INSERT
 * spent a third of PostgreSQL's time there. Now an AFTER statement trigger reads the
 * statement's new rows (a transition table) and checks them in one query each; the rule
 * is the same (a reading names a pond of its own farm, a cycle and a user that exist).
 *
 * Without the keys nothing would stop a parent's delete from leaving readings behind, so a
 * guard on ponds, cycles and users refuses a delete while readings name the row, as the
 * keys' NO ACTION did. The app deletes none of them (soft delete), so the guard is never on
 * a hot path.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run on any schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create function reading_references_check() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from new_rows n where not exists
          (select 1 from ponds p where p.id = n.pond_id and p.farm_id = n.farm_id)) then
        raise foreign_key_violation using message = tg_table_name || ': a reading names a pond not in its farm';
      end if;
      if exists (select 1 from new_rows n where n.cycle_id is not null and not exists
          (select 1 from cycles c where c.id = n.cycle_id)) then
        raise foreign_key_violation using message = tg_table_name || ': a reading names a cycle that does not exist';
      end if;
      if exists (select 1 from new_rows n where n.created_by is not null and not exists
          (select 1 from users u where u.id = n.created_by)) then
        raise foreign_key_violation using message = tg_table_name || ': a reading names a user that does not exist';
      end if;
      return null;
    end $$`.execute(db);
  await sql`create function readings_keep_their_references() returns trigger language plpgsql as $$
    declare
      named_by text := case tg_table_name when 'ponds' then 'pond_id' when 'cycles' then 'cycle_id' else 'created_by' end;
      readings text;
      named boolean;
    begin
      foreach readings in array ${sql.raw(`array['${READINGS.join("', '")}']`)} loop
        execute format('select exists (select 1 from %I where %I = $1)', readings, named_by) into named using old.id;
        if named then
          raise foreign_key_violation using message = tg_table_name || ' ' || old.id || ' is named by water readings';
        end if;
      end loop;
      return old;
    end $$`.execute(db);
  for (const table of READINGS) {
    await sql`alter table ${sql.table(table)}
      drop constraint ${sql.ref(`${table}_pond_farm_fkey`)},
      drop constraint ${sql.ref(`${table}_cycle_id_fkey`)},
      drop constraint ${sql.ref(`${table}_created_by_fkey`)}`.execute(db);
    // A transition table serves one event per trigger: one for inserts, one for updates.
    for (const event of ['insert', 'update'])
      await sql`create trigger ${sql.ref(`${table}_references_${event}`)}
        after ${sql.raw(event)} on ${sql.table(table)}
        referencing new table as new_rows
        for each statement execute function reading_references_check()`.execute(db);
  }
  for (const parent of ['ponds', 'cycles', 'users'])
    await sql`create trigger ${sql.ref(`${parent}_named_by_readings`)}
      before delete on ${sql.table(parent)}
      for each row execute function readings_keep_their_references()`.execute(db);
}
