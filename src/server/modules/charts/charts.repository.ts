import { sql } from 'kysely';
import type { WaterKind } from '#shared/contracts/water';
import { FEED_CATEGORY_ID } from '#shared/domain/warehouse';
import type { Db, DbOrTx } from '../../db/database.ts';
import { POOLED_COUNT, POOLED_WEIGHT } from '../../kernel/sampling-day.ts';

export interface ChartPond {
  id: string;
  farm_id: string;
  name: string;
}

export interface WaterPointRow {
  pond_id: string;
  /** The device's wall clock of the reading, YYYY-MM-DDTHH:MM:SS.mmm (no offset). */
  local: string;
  utc_offset: number;
  time_of_day: string;
  value: string;
}

export interface SamplingRow {
  id: string;
  pond_id: string;
  cycle_id: string;
  day: string;
  shrimp_count: number;
  sample_weight: string;
  prev_day: string | null;
  prev_count: number | null;
  prev_weight: string | null;
}

export interface FeedRow {
  pond_id: string;
  cycle_id: string | null;
  day: string;
  time: string | null;
  kg: string;
}

/**
 * Feed = uses of feed-category items in kg (items kept in Gram count /1000; other units
 * are not weight and are left out), the definition of warehouse/usage.ts.
 */
const FEED_KG = sql<string>`sum(case w.unit when 'Kg' then m.qty when 'Gram' then m.qty / 1000 else 0 end)`;

/** Reads for the chart endpoints: every sum is done by PostgreSQL (money as text). */
export class ChartsRepository {
  constructor(private readonly db: Db) {}

  async ponds(ids: string[], db: DbOrTx = this.db): Promise<ChartPond[]> {
    if (ids.length === 0) return [];
    return db
      .selectFrom('ponds')
      .select(['id', 'farm_id', 'name'])
      .where('id', '=', sql<string>`any(${ids}::uuid[])`)
      .where('deleted_at', 'is', null)
      .execute();
  }

  async farmPonds(farmId: string, db: DbOrTx = this.db): Promise<ChartPond[]> {
    return db
      .selectFrom('ponds')
      .select(['id', 'farm_id', 'name'])
      .where('farm_id', '=', farmId)
      .where('deleted_at', 'is', null)
      .execute();
  }

