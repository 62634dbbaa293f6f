import { type Kysely, sql } from 'kysely';

const READINGS = ['water_general', 'water_chemical', 'water_biological'];

/**
 * A water reading's farm and pond are checked by one key, `(pond_id, farm_id)` →
 * `ponds (id, farm_id)`, where two keys checked them one by one (issue 32, ADR 0093). It
 * says more (a reading can no longer name a farm its pond is not in) and costs less:
 * every row of a bulk write ran one foreign-key check per key, and the farm's, on the
 * one farm row every concurrent write locks, was the dearest of the four.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run on any schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table ponds add constraint ponds_id_farm_key unique (id, farm_id)`.execute(db);
  for (const table of READINGS) {
    await sql`alter table ${sql.table(table)}
      drop constraint ${sql.ref(`${table}_farm_id_fkey`)},
      drop constraint ${sql.ref(`${table}_pond_id_fkey`)},
      add constraint ${sql.ref(`${table}_pond_farm_fkey`)}
        foreign key (pond_id, farm_id) references ponds (id, farm_id)`.execute(db);
  }
}
