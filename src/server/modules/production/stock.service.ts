import { v7 as uuidv7 } from 'uuid';
import type { AddStockBody, Stock, StockQuery, UpdateStockBody } from '#shared/contracts/stock';
import { ACTION } from '#shared/domain/permissions';
import { stockDateProblem } from '#shared/domain/production-rules';
import { AppError, fieldError } from '../../errors.ts';
import type { AlertPort } from '../../kernel/alert-port.ts';
import type { FarmAccess } from '../../kernel/farm-access.ts';
import { farmToday } from '../../kernel/farm-clock.ts';
import { changedAfter, type ServerClock } from '../../kernel/pull-window.ts';
import { isUniqueViolation } from '../../kernel/unique-violation.ts';
import { visiblePondIds } from '../../kernel/visible-ponds.ts';
import type { Headers, RecordMerge } from '../../sync/record-merge.ts';
import type { CycleRepository } from '../cycle/public.ts';
import type { DeathRepository } from './death.repository.ts';
import type { HarvestRepository } from './harvest.repository.ts';
import { toStock } from './production-mapper.ts';
import type { StockRepository, StockRow } from './stock.repository.ts';
import { problemError, StockGuard } from './stock-guard.ts';

export interface ProductionDeps {
  stocks: StockRepository;
  harvests: HarvestRepository;
  deaths: DeathRepository;
  cycles: CycleRepository;
  access: FarmAccess;
  merge: RecordMerge;
  clock: ServerClock;
  /** Deaths raise the death alert after they committed. */
  alerts: AlertPort;
}

const STOCK_FIELDS = [
  'stock_date',
  'seed_net',
  'seed_actual',
  'seed_source',
  'pl_age',
  'bags',
  'seed_photo',
] as const;

/**
 * Stockings (tebar): one active per pond. Stocking a pond with no active cycle starts
 * one on the stock date, in the same transaction, so a pond never has a stocking outside
 * a cycle nor a half-made pair.
 */
export class StockService {
  private readonly guard: StockGuard;
  constructor(private readonly d: ProductionDeps) {
    this.guard = new StockGuard(d);
  }

  async list(userId: string, q: StockQuery): Promise<{ items: Stock[]; server_time: string }> {
    const after = q.since ? changedAfter(q.since) : undefined;
    if (q.stock_id) {
      const row = await this.live(q.stock_id);
      const m = await this.d.access.requirePond(userId, row.pond_id, 'stock', ACTION.view);
      return { items: [toStock(row)], server_time: m.readAt };
    }
    if (q.pond_id) {
      const m = await this.d.access.requirePond(userId, q.pond_id, 'stock', ACTION.view);
      const rows = await this.d.stocks.listStocks({ pondId: q.pond_id, changedAfter: after });
      return { items: rows.map(toStock), server_time: m.readAt };
    }
    if (q.farm_id) {
      const m = await this.d.access.require(userId, q.farm_id, 'stock', ACTION.view);
      const pondIds = visiblePondIds(this.d.access, m, 'stock');
      if (pondIds?.length === 0) return { items: [], server_time: m.readAt };
      const rows = await this.d.stocks.listStocks({ farmId: q.farm_id, pondIds, changedAfter: after });
      return { items: rows.map(toStock), server_time: m.readAt };
    }
    throw fieldError('pond_id', 'validation.required');
  }

