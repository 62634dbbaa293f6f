import { type RawBuilder, sql } from 'kysely';
import { FEED_CATEGORY_ID } from '#shared/domain/warehouse';
import { TIMES_OF_DAY } from '#shared/domain/water-fields';
import { asSlot, standardFor, type WaterStandard } from '#shared/domain/water-standards';
import type { Db } from '../../db/database.ts';

export interface ReportPond {
  id: string;
  farm_id: string;
  name: string;
  area_m2: number;
  block_name: string;
}

export interface ReportStock {
  id: string;
  pond_id: string;
  cycle_id: string;
  stock_date: string;
  seed_actual: number;
  is_harvest: boolean;
}

export interface WaterAggregate {
  pond_id: string;
  parameter: string;
  readings: number;
  average: number | null;
  out_of_standard: number;
}

const FEED_KG = sql<string>`coalesce(sum(case w.unit when 'Kg' then m.qty when 'Gram' then m.qty / 1000 else 0 end), 0)::text`;

/**
 * Every read a report needs, set-based (one query a section whatever the number of
 * ponds; bench: tests/bench/report.bench.ts). Days are farm days (YYYY-MM-DD), inclusive.
 */
export class ReportSources {
  constructor(private readonly db: Db) {}

  ponds(farmId: string, ids: string[]): Promise<ReportPond[]> {
    return this.db
      .selectFrom('ponds as p')
      .leftJoin('blocks as b', 'b.id', 'p.block_id')
      .select([
        'p.id',
        'p.farm_id',
        'p.name',
        sql<number>`coalesce(p.area, 0)::float8`.as('area_m2'),
        sql<string>`coalesce(b.block_name, '')`.as('block_name'),
      ])
      .where('p.farm_id', '=', farmId)
      .where('p.id', '=', sql<string>`any(${ids}::uuid[])`)
      .where('p.deleted_at', 'is', null)
      .execute();
  }

  /** Stockings that were in the pond some day of the range (stocked by `to`, cycle not ended before `from`). */
  stocks(pondIds: string[], from: string, to: string): Promise<ReportStock[]> {
    return this.db
      .selectFrom('stocks as s')
      .innerJoin('cycles as c', 'c.id', 's.cycle_id')
      .select([
        's.id',
        's.pond_id',
        's.cycle_id',
        sql<string>`s.stock_date::text`.as('stock_date'),
        's.seed_actual',
        's.is_harvest',
      ])
      .where('s.pond_id', '=', sql<string>`any(${pondIds}::uuid[])`)
      .where('s.deleted_at', 'is', null)
      .where('c.deleted_at', 'is', null)
      .where('s.stock_date', '<=', to)
      .where((eb) => eb.or([eb('c.end_date', 'is', null), eb('c.end_date', '>=', from)]))
      .orderBy('s.stock_date')
      .execute();
  }

