import type { RecordProblem } from '#shared/domain/production-rules';
import { populationProblem, positiveProblem, recordDateProblem } from '#shared/domain/production-rules';
import type { DbOrTx } from '../../db/database.ts';
import { AppError, fieldError } from '../../errors.ts';
import { farmToday } from '../../kernel/farm-clock.ts';
import type { DeathRepository } from './death.repository.ts';
import type { HarvestRepository } from './harvest.repository.ts';
import type { StockRepository, StockRow } from './stock.repository.ts';

/** Rules only the server can check (they need other records). */
export type ServerProblem =
  | 'before-cycle-start'
  | 'stock-after-records'
  | 'before-last-record'
  | 'total-type';

/** Weights and sizes above zero (the schema lets 0 through: OpenAPI 3.0 has no exclusive bound). */
export function checkPositive(values: Record<string, unknown>): void {
  for (const [field, value] of Object.entries(values))
    if (value !== undefined && value !== null && positiveProblem(value))
      throw problemError(field, 'positive');
}

/** A rule's problem as a 400 on `field` (`validation.<problem>`, translated). */
export const problemError = (field: string, problem: RecordProblem | ServerProblem) =>
  fieldError(field, `validation.${problem}`);

/**
 * The checks every harvest and death write makes against its stocking, inside the
 * transaction that writes it, with the stocking row locked so two devices cannot both
 * take the last shrimp.
 */
export class StockGuard {
  constructor(
    private readonly repos: { stocks: StockRepository; harvests: HarvestRepository; deaths: DeathRepository },
  ) {}

  /** The live, not-harvested stocking, locked; 404 when gone, 409 once harvested in total. */
  async openStock(stockId: string, tx: DbOrTx, allowHarvested = false): Promise<StockRow> {
    const stock = await this.repos.stocks.lockStock(stockId, tx);
    if (!stock) throw new AppError('not-found');
    if (stock.is_harvest && !allowHarvested) throw new AppError('cycle-harvested');
    return stock;
  }

  checkDate(field: string, day: string, stock: StockRow): void {
    const problem = recordDateProblem(day, stock.stock_date, farmToday());
    if (problem) throw problemError(field, problem);
  }

  /**
   * Stocked − deaths − harvested must stay ≥ 0 with the record as it will be (`replace`
   * swaps the stored copy of the record being edited, or adds a new one).
   */
  async checkPopulation(
    stock: StockRow,
    tx: DbOrTx,
    field: string,
    change: {
      death?: { id: string; count: number } | null;
      harvest?: { id: string; weight_kg: number; size: number } | null;
      seedActual?: number;
    },
  ): Promise<void> {
    const deaths = (await this.repos.deaths.deathsOf([stock.id], tx))
      .filter((d) => d.id !== change.death?.id)
      .map((d) => ({ count: d.count }));
    if (change.death) deaths.push({ count: change.death.count });
    const harvests = (await this.repos.harvests.harvestsOf([stock.id], tx))
      .filter((h) => h.id !== change.harvest?.id)
      .map((h) => ({ weight_kg: Number(h.weight_kg), size: Number(h.size) }));
    if (change.harvest) harvests.push(change.harvest);
    const problem = populationProblem({ stocked: change.seedActual ?? stock.seed_actual, deaths, harvests });
    if (problem) throw problemError(field, problem);
  }

  /** The first and last days of the stocking's records (for stock-date and total-harvest checks). */
  async recordSpan(
    stockId: string,
    tx: DbOrTx,
    exceptId?: string,
  ): Promise<{ first: string | null; last: string | null }> {
    const days = [
      ...(await this.repos.deaths.deathsOf([stockId], tx))
        .filter((d) => d.id !== exceptId)
        .map((d) => d.died_on),
      ...(await this.repos.harvests.harvestsOf([stockId], tx))
        .filter((h) => h.id !== exceptId)
        .map((h) => h.harvested_on),
    ].sort();
    return { first: days[0] ?? null, last: days.at(-1) ?? null };
  }
}
