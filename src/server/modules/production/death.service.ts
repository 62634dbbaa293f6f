import { v7 as uuidv7 } from 'uuid';
import type {
  AddDeathBody,
  CumulativeDeathQuery,
  Death,
  DeathQuery,
  FarmDeathQuery,
  PondCumulativeDeaths,
  PondDayDeaths,
  UpdateDeathBody,
} from '#shared/contracts/death';
import { ACTION } from '#shared/domain/permissions';
import { AppError, fieldError } from '../../errors.ts';
import { changedAfter } from '../../kernel/pull-window.ts';
import { visiblePondIds } from '../../kernel/visible-ponds.ts';
import type { Headers } from '../../sync/record-merge.ts';
import type { DeathRow } from './death.repository.ts';
import { toDeath } from './production-mapper.ts';
import type { ProductionDeps } from './stock.service.ts';
import { checkPositive, StockGuard } from './stock-guard.ts';

const DEATH_FIELDS = ['died_on', 'count', 'total_weight_kg'] as const;
const weightOf = (raw: string | null) => (raw === null ? null : Number(raw));

/** Dead shrimp of a stocking, and the farm-wide views of them (death alert). */
export class DeathService {
  private readonly guard: StockGuard;
  constructor(private readonly d: ProductionDeps) {
    this.guard = new StockGuard(d);
  }

  /** After a death record was stored or changed: the pond's deaths of that day to the death alert. */
  private committed(row: DeathRow): void {
    this.d.alerts.committedRead('death', async () => {
      const count = await this.d.deaths.pondDayDeaths(row.pond_id, row.died_on);
      return [{ farmId: row.farm_id, records: [{ pond_id: row.pond_id, died_on: row.died_on, count }] }];
    });
  }

  /** A stocking's or a farm's deaths, as the answer's JSON array written by PostgreSQL (ADR 0082). */
  async listJson(userId: string, q: DeathQuery): Promise<{ json: string; server_time: string }> {
    const after = q.since ? changedAfter(q.since) : undefined;
    if (q.stock_id) {
      const stock = await this.d.stocks.findStock(q.stock_id);
      if (!stock || stock.deleted_at) throw new AppError('not-found');
      const m = await this.d.access.requirePond(userId, stock.pond_id, 'death', ACTION.view);
      const json = await this.d.deaths.listDeathsJson({
        stockId: q.stock_id,
        changedAfter: after,
        live: q.live,
      });
      return { json, server_time: m.readAt };
    }
    if (q.farm_id) {
      const m = await this.d.access.require(userId, q.farm_id, 'death', ACTION.view);
      const pondIds = visiblePondIds(this.d.access, m, 'death');
      if (pondIds?.length === 0) return { json: '[]', server_time: m.readAt };
      const json = await this.d.deaths.listDeathsJson({
        farmId: q.farm_id,
        pondIds,
        changedAfter: after,
        live: q.live,
      });
      return { json, server_time: m.readAt };
    }
    throw fieldError('stock_id', 'validation.required');
  }

  async create(userId: string, body: AddDeathBody): Promise<{ death: Death; created: boolean }> {
    const stock = await this.d.stocks.findStock(body.stock_id);
    if (!stock || stock.deleted_at) throw new AppError('not-found');
    await this.d.access.requirePond(userId, stock.pond_id, 'death', ACTION.add);
    checkPositive({ total_weight_kg: body.total_weight_kg });
    const id = body.death_id ?? uuidv7();
    const replay = await this.replayOf(id, body.stock_id);
    if (replay) return { death: replay, created: false };
    // Atomic with the locked stocking: two devices cannot both take the last shrimp.
    await this.d.stocks.transaction(async (tx) => {
      const open = await this.guard.openStock(body.stock_id, tx);
      this.guard.checkDate('died_on', body.died_on, open);
      await this.guard.checkPopulation(open, tx, 'count', { death: { id, count: body.count } });
      await this.d.deaths.insertDeath(
        {
          id,
          farm_id: open.farm_id,
          pond_id: open.pond_id,
          cycle_id: open.cycle_id,
          stock_id: open.id,
          died_on: body.died_on,
          count: body.count,
          total_weight_kg: body.total_weight_kg == null ? null : String(body.total_weight_kg),
          created_by: userId,
        },
        tx,
      );
    });
    const stored = await this.live(id);
    this.committed(stored);
    return { death: toDeath(stored), created: true };
  }

