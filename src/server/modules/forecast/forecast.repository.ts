import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** Kysely reads of the forecast: every sampling of the cycles, recent deaths, finished cycles' samplings. */
export class ForecastRepository {
  constructor(private readonly db: Db) {}

  samplingsOf(cycleIds: string[]) {
    if (cycleIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('samplings')
      .select(['cycle_id', sql<string>`sampled_on::text`.as('sampled_on'), 'sample_weight', 'shrimp_count'])
      .where('cycle_id', '=', sql<string>`any(${cycleIds}::uuid[])`)
      .where('deleted_at', 'is', null)
      .orderBy('sampled_on')
      .execute();
  }

  /** Deaths of the stockings: all of them summed, plus the rows since `since` (the trend). */
  deathsOf(stockIds: string[]) {
    if (stockIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('deaths')
      .select(['stock_id', sql<string>`died_on::text`.as('died_on'), 'count'])
      .where('stock_id', '=', sql<string>`any(${stockIds}::uuid[])`)
      .where('deleted_at', 'is', null)
      .execute();
  }

  /** Samplings of the farm's last `limit` finished cycles (for the farm prior). */
  finishedSamplings(farmId: string, limit = 40) {
    return this.db
      .selectFrom('samplings as x')
      .innerJoin('stocks as s', 's.cycle_id', 'x.cycle_id')
      .select([
        'x.cycle_id',
        sql<string>`s.stock_date::text`.as('stock_date'),
        sql<string>`x.sampled_on::text`.as('sampled_on'),
        'x.sample_weight',
        'x.shrimp_count',
      ])
      .where('s.farm_id', '=', farmId)
      .where('s.is_harvest', '=', true)
      .where('s.deleted_at', 'is', null)
      .where('x.deleted_at', 'is', null)
      .where(
        's.cycle_id',
        'in',
        this.db
          .selectFrom('stocks')
          .select('cycle_id')
          .where('farm_id', '=', farmId)
          .where('is_harvest', '=', true)
          .where('deleted_at', 'is', null)
          .orderBy('stock_date', 'desc')
          .limit(limit),
      )
      .execute();
  }

  /** Sizes and prices of the farm's harvests of the last year: they suggest the price list. */
  harvestPrices(farmId: string) {
    return this.db
      .selectFrom('harvests')
      .select(['size', 'price_per_kg'])
      .where('farm_id', '=', farmId)
      .where('deleted_at', 'is', null)
      .where('harvested_on', '>=', sql<string>`current_date - 365`)
      .execute();
  }

  /** The farm's expenses from `from` on (the cost to date of its running cycles). */
  expensesSince(farmId: string, from: string) {
    return this.db
      .selectFrom('finance_transactions as t')
      .innerJoin('finance_categories as k', 'k.id', 't.category_id')
      .select([
        't.type',
        sql<string>`t.nominal::text`.as('nominal'),
        sql<string>`t.transaction_date::text`.as('transaction_date'),
        't.source_type',
        'k.builtin_key',
      ])
      .where('t.farm_id', '=', farmId)
      .where('t.type', '=', 'out')
      .where('t.deleted_at', 'is', null)
      .where('t.transaction_date', '>=', from)
      .execute();
  }

  /** The value (Rp) of the warehouse uses booked to each cycle: one row a cycle, summed here, not in the service. */
  usesOf(cycleIds: string[]) {
    if (cycleIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('warehouse_movements')
      .select(['cycle_id', sql<string>`sum(value)::text`.as('value')])
      .where('kind', '=', 'use')
      .where('deleted_at', 'is', null)
      .where('cycle_id', '=', sql<string>`any(${cycleIds}::uuid[])`)
      .groupBy('cycle_id')
      .execute();
  }

  /** The farm's live warehouse items with their category and price (feed price). */
  items(farmId: string) {
    return this.db
      .selectFrom('warehouse_items as w')
      .innerJoin('warehouse_products as p', 'p.id', 'w.product_id')
      .select(['p.category_id', sql<string>`w.price::text`.as('price')])
      .where('w.farm_id', '=', farmId)
      .where('w.deleted_at', 'is', null)
      .execute();
  }
}
