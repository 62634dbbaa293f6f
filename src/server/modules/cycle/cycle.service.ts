import { v7 as uuidv7 } from 'uuid';
import type { AddCycleBody, Cycle, CycleQuery, EndCycleBody, UpdateCycleBody } from '#shared/contracts/cycle';
import { enteredDayProblem } from '#shared/domain/calendar';
import { daysOfCulture } from '#shared/domain/figures';
import { ACTION, type Action } from '#shared/domain/permissions';
import { AppError, fieldError } from '../../errors.ts';
import type { Idempotency } from '../../idempotency.ts';
import type { FarmAccess } from '../../kernel/farm-access.ts';
import { farmToday } from '../../kernel/farm-clock.ts';
import { changedAfter, type ServerClock } from '../../kernel/pull-window.ts';
import { isUniqueViolation } from '../../kernel/unique-violation.ts';
import { visiblePondIds } from '../../kernel/visible-ponds.ts';
import { type Headers, mergeFieldsOf, type RecordMerge } from '../../sync/record-merge.ts';
import type { CycleRepository, CycleRow } from './cycle.repository.ts';

export function toCycle(row: CycleRow, today: string = farmToday()): Cycle {
  return {
    cycle_id: row.id,
    farm_id: row.farm_id,
    pond_id: row.pond_id,
    cycle_number: row.cycle_number,
    start_date: row.start_date,
    end_date: row.end_date ?? 0,
    is_active: row.end_date === null,
    doc: daysOfCulture(row.start_date, row.end_date ?? today),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    deleted_at: row.deleted_at?.toISOString() ?? null,
    ...mergeFieldsOf(row),
  };
}

/** A start or end day the caller sent: not after the farm's today (400 validation.date-future). */
function checkDay(field: 'start_date' | 'end_date', day: string, today = farmToday()): void {
  const problem = enteredDayProblem(day, today);
  if (problem) throw fieldError(field, problem);
}

export interface CycleDeps {
  cycles: CycleRepository;
  access: FarmAccess;
  idempotency: Idempotency;
  clock: ServerClock;
  merge: RecordMerge;
}

/** Cycles of a pond: one active at a time, numbered per pond, ended once. */
export class CycleService {
  constructor(private readonly d: CycleDeps) {}

  async list(userId: string, q: CycleQuery): Promise<{ items: Cycle[]; server_time: string }> {
    const after = q.since ? changedAfter(q.since) : undefined;
    if (q.cycle_id) {
      const row = await this.visible(userId, q.cycle_id, ACTION.view);
      return { items: [toCycle(row)], server_time: await this.d.clock.now() };
    }
    if (q.pond_id) {
      const { readAt: server_time } = await this.d.access.requirePond(
        userId,
        q.pond_id,
        'cycle',
        ACTION.view,
      );
      const rows = await this.d.cycles.list({ pondId: q.pond_id, changedAfter: after });
      return { items: rows.map((r) => toCycle(r)), server_time };
    }
    if (q.farm_id) {
      const m = await this.d.access.require(userId, q.farm_id, 'cycle', ACTION.view);
      const server_time = m.readAt;
      const pondIds = visiblePondIds(this.d.access, m, 'cycle');
      const rows =
        pondIds?.length === 0
          ? []
          : await this.d.cycles.list({ farmId: q.farm_id, pondIds, changedAfter: after });
      return { items: rows.map((r) => toCycle(r)), server_time };
    }
    throw fieldError('pond_id', 'validation.required');
  }

  /** Starts a cycle; the same `cycle_id` sent again answers the stored cycle (created false). */
  async create(userId: string, body: AddCycleBody): Promise<{ cycle: Cycle; created: boolean }> {
    const m = await this.d.access.requirePond(userId, body.pond_id, 'cycle', ACTION.add);
    checkDay('start_date', body.start_date);
    const id = body.cycle_id ?? uuidv7();
    const row = {
      id,
      farm_id: m.farmId,
      pond_id: body.pond_id,
      start_date: body.start_date,
      created_by: userId,
    };
    const inserted = await this.d.cycles.insertNext(row);
    const stored = await this.d.cycles.findById(id);
    if (inserted && stored) return { cycle: toCycle(stored), created: true };
    if (stored && stored.pond_id === body.pond_id && !stored.deleted_at)
      return { cycle: toCycle(stored), created: false };
    if (stored) throw new AppError('conflict');
    throw new AppError('cycle-active-exists');
  }

  /** Merged per field with other devices' edits (ADR 0002); the dates are checked on the result. */
  async update(userId: string, id: string, body: UpdateCycleBody, headers: Headers = {}): Promise<Cycle> {
    await this.visible(userId, id, ACTION.edit);
    // Only the days sent are checked: a stored day is not this edit's to refuse.
    if (body.start_date !== undefined) checkDay('start_date', body.start_date);
    if (body.end_date) checkDay('end_date', body.end_date);
    const patch: Record<string, unknown> = {};
    if (body.start_date !== undefined) patch.start_date = body.start_date;
    if (body.end_date !== undefined) patch.end_date = body.end_date || 0;
    try {
      await this.d.merge.update({
        table: 'cycles',
        id,
        userId,
        headers,
        patch,
        load: async (tx) => toCycle((await this.d.cycles.findById(id, tx)) as CycleRow),
        write: async (tx, changes) => {
          const current = (await this.d.cycles.findById(id, tx)) as CycleRow;
          const start = (changes.start_date as string | undefined) ?? current.start_date;
          const end =
            changes.end_date === undefined ? current.end_date : (changes.end_date as string) || null;
          if (end !== null && end < start) throw fieldError('end_date', 'validation.end-before-start');
          await this.d.cycles.update(id, { start_date: start, end_date: end }, tx);
        },
      });
    } catch (error) {
      // Reopening while another cycle of the pond is active.
      if (isUniqueViolation(error)) throw new AppError('cycle-active-exists');
      throw error;
    }
    return toCycle((await this.d.cycles.findById(id)) as CycleRow);
  }

  /**
   * Ends an active cycle. With an Idempotency-Key, a replay answers the first answer;
   * without one (or with a new key), ending an ended cycle is 409 cycle-ended.
   */
  async end(userId: string, id: string, body: EndCycleBody, key: string | undefined): Promise<Cycle> {
    const current = await this.visible(userId, id, ACTION.edit);
    checkDay('end_date', body.end_date);
    const answer = await this.d.idempotency.run<Cycle>(userId, key, `cycle-end:${id}`, async (tx) => {
      if (body.end_date < current.start_date) throw fieldError('end_date', 'validation.end-before-start');
      if (!(await this.d.cycles.end(id, body.end_date, tx))) throw new AppError('cycle-ended');
      return { status: 200, body: toCycle((await this.d.cycles.findById(id, tx)) as CycleRow) };
    });
    return answer.body;
  }

  /** Soft delete; deleting a deleted cycle again is a harmless replay. */
  async remove(userId: string, id: string): Promise<void> {
    const row = await this.d.cycles.findById(id);
    if (!row) throw new AppError('not-found');
    await this.d.access.requirePond(userId, row.pond_id, 'cycle', ACTION.edit);
    await this.d.cycles.softDelete(id);
  }

  /** The live cycle if the caller may act on its pond at `level`; other farms' ids are 404. */
  private async visible(userId: string, id: string, level: Action): Promise<CycleRow> {
    const row = await this.d.cycles.findById(id);
    if (!row || row.deleted_at) throw new AppError('not-found');
    await this.d.access.requirePond(userId, row.pond_id, 'cycle', level);
    return row;
  }
}