  async update(userId: string, id: string, body: UpdateDeathBody, headers: Headers): Promise<Death> {
    const row = await this.live(id);
    await this.d.access.requireRecordChange(userId, row, 'death');
    checkPositive({ total_weight_kg: body.total_weight_kg });
    const patch: Record<string, unknown> = {};
    for (const field of DEATH_FIELDS) if (body[field] !== undefined) patch[field] = body[field];
    await this.d.merge.update({
      table: 'deaths',
      id,
      userId,
      headers,
      patch,
      load: async (tx) => toDeath((await this.d.deaths.findDeath(id, tx)) as DeathRow),
      write: async (tx, changes) => {
        const stock = await this.guard.openStock(row.stock_id, tx);
        if (changes.died_on !== undefined) this.guard.checkDate('died_on', changes.died_on as string, stock);
        if (changes.count !== undefined)
          await this.guard.checkPopulation(stock, tx, 'count', {
            death: { id, count: changes.count as number },
          });
        await this.d.deaths.updateDeath(id, changes, tx);
      },
    });
    const stored = await this.live(id);
    this.committed(stored);
    return toDeath(stored);
  }

  async remove(userId: string, id: string): Promise<void> {
    const row = await this.d.deaths.findDeath(id);
    if (!row) throw new AppError('not-found');
    await this.d.access.requireRecordChange(userId, row, 'death');
    if (row.deleted_at) return;
    await this.d.stocks.transaction(async (tx) => {
      await this.guard.openStock(row.stock_id, tx);
      await this.d.deaths.softDeleteDeath(id, tx);
    });
  }

  /** Deaths per pond per day between start and end (inclusive; end absent = up to today). */
  async farmDays(userId: string, q: FarmDeathQuery): Promise<PondDayDeaths[]> {
    const m = await this.d.access.require(userId, q.farm_id, 'death', ACTION.view);
    if (q.end_date && q.end_date < q.start_date) throw fieldError('end_date', 'validation.end-before-start');
    const pondIds = visiblePondIds(this.d.access, m, 'death');
    if (pondIds?.length === 0) return [];
    const rows = await this.d.deaths.deathsPerPondDay(q.farm_id, q.start_date, q.end_date ?? null, pondIds);
    return rows.map((r) => ({ ...r, count: Number(r.count), total_weight_kg: weightOf(r.total_weight_kg) }));
  }

  /** Cumulative deaths of each active stocking before start_date. */
  async cumulativeBefore(userId: string, q: CumulativeDeathQuery): Promise<PondCumulativeDeaths[]> {
    const m = await this.d.access.require(userId, q.farm_id, 'death', ACTION.view);
    const pondIds = visiblePondIds(this.d.access, m, 'death');
    if (pondIds?.length === 0) return [];
    const rows = await this.d.deaths.cumulativeBefore(q.farm_id, q.start_date, pondIds);
    return rows.map((r) => ({ ...r, count: Number(r.count), total_weight_kg: weightOf(r.total_weight_kg) }));
  }

  private async replayOf(id: string, stockId: string): Promise<Death | null> {
    const stored = await this.d.deaths.findDeath(id);
    if (!stored) return null;
    if (stored.stock_id !== stockId || stored.deleted_at) throw new AppError('conflict');
    return toDeath(stored);
  }

  private async live(id: string): Promise<DeathRow> {
    const row = await this.d.deaths.findDeath(id);
    if (!row || row.deleted_at) throw new AppError('not-found');
    return row;
  }
}
