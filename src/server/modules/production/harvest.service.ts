import { v7 as uuidv7 } from 'uuid';
import type {
  AddHarvestBody,
  Harvest,
  HarvestQuery,
  HarvestTotals,
  UpdateHarvestBody,
} from '#shared/contracts/harvest';
import { harvestRevenue } from '#shared/domain/figures';
import { ACTION } from '#shared/domain/permissions';
import { AppError, fieldError } from '../../errors.ts';
import { changedAfter } from '../../kernel/pull-window.ts';
import { isUniqueViolation } from '../../kernel/unique-violation.ts';
import { visiblePondIds } from '../../kernel/visible-ponds.ts';
import type { Headers } from '../../sync/record-merge.ts';
import type { HarvestRow } from './harvest.repository.ts';
import { toHarvest } from './production-mapper.ts';
import type { StockRow } from './stock.repository.ts';
import type { ProductionDeps } from './stock.service.ts';
import { checkPositive, problemError, StockGuard } from './stock-guard.ts';

const HARVEST_FIELDS = ['harvested_on', 'type', 'weight_kg', 'size', 'price_per_kg'] as const;

/**
 * Harvests of a stocking. A total harvest closes the stocking (`is_harvest`) and ends its
 * cycle on the harvest day, in one transaction; from then on the stocking's records are
 * frozen (409 cycle-harvested) until that total harvest is deleted, which reopens both.
 */
export class HarvestService {
  private readonly guard: StockGuard;
  constructor(private readonly d: ProductionDeps) {
    this.guard = new StockGuard(d);
  }

  async list(userId: string, q: HarvestQuery): Promise<{ items: Harvest[]; server_time: string }> {
    const after = q.since ? changedAfter(q.since) : undefined;
    if (q.stock_id) {
      const stock = await this.d.stocks.findStock(q.stock_id);
      if (!stock || stock.deleted_at) throw new AppError('not-found');
      const m = await this.d.access.requirePond(userId, stock.pond_id, 'harverst', ACTION.view);
      const rows = await this.d.harvests.listHarvests({ stockId: q.stock_id, changedAfter: after });
      return { items: rows.map(toHarvest), server_time: m.readAt };
    }
    if (q.farm_id) {
      const m = await this.d.access.require(userId, q.farm_id, 'harverst', ACTION.view);
      const pondIds = visiblePondIds(this.d.access, m, 'harverst');
      if (pondIds?.length === 0) return { items: [], server_time: m.readAt };
      const rows = await this.d.harvests.listHarvests({ farmId: q.farm_id, pondIds, changedAfter: after });
      return { items: rows.map(toHarvest), server_time: m.readAt };
    }
    throw fieldError('stock_id', 'validation.required');
  }

