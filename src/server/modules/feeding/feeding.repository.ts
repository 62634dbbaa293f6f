import { type Kysely, sql } from 'kysely';
import type { FeedProgramme, FrPoint } from '#shared/domain/feeding';
import type { DbOrTx } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

/** The farm's feeding programme (`feed_settings`), FR table (`feed_rates`) and the production figures a ration needs. */
export class FeedingRepository {
  constructor(private readonly db: DbOrTx) {}

  async programme(farmId: string, db: DbOrTx = this.db): Promise<FeedProgramme | null> {
    const row = await db
      .selectFrom('feed_settings')
      .selectAll()
      .where('farm_id', '=', farmId)
      .executeTakeFirst();
    if (!row) return null;
    return {
      blind_until_doc: row.blind_until_doc,
      blind_start_kg: Number(row.blind_start_kg),
      feed_index: Number(row.feed_index),
      feedings_per_day: row.feedings_per_day,
      anco_empty_pct: Number(row.anco_empty_pct),
      anco_little_pct: Number(row.anco_little_pct),
      anco_lot_pct: Number(row.anco_lot_pct),
      sampling_every_days: row.sampling_every_days,
    };
  }

  async saveProgramme(farmId: string, p: FeedProgramme, db: DbOrTx = this.db): Promise<void> {
    await db
      .insertInto('feed_settings')
      .values({ farm_id: farmId, ...p })
      .onConflict((oc) => oc.column('farm_id').doUpdateSet({ ...p, updated_at: sql`now()` }))
      .execute();
  }

  async frTable(farmId: string, db: DbOrTx = this.db): Promise<FrPoint[]> {
    const rows = await db
      .selectFrom('feed_rates')
      .select(['abw', 'fr'])
      .where('farm_id', '=', farmId)
      .orderBy('abw')
      .execute();
    return rows.map((r) => ({ abw: Number(r.abw), fr: Number(r.fr) }));
  }

  /** Replaces the farm's table (one transaction: a reader sees the old or the new table, never half). */
  async saveFrTable(farmId: string, rows: FrPoint[]): Promise<void> {
    await (this.db as Kysely<Database>).transaction().execute(async (tx) => {
      await tx.deleteFrom('feed_rates').where('farm_id', '=', farmId).execute();
      await tx
        .insertInto('feed_rates')
        .values(rows.map((r) => ({ farm_id: farmId, abw: r.abw, fr: r.fr })))
        .execute();
    });
  }

  /**
   * Every live pond of the farm with an active cycle: the cycle, its active stocking
   * (PL stocked, stocking day) and the latest sampling day up to `on` (ABW = its samples'
   * weight ÷ their count, pooled as `samplingsByDay` pools a day: ADR 0129).
   */
  async activePonds(farmId: string, on: string, db: DbOrTx = this.db) {
    const res = await sql<{
      pond_id: string;
      cycle_id: string;
      start_date: string;
      stock_id: string | null;
      stock_date: string | null;
      seed_actual: number | null;
      abw: string | null;
    }>`
      select c.pond_id, c.id as cycle_id, c.start_date::text as start_date,
        s.id as stock_id, s.stock_date::text as stock_date, s.seed_actual,
        (select (sum(sm.sample_weight) / sum(sm.shrimp_count))::text from samplings sm
          where sm.cycle_id = c.id and sm.deleted_at is null and sm.sample_weight > 0 and sm.shrimp_count > 0
            and sm.sampled_on = (select max(x.sampled_on) from samplings x
              where x.cycle_id = c.id and x.deleted_at is null and x.sampled_on <= ${on}::date)) as abw
      from cycles c
      join ponds p on p.id = c.pond_id and p.deleted_at is null
      left join stocks s on s.cycle_id = c.id and s.deleted_at is null and not s.is_harvest
      where c.farm_id = ${farmId} and c.end_date is null and c.deleted_at is null`.execute(db);
    return res.rows;
  }
}
