import { sql } from 'kysely';
import { FEED_CATEGORY_ID } from '#shared/domain/warehouse';
import type { DbOrTx } from '../../db/database.ts';

/**
 * What other domains read from the warehouse (exported on the context as `warehouseUsage`):
 * - FCR in the cycle overview: cumulative feed kg per cycle, per pond between dates;
 * - finance (HPP) and `/chart/usagePrice`: the rupiah value of uses per farm, cycle and
 *   date range (each use is valued at its item's price when it was recorded).
 * Feed = uses of items whose product is in the feed category (id 5), counted in kg
 * (items kept in Gram count /1000; other units are not weight and are left out).
 * All sums are done in SQL on numeric/bigint columns; quantities come back as numbers
 * with 3 decimals, money as integer rupiah.
 */
const FEED_KG = sql<string>`sum(case w.unit when 'Kg' then m.qty when 'Gram' then m.qty / 1000 else 0 end)`;

export interface UsageFilter {
  farmId: string;
  cycleId?: string;
  pondIds?: string[];
  /** Farm days, inclusive (YYYY-MM-DD). */
  from?: string;
  to?: string;
  /** Only uses of items in these categories (e.g. [5] feed, [3, 6] probiotics and chemicals). */
  categoryIds?: number[];
}

export class WarehouseUsage {
  constructor(private readonly db: DbOrTx) {}

  /**
   * Live uses, `kind = 'use'` as a literal, not a parameter: the statement runs prepared, and
   * its generic plan can use the partial indexes of uses (WHERE kind = 'use', migrations 0016
   * and 0042) only so.
   */
  private uses(db: DbOrTx) {
    return db
      .selectFrom('warehouse_movements as m')
      .innerJoin('warehouse_items as w', 'w.id', 'm.warehouse_id')
      .innerJoin('warehouse_products as p', 'p.id', 'w.product_id')
      .where('m.kind', '=', sql.lit('use'))
      .where('m.deleted_at', 'is', null);
  }

  /** Cumulative feed (kg, 3 decimals) per cycle; cycles without feed answer 0. */
  async feedKgByCycle(cycleIds: string[], db: DbOrTx = this.db): Promise<Map<string, number>> {
    const out = new Map(cycleIds.map((id) => [id, 0]));
    if (cycleIds.length === 0) return out;
    const rows = await this.uses(db)
      .select(['m.cycle_id', FEED_KG.as('kg')])
      .where('m.cycle_id', '=', sql<string>`any(${cycleIds}::uuid[])`)
      .where('p.category_id', '=', FEED_CATEGORY_ID)
      .groupBy('m.cycle_id')
      .execute();
    for (const r of rows) if (r.cycle_id) out.set(r.cycle_id, round3(r.kg));
    return out;
  }

  /** Feed (kg) of each pond between two farm days (inclusive). */
  async feedKgByPond(
    pondIds: string[],
    from: string,
    to: string,
    db: DbOrTx = this.db,
  ): Promise<Map<string, number>> {
    const out = new Map(pondIds.map((id) => [id, 0]));
    if (pondIds.length === 0) return out;
    const rows = await this.uses(db)
      .select(['m.pond_id', FEED_KG.as('kg')])
      .where('m.pond_id', '=', sql<string>`any(${pondIds}::uuid[])`)
      .where('p.category_id', '=', FEED_CATEGORY_ID)
      .where('m.used_on', '>=', from)
      .where('m.used_on', '<=', to)
      .groupBy('m.pond_id')
      .execute();
    for (const r of rows) if (r.pond_id) out.set(r.pond_id, round3(r.kg));
    return out;
  }

  /** Rupiah value of the uses matching the filter (integer). */
  async usageCost(f: UsageFilter, db: DbOrTx = this.db): Promise<number> {
    const row = await this.filtered(db, f)
      .select(sql<string>`coalesce(sum(m.value), 0)::text`.as('rp'))
      .executeTakeFirstOrThrow();
    return Number(row.rp);
  }

  /** Rupiah value of uses per day and category (for `/chart/usagePrice`), oldest day first. */
  async usageCostByDay(
    f: UsageFilter,
    db: DbOrTx = this.db,
  ): Promise<{ day: string; category_id: number; value: number }[]> {
    const rows = await this.filtered(db, f)
      .select([
        sql<string>`m.used_on::text`.as('day'),
        'p.category_id',
        sql<string>`sum(m.value)::text`.as('rp'),
      ])
      .groupBy(['m.used_on', 'p.category_id'])
      .orderBy('m.used_on')
      .orderBy('p.category_id')
      .execute();
    return rows.map((r) => ({ day: r.day, category_id: r.category_id, value: Number(r.rp) }));
  }

  private filtered(db: DbOrTx, f: UsageFilter) {
    let q = this.uses(db).where('m.farm_id', '=', f.farmId);
    if (f.cycleId) q = q.where('m.cycle_id', '=', f.cycleId);
    if (f.pondIds) q = q.where('m.pond_id', '=', sql<string>`any(${f.pondIds}::uuid[])`);
    if (f.from) q = q.where('m.used_on', '>=', f.from);
    if (f.to) q = q.where('m.used_on', '<=', f.to);
    if (f.categoryIds) q = q.where('p.category_id', '=', sql<number>`any(${f.categoryIds}::smallint[])`);
    return q;
  }
}

function round3(text: string | null): number {
  return text === null ? 0 : Math.round(Number(text) * 1000) / 1000;
}
