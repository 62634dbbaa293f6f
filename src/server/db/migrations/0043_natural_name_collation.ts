import { type Kysely, sql } from 'kysely';

/**
 * Names in the order a person reads them ("Kolam 2" before "Kolam 10", case and accents
 * ignored), for lists PostgreSQL puts in order and writes as JSON itself (issue 32, ADR
 * 0090): the same order as `compareNames` (src/shared/domain/natural-sort.ts, an
 * `Intl.Collator` with `numeric: true, sensitivity: 'base'`). A server built without ICU
 * gets a plain collation under the same name: the lists still come, in code-point order,
 * and the app orders them again on the device.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run on any schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    DO $$
    BEGIN
      CREATE COLLATION natural_name (provider = icu, locale = 'und-u-kn-true-ks-level1', deterministic = false);
    EXCEPTION WHEN feature_not_supported OR invalid_parameter_value OR undefined_object THEN
      CREATE COLLATION natural_name FROM "C";
    END $$;
  `.execute(db);
}
