import { sql } from 'kysely';
import type { TransactionProposal } from '#shared/contracts/finance';
import { BUILT_IN_ID } from '#shared/domain/finance';
import type { Db } from '../../db/database.ts';
import type { CycleRepository } from '../cycle/public.ts';
import type { HarvestRepository } from '../production/public.ts';
import type { WarehouseUsage } from '../warehouse/public.ts';
import type { Harvested, ProductionScope, ProductionSources } from './production-sources.ts';

/** Warehouse category id (src/shared/domain/warehouse.ts) → the finance category it books to. */
const CATEGORY_OF_WAREHOUSE: Record<number, string> = {
  5: 'feed',
  3: 'probiotics',
  6: 'chemicals',
  2: 'equipment',
};

/**
 * The real readers behind finance's `ProductionSources` port: harvested kg and revenue
 * from the production module's `harvestTotals` (plus kg per pond), the rupiah value of
 * warehouse uses from `WarehouseUsage.usageCost`, and the proposals (harvests with
 * revenue, received purchase orders). Sums are done in SQL; money stays integer rupiah.
 */
export class SqlProductionSources implements ProductionSources {
  constructor(
    private readonly d: {
      db: Db;
      harvests: HarvestRepository;
      usage: WarehouseUsage;
      cycles: CycleRepository;
    },
  ) {}

  cycleSpans(farmId: string, from: string, to: string) {
    return this.d.cycles.spans(farmId, from, to);
  }

  async harvested(farmId: string, scope: ProductionScope): Promise<Harvested> {
    const filter = { farmId, cycleId: scope.cycleId, from: scope.from, to: scope.to };
    let q = this.d.db
      .selectFrom('harvests')
      .select([
        'pond_id',
        sql<string>`sum(weight_kg)::text`.as('kg'),
        sql<number>`count(distinct cycle_id)::int`.as('cycles'),
      ])
      .where('farm_id', '=', farmId)
      .where('deleted_at', 'is', null);
    if (scope.cycleId) q = q.where('cycle_id', '=', scope.cycleId);
    if (scope.from) q = q.where('harvested_on', '>=', scope.from);
    if (scope.to) q = q.where('harvested_on', '<=', scope.to);
    const [totals, perPond] = await Promise.all([
      this.d.harvests.harvestTotals(filter),
      q.groupBy('pond_id').execute(),
    ]);
    return {
      kg: totals.harvested_kg,
      revenueRp: BigInt(Math.round(totals.revenue)),
      byPond: new Map(perPond.map((r) => [r.pond_id, Number(r.kg)])),
      cyclesByPond: new Map(perPond.map((r) => [r.pond_id, r.cycles])),
    };
  }

  async usageCostRp(farmId: string, scope: ProductionScope): Promise<bigint> {
    const rp = await this.d.usage.usageCost({
      farmId,
      cycleId: scope.cycleId,
      from: scope.from,
      to: scope.to,
    });
    return BigInt(Math.round(rp));
  }

  async proposals(farmId: string): Promise<TransactionProposal[]> {
    const [harvests, orders] = await Promise.all([this.harvestSales(farmId), this.receivedOrders(farmId)]);
    return [...harvests, ...orders];
  }

  /** Each live harvest with revenue proposes a harvest-sale income on its day. */
  private async harvestSales(farmId: string): Promise<TransactionProposal[]> {
    const rows = await this.d.db
      .selectFrom('harvests as h')
      .innerJoin('ponds as p', 'p.id', 'h.pond_id')
      .select([
        'h.id',
        'p.name',
        sql<string>`h.harvested_on::text`.as('day'),
        sql<string>`h.revenue::text`.as('rp'),
      ])
      .where('h.farm_id', '=', farmId)
      .where('h.deleted_at', 'is', null)
      .where('h.revenue', '>', '0')
      .orderBy('h.harvested_on', 'desc')
      .execute();
    return rows.map((r) => ({
      source_type: 'harvest' as const,
      source_id: r.id,
      type: 'in' as const,
      category_transaction_id: BUILT_IN_ID['harvest-sale'],
      nominal: Number(r.rp),
      transaction_date: r.day,
      label: `${r.name} · ${r.day}`,
    }));
  }

  /**
   * Each received purchase order with priced items proposes an expense of Σ qty × price on
   * the day it was received, booked to feed / probiotics / chemicals / equipment when all
   * its items are of that warehouse category, else other-expense.
   */
  private async receivedOrders(farmId: string): Promise<TransactionProposal[]> {
    const rows = await this.d.db
      .selectFrom('purchase_orders as o')
      .innerJoin('purchase_order_items as i', 'i.order_id', 'o.id')
      .innerJoin('warehouse_products as p', 'p.id', 'i.product_id')
      .select([
        'o.id',
        'o.supplier_name',
        sql<string>`round(sum(i.qty::numeric * coalesce(i.price, 0)))::text`.as('rp'),
        sql<number[]>`array_agg(distinct p.category_id)`.as('categories'),
        sql<string>`coalesce((select min(m.used_on)::text from warehouse_movements m where m.purchase_order_id = o.id), (o.received_at at time zone 'UTC')::date::text)`.as(
          'day',
        ),
      ])
      .where('o.farm_id', '=', farmId)
      .where('o.status', '=', 'received')
      .where('o.deleted_at', 'is', null)
      .groupBy(['o.id', 'o.supplier_name', 'o.received_at'])
      .orderBy('o.received_at', 'desc')
      .execute();
    return rows
      .filter((r) => Number(r.rp) >= 1)
      .map((r) => {
        const key = r.categories.length === 1 ? CATEGORY_OF_WAREHOUSE[r.categories[0] as number] : undefined;
        return {
          source_type: 'purchase-order' as const,
          source_id: r.id,
          type: 'out' as const,
          category_transaction_id: BUILT_IN_ID[key ?? 'other-expense'],
          nominal: Number(r.rp),
          transaction_date: r.day,
          label: r.supplier_name,
        };
      });
  }
}