  async create(userId: string, body: AddHarvestBody): Promise<{ harvest: Harvest; created: boolean }> {
    const stock = await this.d.stocks.findStock(body.stock_id);
    if (!stock || stock.deleted_at) throw new AppError('not-found');
    await this.d.access.requirePond(userId, stock.pond_id, 'harverst', ACTION.add);
    checkPositive({ weight_kg: body.weight_kg, size: body.size });
    const id = body.harvest_id ?? uuidv7();
    const replay = await this.replayOf(id, body.stock_id);
    if (replay) return { harvest: replay, created: false };
    try {
      // Atomic: the harvest, the closed stocking and the ended cycle go together.
      await this.d.stocks.transaction(async (tx) => {
        const open = await this.guard.openStock(body.stock_id, tx);
        this.guard.checkDate('harvested_on', body.harvested_on, open);
        await this.guard.checkPopulation(open, tx, 'weight_kg', {
          harvest: { id, weight_kg: body.weight_kg, size: body.size },
        });
        if (body.type === 'total') {
          const { last } = await this.guard.recordSpan(open.id, tx);
          if (last && body.harvested_on < last) throw problemError('harvested_on', 'before-last-record');
        }
        await this.d.harvests.insertHarvest(
          {
            id,
            farm_id: open.farm_id,
            pond_id: open.pond_id,
            cycle_id: open.cycle_id,
            stock_id: open.id,
            harvested_on: body.harvested_on,
            type: body.type,
            weight_kg: String(body.weight_kg),
            size: String(body.size),
            price_per_kg: String(body.price_per_kg),
            revenue: String(harvestRevenue(body.weight_kg, body.price_per_kg)),
            created_by: userId,
          },
          tx,
        );
        if (body.type === 'total') await this.close(open, body.harvested_on, tx);
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const raced = await this.replayOf(id, body.stock_id);
      if (raced) return { harvest: raced, created: false };
      throw new AppError('cycle-harvested');
    }
    return { harvest: toHarvest(await this.live(id)), created: true };
  }

  async update(userId: string, id: string, body: UpdateHarvestBody, headers: Headers): Promise<Harvest> {
    const row = await this.live(id);
    await this.d.access.requireRecordChange(userId, row, 'harverst');
    checkPositive({ weight_kg: body.weight_kg, size: body.size });
    const patch: Record<string, unknown> = {};
    for (const field of HARVEST_FIELDS) if (body[field] !== undefined) patch[field] = body[field];
    if (patch.type !== undefined && (patch.type === 'total') !== (row.type === 'total'))
      throw problemError('type', 'total-type');
    await this.d.merge.update({
      table: 'harvests',
      id,
      userId,
      headers,
      patch,
      load: async (tx) => toHarvest((await this.d.harvests.findHarvest(id, tx)) as HarvestRow),
      write: async (tx, changes) => {
        const current = toHarvest((await this.d.harvests.findHarvest(id, tx)) as HarvestRow);
        // The total harvest itself may be corrected; every other record of a closed stocking is frozen.
        const stock = await this.guard.openStock(current.stock_id, tx, current.type === 'total');
        const next = { ...current, ...changes } as Harvest;
        if (changes.harvested_on !== undefined) {
          this.guard.checkDate('harvested_on', next.harvested_on, stock);
          if (next.type === 'total') {
            const { last } = await this.guard.recordSpan(stock.id, tx, id);
            if (last && next.harvested_on < last) throw problemError('harvested_on', 'before-last-record');
            await this.d.cycles.update(stock.cycle_id, { end_date: next.harvested_on }, tx);
          }
        }
        if (changes.weight_kg !== undefined || changes.size !== undefined)
          await this.guard.checkPopulation(stock, tx, 'weight_kg', {
            harvest: { id, weight_kg: next.weight_kg, size: next.size },
          });
        const columns: Record<string, unknown> = { ...changes };
        if (changes.weight_kg !== undefined || changes.price_per_kg !== undefined)
          columns.revenue = harvestRevenue(next.weight_kg, next.price_per_kg);
        await this.d.harvests.updateHarvest(id, columns, tx);
      },
    });
    return toHarvest(await this.live(id));
  }

  /** Deleting the total harvest reopens the stocking and its cycle, unless the pond moved on. */
  async remove(userId: string, id: string): Promise<void> {
    const row = await this.d.harvests.findHarvest(id);
    if (!row) throw new AppError('not-found');
    await this.d.access.requireRecordChange(userId, row, 'harverst');
    if (row.deleted_at) return;
    try {
      // Atomic: the reopened stocking and cycle come back with the harvest gone.
      await this.d.stocks.transaction(async (tx) => {
        const stock = await this.guard.openStock(row.stock_id, tx, row.type === 'total');
        if (row.type === 'total') {
          const cycle = await this.d.cycles.findById(stock.cycle_id, tx);
          const later = (await this.d.cycles.list({ pondId: stock.pond_id }, tx)).some(
            (c) => cycle && c.cycle_number > cycle.cycle_number,
          );
          if (later) throw new AppError('cycle-active-exists');
          await this.d.stocks.updateStock(stock.id, { is_harvest: false }, tx);
          await this.d.cycles.update(stock.cycle_id, { end_date: null }, tx);
        }
        await this.d.harvests.softDeleteHarvest(id, tx);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('stock-active-exists');
      throw error;
    }
  }

  /** Harvested kg, count and revenue per cycle, farm and/or period (finance HPP). */
  totals(filter: { farmId?: string; cycleId?: string; from?: string; to?: string }): Promise<HarvestTotals> {
    return this.d.harvests.harvestTotals(filter);
  }

  private async close(stock: StockRow, day: string, tx: Parameters<StockGuard['openStock']>[1]) {
    await this.d.stocks.updateStock(stock.id, { is_harvest: true }, tx);
    await this.d.cycles.update(stock.cycle_id, { end_date: day }, tx);
  }

  private async replayOf(id: string, stockId: string): Promise<Harvest | null> {
    const stored = await this.d.harvests.findHarvest(id);
    if (!stored) return null;
    if (stored.stock_id !== stockId || stored.deleted_at) throw new AppError('conflict');
    return toHarvest(stored);
  }

  private async live(id: string): Promise<HarvestRow> {
    const row = await this.d.harvests.findHarvest(id);
    if (!row || row.deleted_at) throw new AppError('not-found');
    return row;
  }
}
