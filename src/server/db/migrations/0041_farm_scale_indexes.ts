import { type Kysely, sql } from 'kysely';

/**
 * Indexes for reads by pond that a farm of 200 ponds × 2 years made slow (issue 32 point 6,
 * tests/bench/farm-200.bench.ts). The attention board reads the last days' deaths and tray
 * checks of the running ponds by pond id, and the comparison a pond's deaths and samplings
 * over a range: deaths, anco checks and samplings had indexes by stocking, cycle and farm
 * only, so each read went through every record of the farm in the range. The board also
 * reads the members whose devices reported refused records (notifications of kind `sync`,
 * indexed by user only, so every alert of the farm was read).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run on any schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE INDEX deaths_pond_day_idx ON deaths(pond_id, died_on);
    CREATE INDEX anco_checks_pond_day_idx ON anco_checks(pond_id, check_date);
    CREATE INDEX samplings_pond_day_idx ON samplings(pond_id, sampled_on);
    CREATE INDEX notifications_kind_occurred ON notifications(kind, occurred_at);
  `.execute(db);
}