  /** The farm's stored standard of one parameter, if any (defaults are the service's). */
  async standard(farmId: string, parameter: string, db: DbOrTx = this.db) {
    return db
      .selectFrom('water_settings')
      .select(['min', 'max'])
      .where('farm_id', '=', farmId)
      .where('parameter', '=', parameter)
      .where('slot', '=', 'all')
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  /**
   * Measured values of one column (NULL = not measured, the API's -99, never returned),
   * oldest first. `column` is checked against the field table by the service.
   */
  async waterPoints(
    kind: WaterKind,
    column: string,
    pondIds: string[],
    from: Date,
    before: Date,
    db: DbOrTx = this.db,
  ): Promise<WaterPointRow[]> {
    const table = sql.table(`water_${kind}`);
    const value = sql.ref(column);
    const result = await sql<WaterPointRow>`
      select pond_id, utc_offset, time_of_day, ${value}::text as value,
        to_char((measured_at at time zone 'UTC') + utc_offset * interval '1 minute',
          'YYYY-MM-DD"T"HH24:MI:SS.MS') as local
      from ${table}
      where pond_id = any(${pondIds}::uuid[])
        and measured_at >= ${from} and measured_at < ${before}
        and deleted_at is null and ${value} is not null
      order by pond_id, measured_at`.execute(db);
    return result.rows;
  }

  /**
   * Samplings between two days with their cycle's previous sampling (which may be before
   * `from`), for ADG.
   */
  async samplings(pondIds: string[], from: string, to: string, db: DbOrTx = this.db): Promise<SamplingRow[]> {
    // One point a day (ADR 0129, `samplingsByDay`): a day's samples that give an ABW pooled;
    // the point links to the day's first sample.
    const result = await sql<SamplingRow>`
      select * from (
        select id, pond_id, cycle_id, day, shrimp_count, sample_weight,
          lag(day) over w as prev_day,
          lag(shrimp_count) over w as prev_count,
          lag(sample_weight) over w as prev_weight
        from (
          select (array_agg(s.id order by s.created_at, s.id))[1] as id, s.pond_id, s.cycle_id,
            s.sampled_on::text as day,
            ${POOLED_COUNT} as shrimp_count, ${POOLED_WEIGHT} as sample_weight
          from samplings s
          where s.pond_id = any(${pondIds}::uuid[]) and s.sampled_on <= ${to} and s.deleted_at is null
            and s.cycle_id in (
              select distinct cycle_id from samplings
              where pond_id = any(${pondIds}::uuid[]) and sampled_on between ${from} and ${to}
                and deleted_at is null)
          group by s.pond_id, s.cycle_id, s.sampled_on
        ) d
        window w as (partition by cycle_id order by day)
      ) x
      where x.day >= ${from}
      order by x.pond_id, x.day`.execute(db);
    return result.rows;
  }

  private feedUses(db: DbOrTx, pondIds: string[]) {
    return db
      .selectFrom('warehouse_movements as m')
      .innerJoin('warehouse_items as w', 'w.id', 'm.warehouse_id')
      .innerJoin('warehouse_products as p', 'p.id', 'w.product_id')
      .where('m.kind', '=', 'use')
      .where('m.deleted_at', 'is', null)
      .where('p.category_id', '=', FEED_CATEGORY_ID)
      .where('m.pond_id', '=', sql<string>`any(${pondIds}::uuid[])`);
  }

  /** Feed kg per pond, cycle, day and (unless `daily`) feeding time, oldest first. */
  async feed(
    pondIds: string[],
    from: string,
    to: string,
    daily: boolean,
    db: DbOrTx = this.db,
  ): Promise<FeedRow[]> {
    const time = daily ? sql<string | null>`null::text` : sql<string | null>`m.time`;
    const rows = await this.feedUses(db, pondIds)
      .where('m.used_on', '>=', from)
      .where('m.used_on', '<=', to)
      .select([
        sql<string>`m.pond_id`.as('pond_id'),
        'm.cycle_id',
        sql<string>`m.used_on::text`.as('day'),
        time.as('time'),
        FEED_KG.as('kg'),
      ])
      .groupBy(
        daily ? ['m.pond_id', 'm.cycle_id', 'm.used_on'] : ['m.pond_id', 'm.cycle_id', 'm.used_on', 'm.time'],
      )
      .orderBy('m.pond_id')
      .orderBy('m.used_on')
      .orderBy(sql`4 nulls first`)
      .execute();
    return rows.map((r) => ({ ...r, kg: r.kg ?? '0' }));
  }

  /** Feed kg of each (pond, cycle) used before `from`: where a cycle's running total starts. */
  async feedBefore(
    pondIds: string[],
    cycleIds: string[],
    from: string,
    db: DbOrTx = this.db,
  ): Promise<{ pond_id: string; cycle_id: string; kg: string }[]> {
    if (cycleIds.length === 0) return [];
    const rows = await this.feedUses(db, pondIds)
      .where('m.cycle_id', '=', sql<string>`any(${cycleIds}::uuid[])`)
      .where('m.used_on', '<', from)
      .select([
        sql<string>`m.pond_id`.as('pond_id'),
        sql<string>`m.cycle_id`.as('cycle_id'),
        FEED_KG.as('kg'),
      ])
      .groupBy(['m.pond_id', 'm.cycle_id'])
      .execute();
    return rows.map((r) => ({ ...r, kg: r.kg ?? '0' }));
  }

  /** Rupiah value of every use per pond and day (bigint sums read as text). */
  async usagePrice(
    pondIds: string[],
    from: string,
    to: string,
    db: DbOrTx = this.db,
  ): Promise<{ pond_id: string; day: string; value: string }[]> {
    return db
      .selectFrom('warehouse_movements as m')
      .where('m.kind', '=', 'use')
      .where('m.deleted_at', 'is', null)
      .where('m.pond_id', '=', sql<string>`any(${pondIds}::uuid[])`)
      .where('m.used_on', '>=', from)
      .where('m.used_on', '<=', to)
      .select([
        sql<string>`m.pond_id`.as('pond_id'),
        sql<string>`m.used_on::text`.as('day'),
        sql<string>`sum(m.value)::text`.as('value'),
      ])
      .groupBy(['m.pond_id', 'm.used_on'])
      .orderBy('m.pond_id')
      .orderBy('m.used_on')
      .execute();
  }
}
