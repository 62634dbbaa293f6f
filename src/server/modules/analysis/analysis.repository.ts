import { sql } from 'kysely';
import type { WaterKind } from '#shared/contracts/water';
import { FEED_CATEGORY_ID } from '#shared/domain/warehouse';
import type { Db, DbOrTx } from '../../db/database.ts';
import { POOLED_COUNT, POOLED_WEIGHT } from '../../kernel/sampling-day.ts';

export interface CycleOnDay {
  pond_id: string;
  id: string;
  start_date: string;
}

export interface WaterDayRow {
  pond_id: string;
  time_of_day: string;
  /** The device's wall clock, HH:MI. */
  time: string;
  row: Record<string, unknown>;
}

export interface UseRow {
  pond_id: string;
  product_id: string;
  name_id: string;
  name_en: string;
  category_id: number;
  unit: string;
  day: string | null;
  qty: string;
  value: string;
}

export interface AncoRow {
  pond_id: string;
  feeding_time: number;
  checked_at: string;
  data_anco: unknown;
}

export interface LastSamplingRow {
  pond_id: string;
  day: string;
  shrimp_count: number;
  sample_weight: string;
  prev_day: string | null;
  prev_count: number | null;
  prev_weight: string | null;
}

/** Reads of the farm analysis: every read is one set-based query over the ponds asked. */
export class AnalysisRepository {
  constructor(private readonly db: Db) {}

  /** The cycle running on `day` per pond (started on or before it, not ended before it). */
  async cyclesOn(pondIds: string[], day: string, db: DbOrTx = this.db): Promise<CycleOnDay[]> {
    if (pondIds.length === 0) return [];
    const result = await sql<CycleOnDay>`
      select distinct on (pond_id) pond_id, id, start_date::text as start_date
      from cycles
      where pond_id = any(${pondIds}::uuid[]) and deleted_at is null
        and start_date <= ${day} and (end_date is null or end_date >= ${day})
      order by pond_id, start_date desc, id desc`.execute(db);
    return result.rows;
  }

  /** Every reading of one kind in [from, before), oldest first, with its wall-clock time. */
  async waterDay(kind: WaterKind, pondIds: string[], from: Date, before: Date, db: DbOrTx = this.db) {
    const table = sql.table(`water_${kind}`);
    const result = await sql<
      Record<string, unknown> & { pond_id: string; time_of_day: string; time: string }
    >`
      select *, to_char((measured_at at time zone 'UTC') + utc_offset * interval '1 minute', 'HH24:MI') as time
      from ${table}
      where pond_id = any(${pondIds}::uuid[])
        and measured_at >= ${from} and measured_at < ${before} and deleted_at is null
      order by pond_id, measured_at, id`.execute(db);
    return result.rows.map(
      (row): WaterDayRow => ({
        pond_id: row.pond_id,
        time_of_day: row.time_of_day,
        time: row.time,
        row,
      }),
    );
  }

  /** The farm's stored standards (defaults are the service's). */
  async standards(farmId: string, db: DbOrTx = this.db) {
    return db
      .selectFrom('water_settings')
      .select(['parameter', 'slot', 'min', 'max'])
      .where('farm_id', '=', farmId)
      .where('deleted_at', 'is', null)
      .execute();
  }

  /**
   * Uses per pond and product (and per day when `perDay`) between two days; `cycleIds`
   * keeps only uses of those cycles, `categoryIds` only those categories.
   */
  async uses(
    q: {
      pondIds: string[];
      from: string | null;
      to: string;
      perDay: boolean;
      cycleIds?: string[];
      categoryIds?: number[];
    },
    db: DbOrTx = this.db,
  ): Promise<UseRow[]> {
    let query = db
      .selectFrom('warehouse_movements as m')
      .innerJoin('warehouse_items as w', 'w.id', 'm.warehouse_id')
      .innerJoin('warehouse_products as p', 'p.id', 'w.product_id')
      .where('m.kind', '=', 'use')
      .where('m.deleted_at', 'is', null)
      .where('m.pond_id', '=', sql<string>`any(${q.pondIds}::uuid[])`)
      .where('m.used_on', '<=', q.to);
    if (q.from !== null) query = query.where('m.used_on', '>=', q.from);
    if (q.cycleIds) query = query.where('m.cycle_id', '=', sql<string>`any(${q.cycleIds}::uuid[])`);
    if (q.categoryIds) query = query.where('p.category_id', '=', sql<number>`any(${q.categoryIds}::int[])`);
    const day = q.perDay ? sql<string | null>`m.used_on::text` : sql<string | null>`null::text`;
    const groups = ['m.pond_id', 'p.id', 'p.name_id', 'p.name_en', 'p.category_id', 'w.unit'] as const;
    return query
      .select([
        sql<string>`m.pond_id`.as('pond_id'),
        sql<string>`p.id`.as('product_id'),
        'p.name_id',
        'p.name_en',
        'p.category_id',
        'w.unit',
        day.as('day'),
        sql<string>`sum(m.qty)::text`.as('qty'),
        sql<string>`sum(m.value)::text`.as('value'),
      ])
      .groupBy(q.perDay ? [...groups, 'm.used_on'] : [...groups])
      .orderBy('m.pond_id')
      .orderBy('p.category_id')
      .orderBy('p.name_en')
      .execute();
  }