  /** Stocks a pond; the same `stock_id` sent again answers the stored stocking (created false). */
  async create(userId: string, body: AddStockBody): Promise<{ stock: Stock; created: boolean }> {
    const m = await this.d.access.requirePond(userId, body.pond_id, 'stock', ACTION.add);
    const id = body.stock_id ?? uuidv7();
    const replay = await this.replayOf(id, body.pond_id);
    if (replay) return { stock: replay, created: false };
    const problem = stockDateProblem(body.stock_date, farmToday());
    if (problem) throw problemError('stock_date', problem);
    // The cycle id names the cycle this stocking starts (or is ignored for the pond's active
    // one); a cycle of another farm must look like no cycle at all, never a conflict.
    if (body.cycle_id) {
      const named = await this.d.cycles.findById(body.cycle_id);
      if (named && named.farm_id !== m.farmId) throw new AppError('not-found');
    }
    try {
      // Atomic: the cycle a stocking starts exists exactly when the stocking does.
      await this.d.stocks.transaction(async (tx) => {
        const [active] = await this.d.cycles.activeOf([body.pond_id], tx);
        let cycleId: string;
        if (active) {
          if (body.stock_date < active.start_date) throw problemError('stock_date', 'before-cycle-start');
          cycleId = active.id;
        } else {
          cycleId = body.cycle_id ?? uuidv7();
          const started = await this.d.cycles.insertNext(
            {
              id: cycleId,
              farm_id: m.farmId,
              pond_id: body.pond_id,
              start_date: body.stock_date,
              created_by: userId,
            },
            tx,
          );
          if (!started) throw new AppError('conflict');
        }
        await this.d.stocks.insertStock(
          {
            id,
            farm_id: m.farmId,
            pond_id: body.pond_id,
            cycle_id: cycleId,
            stock_date: body.stock_date,
            seed_net: body.seed_net,
            seed_actual: body.seed_actual,
            seed_source: body.seed_source?.trim() || null,
            pl_age: body.pl_age ?? null,
            bags: body.bags ?? null,
            seed_photo: body.seed_photo ?? null,
            created_by: userId,
          },
          tx,
        );
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Two copies of the same create raced: the other one stored it.
      const raced = await this.replayOf(id, body.pond_id);
      if (raced) return { stock: raced, created: false };
      throw new AppError('stock-active-exists');
    }
    return { stock: toStock(await this.live(id)), created: true };
  }

  /**
   * Merged per field (ADR 0002). `withCycle` (PUT /stock-cycle/{id}/update): a new stock
   * date moves the cycle's start with it; otherwise the stock date stays inside the cycle.
   */
  async update(
    userId: string,
    id: string,
    body: UpdateStockBody,
    headers: Headers,
    withCycle: boolean,
  ): Promise<Stock> {
    const row = await this.live(id);
    await this.d.access.requireRecordChange(userId, row, 'stock');
    if (row.is_harvest) throw new AppError('cycle-harvested');
    const patch: Record<string, unknown> = {};
    for (const field of STOCK_FIELDS) if (body[field] !== undefined) patch[field] = body[field];
    if (typeof patch.seed_source === 'string') patch.seed_source = patch.seed_source.trim() || null;
    await this.d.merge.update({
      table: 'stocks',
      id,
      userId,
      headers,
      patch,
      load: async (tx) => toStock((await this.d.stocks.findStock(id, tx)) as StockRow),
      write: async (tx, changes) => {
        const stock = await this.guard.openStock(id, tx);
        const stockDate = (changes.stock_date as string | undefined) ?? stock.stock_date;
        if (changes.stock_date !== undefined) {
          const problem = stockDateProblem(stockDate, farmToday());
          if (problem) throw problemError('stock_date', problem);
          const { first } = await this.guard.recordSpan(id, tx);
          if (first && stockDate > first) throw problemError('stock_date', 'stock-after-records');
          const cycle = await this.d.cycles.findById(stock.cycle_id, tx);
          if (withCycle) await this.d.cycles.update(stock.cycle_id, { start_date: stockDate }, tx);
          else if (cycle && stockDate < cycle.start_date)
            throw problemError('stock_date', 'before-cycle-start');
        }
        if (changes.seed_actual !== undefined)
          await this.guard.checkPopulation(stock, tx, 'seed_actual', {
            seedActual: changes.seed_actual as number,
          });
        await this.d.stocks.updateStock(id, changes, tx);
      },
    });
    return toStock(await this.live(id));
  }

  /**
   * Soft-deletes the stocking with its harvests and deaths; `withCycle` (DELETE
   * /stock-cycle/{id}/delete) deletes its cycle too. Deleting again is a harmless replay.
   */
  async remove(userId: string, id: string, withCycle: boolean): Promise<void> {
    const row = await this.d.stocks.findStock(id);
    if (!row) throw new AppError('not-found');
    await this.d.access.requireRecordChange(userId, row, 'stock');
    if (row.deleted_at && !withCycle) return;
    // Atomic: a stocking never outlives its cycle, nor its records their stocking.
    await this.d.stocks.transaction(async (tx) => {
      await this.d.stocks.softDeleteStock(id, tx);
      if (withCycle) await this.d.cycles.softDelete(row.cycle_id, tx);
    });
  }

  private async replayOf(id: string, pondId: string): Promise<Stock | null> {
    const stored = await this.d.stocks.findStock(id);
    if (!stored) return null;
    if (stored.pond_id !== pondId || stored.deleted_at) throw new AppError('conflict');
    return toStock(stored);
  }

  private async live(id: string): Promise<StockRow> {
    const row = await this.d.stocks.findStock(id);
    if (!row || row.deleted_at) throw new AppError('not-found');
    return row;
  }
}