  /** Deaths of each stocking up to `to`. */
  async deaths(stockIds: string[], to: string): Promise<Map<string, number>> {
    if (stockIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('deaths')
      .select(['stock_id', sql<number>`sum(count)::int`.as('n')])
      .where('stock_id', '=', sql<string>`any(${stockIds}::uuid[])`)
      .where('deleted_at', 'is', null)
      .where('died_on', '<=', to)
      .groupBy('stock_id')
      .execute();
    return new Map(rows.map((r) => [r.stock_id, r.n]));
  }

  /** Harvests of the ponds up to `to` (the cycle figures), oldest first. */
  harvests(pondIds: string[], to: string) {
    return this.db
      .selectFrom('harvests')
      .select([
        'pond_id',
        'stock_id',
        sql<string>`harvested_on::text`.as('harvested_on'),
        'type',
        sql<number>`weight_kg::float8`.as('weight_kg'),
        sql<number>`size::float8`.as('size'),
        sql<string>`price_per_kg::text`.as('price_per_kg'),
        sql<string>`revenue::text`.as('revenue'),
      ])
      .where('pond_id', '=', sql<string>`any(${pondIds}::uuid[])`)
      .where('deleted_at', 'is', null)
      .where('harvested_on', '<=', to)
      .orderBy('harvested_on')
      .orderBy('created_at')
      .execute();
  }

  /** Samplings of the cycles up to `to`, oldest first. */
  samplings(cycleIds: string[], to: string) {
    if (cycleIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('samplings')
      .select([
        'pond_id',
        'cycle_id',
        sql<string>`sampled_on::text`.as('sampled_on'),
        'shrimp_count',
        sql<number>`sample_weight::float8`.as('sample_weight'),
      ])
      .where('cycle_id', '=', sql<string>`any(${cycleIds}::uuid[])`)
      .where('deleted_at', 'is', null)
      .where('sampled_on', '<=', to)
      .orderBy('sampled_on')
      .orderBy('created_at')
      .execute();
  }

  private feedUses() {
    return this.db
      .selectFrom('warehouse_movements as m')
      .innerJoin('warehouse_items as w', 'w.id', 'm.warehouse_id')
      .innerJoin('warehouse_products as p', 'p.id', 'w.product_id')
      .where('m.kind', '=', 'use')
      .where('m.deleted_at', 'is', null)
      .where('p.category_id', '=', FEED_CATEGORY_ID);
  }

  /** Cumulative feed (kg) of each cycle up to `to` (FCR). */
  async feedByCycle(cycleIds: string[], to: string): Promise<Map<string, number>> {
    if (cycleIds.length === 0) return new Map();
    const rows = await this.feedUses()
      .where('m.cycle_id', '=', sql<string>`any(${cycleIds}::uuid[])`)
      .where('m.used_on', '<=', to)
      .select([sql<string>`m.cycle_id`.as('cycle_id'), FEED_KG.as('kg')])
      .groupBy('m.cycle_id')
      .execute();
    return new Map(rows.map((r) => [r.cycle_id, Number(r.kg)]));
  }

  /** Feed (kg) and its value (Rp) of each pond within the range, and the days fed. */
  async feedInRange(pondIds: string[], from: string, to: string) {
    const rows = await this.feedUses()
      .where('m.pond_id', '=', sql<string>`any(${pondIds}::uuid[])`)
      .where('m.used_on', '>=', from)
      .where('m.used_on', '<=', to)
      .select([
        sql<string>`m.pond_id`.as('pond_id'),
        FEED_KG.as('kg'),
        sql<string>`coalesce(sum(m.value), 0)::text`.as('value'),
        sql<number>`count(distinct m.used_on)::int`.as('days'),
      ])
      .groupBy('m.pond_id')
      .execute();
    return new Map(rows.map((r) => [r.pond_id, { kg: Number(r.kg), value: r.value, days: r.days }]));
  }

  /** The farm's stored water standards (the service merges them over the defaults). */
  async standards(farmId: string): Promise<WaterStandard[]> {
    const rows = await this.db
      .selectFrom('water_settings')
      .select(['parameter', 'slot', 'min', 'max'])
      .where('farm_id', '=', farmId)
      .where('deleted_at', 'is', null)
      .execute();
    return rows.map((r) => ({
      parameter: r.parameter,
      slot: asSlot(r.slot),
      min: r.min === null ? null : Number(r.min),
      max: r.max === null ? null : Number(r.max),
    }));
  }

  /**
   * Per pond and parameter of one reading table: readings, average and out-of-standard
   * count over the range (the reading's own local day). NULL is "not measured" (-99):
   * never counted, averaged or flagged. `standards` name columns of `table` only (the
   * service checks them against the field table); a reading is out of standard by its
   * slot's range, else the all-day range (`standardFor`, the rule every screen uses).
   */
  async water(
    table: 'water_general' | 'water_chemical' | 'water_biological',
    standards: WaterStandard[],
    pondIds: string[],
    from: string,
    to: string,
  ): Promise<WaterAggregate[]> {
    const parameters = [...new Set(standards.map((s) => s.parameter))];
    if (parameters.length === 0) return [];
    const beyond = (col: RawBuilder<unknown>, s: WaterStandard | undefined) => {
      const out = [
        s?.min == null ? null : sql`${col} < ${s.min}`,
        s?.max == null ? null : sql`${col} > ${s.max}`,
      ].filter((x) => x !== null);
      return out.length === 0 ? sql`false` : sql`(${sql.join(out, sql` or `)})`;
    };
    const selects = parameters.map((parameter, i) => {
      const col = sql.ref(parameter);
      const bySlot = TIMES_OF_DAY.map(
        (slot) => sql`when ${slot} then ${beyond(col, standardFor(parameter, standards, slot))}`,
      );
      const outExpr = sql`case time_of_day ${sql.join(bySlot, sql` `)} else ${beyond(col, standardFor(parameter, standards, null))} end`;
      return sql`count(${col})::int as ${sql.ref(`n${i}`)},
        avg(${col})::float8 as ${sql.ref(`a${i}`)},
        count(*) filter (where ${outExpr})::int as ${sql.ref(`o${i}`)}`;
    });
    const result = await sql<Record<string, number | string | null>>`
      select pond_id, ${sql.join(selects, sql`, `)}
      from ${sql.table(table)}
      where pond_id = any(${pondIds}::uuid[]) and deleted_at is null
        and ((measured_at at time zone 'UTC') + utc_offset * interval '1 minute')::date between ${from}::date and ${to}::date
      group by pond_id`.execute(this.db);
    const out: WaterAggregate[] = [];
    for (const row of result.rows) {
      parameters.forEach((parameter, i) => {
        const readings = Number(row[`n${i}`] ?? 0);
        out.push({
          pond_id: String(row.pond_id),
          parameter,
          readings,
          average: readings === 0 ? null : Number(row[`a${i}`]),
          out_of_standard: Number(row[`o${i}`] ?? 0),
        });
      });
    }
    return out;
  }

  /** Finance income and expenses of the farm within the range (integer rupiah as text). */
  async finance(farmId: string, from: string, to: string) {
    const r = await sql<{ income: string; expenses: string; count: number }>`
      select coalesce(sum(nominal) filter (where type = 'in'), 0)::text as income,
        coalesce(sum(nominal) filter (where type = 'out'), 0)::text as expenses,
        count(*)::int as count
      from finance_transactions
      where farm_id = ${farmId} and deleted_at is null
        and transaction_date between ${from}::date and ${to}::date`.execute(this.db);
    return r.rows[0];
  }
}