  /** Feed kg per pond on one day (Kg and Gram items, as the charts count feed). */
  async feedKg(pondIds: string[], day: string, db: DbOrTx = this.db) {
    const result = await sql<{ pond_id: string; kg: string }>`
      select m.pond_id, sum(case w.unit when 'Kg' then m.qty when 'Gram' then m.qty / 1000 else 0 end)::text as kg
      from warehouse_movements m
      join warehouse_items w on w.id = m.warehouse_id
      join warehouse_products p on p.id = w.product_id
      where m.kind = 'use' and m.deleted_at is null and p.category_id = ${FEED_CATEGORY_ID}
        and m.pond_id = any(${pondIds}::uuid[]) and m.used_on = ${day}
      group by m.pond_id`.execute(db);
    return result.rows;
  }

  async ancoChecks(pondIds: string[], day: string, db: DbOrTx = this.db): Promise<AncoRow[]> {
    return db
      .selectFrom('anco_checks')
      .select(['pond_id', 'feeding_time', 'checked_at', 'data_anco'])
      .where('pond_id', '=', sql<string>`any(${pondIds}::uuid[])`)
      .where('check_date', '=', day)
      .where('deleted_at', 'is', null)
      .orderBy('pond_id')
      .orderBy('feeding_time')
      .orderBy('checked_at')
      .execute();
  }

  /** Each cycle's last sampling on or before `day`, with the one before it (for ADG). */
  async lastSamplings(cycleIds: string[], day: string, db: DbOrTx = this.db): Promise<LastSamplingRow[]> {
    if (cycleIds.length === 0) return [];
    // One sampling a day (ADR 0129, `samplingsByDay`): the day's samples that give an ABW pooled.
    const result = await sql<LastSamplingRow>`
      select distinct on (cycle_id) pond_id, day, shrimp_count, sample_weight, prev_day, prev_count, prev_weight
      from (
        select pond_id, cycle_id, day, shrimp_count, sample_weight,
          lag(day) over w as prev_day,
          lag(shrimp_count) over w as prev_count,
          lag(sample_weight) over w as prev_weight
        from (
          select s.pond_id, s.cycle_id, s.sampled_on::text as day,
            ${POOLED_COUNT} as shrimp_count, ${POOLED_WEIGHT} as sample_weight
          from samplings s
          where s.cycle_id = any(${cycleIds}::uuid[]) and s.sampled_on <= ${day} and s.deleted_at is null
          group by s.pond_id, s.cycle_id, s.sampled_on
        ) d
        window w as (partition by cycle_id order by day)
      ) x
      order by cycle_id, day desc`.execute(db);
    return result.rows;
  }

  /** Ponds with a sampling on the day. */
  async sampledOn(pondIds: string[], day: string, db: DbOrTx = this.db): Promise<string[]> {
    const rows = await db
      .selectFrom('samplings')
      .select('pond_id')
      .distinct()
      .where('pond_id', '=', sql<string>`any(${pondIds}::uuid[])`)
      .where('sampled_on', '=', day)
      .where('deleted_at', 'is', null)
      .execute();
    return rows.map((r) => r.pond_id);
  }

  async deathsUpTo(cycleIds: string[], day: string, db: DbOrTx = this.db) {
    if (cycleIds.length === 0) return [];
    return db
      .selectFrom('deaths')
      .select(['cycle_id', sql<string>`sum(count)::text`.as('n')])
      .where('cycle_id', '=', sql<string>`any(${cycleIds}::uuid[])`)
      .where('died_on', '<=', day)
      .where('deleted_at', 'is', null)
      .groupBy('cycle_id')
      .execute();
  }

  async harvestUpTo(cycleIds: string[], day: string, db: DbOrTx = this.db) {
    if (cycleIds.length === 0) return [];
    return db
      .selectFrom('harvests')
      .select(['cycle_id', sql<string>`sum(weight_kg)::text`.as('kg')])
      .where('cycle_id', '=', sql<string>`any(${cycleIds}::uuid[])`)
      .where('harvested_on', '<=', day)
      .where('deleted_at', 'is', null)
      .groupBy('cycle_id')
      .execute();
  }

  /** Deaths (pieces) per pond and day in a range, oldest first. */
  async deathsPerDay(pondIds: string[], from: string, to: string, db: DbOrTx = this.db) {
    return db
      .selectFrom('deaths')
      .select([sql<string>`died_on::text`.as('day'), sql<string>`sum(count)::text`.as('n')])
      .where('pond_id', '=', sql<string>`any(${pondIds}::uuid[])`)
      .where('died_on', '>=', from)
      .where('died_on', '<=', to)
      .where('deleted_at', 'is', null)
      .groupBy('died_on')
      .orderBy('died_on')
      .execute();
  }
}
