import type { TransactionProposal } from '#shared/contracts/finance';
import type { CycleSpan } from '#shared/domain/figures';

/**
 * What finance reads from the production and warehouse domains (issue 16 points 4 and 6),
 * as a port: the figures of HPP and productivity, and the records that propose a
 * transaction. The finance module never queries those domains' tables itself; the module
 * factory (`finance-modules.ts`) is handed an implementation.
 *
 * Scope: a farm and either a date range (inclusive, YYYY-MM-DD, farm days) or a cycle.
 */
export interface ProductionScope {
  from?: string;
  to?: string;
  cycleId?: string;
}

export interface Harvested {
  /** Harvested weight in kg over the scope (partial and total harvests). */
  kg: number;
  /** What the harvests sold for, integer rupiah. */
  revenueRp: bigint;
  /** Harvested kg per pond (pond id → kg); ponds without a harvest may be absent. */
  byPond: Map<string, number>;
  /** Cycles with a harvest in the scope per pond (productivity per cycle); absent = none. */
  cyclesByPond: Map<string, number>;
}

export interface ProductionSources {
  harvested(farmId: string, scope: ProductionScope): Promise<Harvested>;
  /** Cost of warehouse items used (feed, probiotics, chemicals …) over the scope, integer rupiah. */
  usageCostRp(farmId: string, scope: ProductionScope): Promise<bigint>;
  /**
   * Harvest sales and received purchase orders of the farm, each as the transaction it
   * proposes (ids unique per `source_type`). Booked ones are filtered out by finance.
   */
  proposals(farmId: string): Promise<TransactionProposal[]>;
  /** The farm's cycles running on some day from `from` to `to`, with their pond's area (ADR 0128). */
  cycleSpans(farmId: string, from: string, to: string): Promise<CycleSpan[]>;
}

/**
 * Nothing harvested, nothing used, nothing to propose: HPP answers null ("–"), never a
 * division by zero. Only the fallback of `createFinanceModules`; the server runs on
 * `SqlProductionSources` (sql-production-sources.ts, wired in context.ts).
 */
export const NO_PRODUCTION_YET: ProductionSources = {
  harvested: async () => ({ kg: 0, revenueRp: 0n, byPond: new Map(), cyclesByPond: new Map() }),
  usageCostRp: async () => 0n,
  proposals: async () => [],
  cycleSpans: async () => [],
};
