import type { BulkItem, BulkResult } from '#shared/contracts/bulk';
import {
  type KeepBothBody,
  NOT_MEASURED,
  type WaterKind,
  type WaterQuery,
  type WaterReading,
  type WaterUpdateBody,
} from '#shared/contracts/water';
import { ACTION } from '#shared/domain/permissions';
import type { Language } from '#shared/i18n/language';
import { AppError, fieldError } from '../../errors.ts';
import type { AlertPort } from '../../kernel/alert-port.ts';
import type { FarmAccess } from '../../kernel/farm-access.ts';
import { FARM_UTC_OFFSET_MINUTES, farmDayStart } from '../../kernel/farm-clock.ts';
import type { PondPlacements } from '../../kernel/pond-placements.ts';
import { changedAfter } from '../../kernel/pull-window.ts';
import { visiblePondIds } from '../../kernel/visible-ponds.ts';
import type { Headers, RecordMerge } from '../../sync/record-merge.ts';
import type { CycleRepository } from '../cycle/public.ts';
import { formatMeasuredAt, type MeasuredAt, parseMeasuredAt } from './measured-at.ts';
import { keepBoth } from './same-slot.ts';
import type { ReadingInsert, ReadingRow, WaterRepository } from './water.repository.ts';
import { bulkUpsert } from './water-bulk.ts';
import { toReading } from './water-mapper.ts';
import { type FieldMessages, parseValues } from './water-values.ts';

export interface WaterDeps {
  readings: WaterRepository;
  cycles: CycleRepository;
  access: FarmAccess;
  /** Ponds' farms and active cycles kept a few seconds (bulk writes). */
  placements: PondPlacements;
  merge: RecordMerge;
  alerts: AlertPort;
}

const DAY_MS = 86_400_000;

/** `from`/`to` of a list: a bare day is farm-local (WIB), `to` includes that whole day. */
function bound(raw: string | undefined, field: 'from' | 'to'): Date | undefined {
  if (!raw) return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(raw)) {
    const start = farmDayStart(raw, FARM_UTC_OFFSET_MINUTES);
    if (Number.isNaN(start.getTime())) throw fieldError(field, 'validation.date');
    return field === 'from' ? start : new Date(start.getTime() + DAY_MS);
  }
  const instant = Date.parse(raw);
  if (Number.isNaN(instant)) throw fieldError(field, 'validation.date');
  return new Date(field === 'from' ? instant : instant + 1);
}

/**
 * Water-quality readings of the three kinds (general, chemical, biological): one
 * implementation, the kind picks the table and the value fields.
 */
export class WaterService {
  constructor(private readonly d: WaterDeps) {}

  async list<K extends WaterKind>(
    userId: string,
    kind: K,
    q: WaterQuery,
  ): Promise<{ items: WaterReading<K>[]; server_time: string }> {
    const m = await this.d.access.require(userId, q.farm_id, 'water_quality', ACTION.view);
    if (
      q.pond_id &&
      (!this.d.access.canSeePond(m, q.pond_id) ||
        this.d.access.pondAction(m, 'water_quality', q.pond_id) < ACTION.view)
    ) {
      throw new AppError('not-found');
    }
    const pondIds = visiblePondIds(this.d.access, m, 'water_quality');
    const server_time = m.readAt;
    if (pondIds?.length === 0) return { items: [], server_time };
    const rows = await this.d.readings.list(kind, {
      farmId: q.farm_id,
      pondIds,
      pondId: q.pond_id,
      cycleId: q.cycle_id,
      from: bound(q.from, 'from'),
      before: bound(q.to, 'to'),
      changedAfter: q.since ? changedAfter(q.since) : undefined,
    });
    return { items: rows.map((r) => toReading(kind, r)), server_time };
  }

  async bulk(userId: string, kind: WaterKind, items: BulkItem[], lang: Language): Promise<BulkResult> {
    return { results: await bulkUpsert(this.d, userId, kind, items, lang) };
  }

  /**
   * Changes the fields sent (-99 clears one); needs edit (2) on the pond, or own and under
   * 24 h. Merged per field with other devices' edits (ADR 0002,
   * src/server/sync/record-merge.ts): the answer is the stored reading, whose `conflicts`
   * name this edit's values that lost.
   */
  async update<K extends WaterKind>(
    userId: string,
    kind: K,
    id: string,
    body: WaterUpdateBody<K>,
    headers: Headers = {},
  ): Promise<WaterReading<K>> {
    const row = await this.live(kind, id);
    await this.d.access.requireRecordChange(userId, row, 'water_quality');
    const source = body as Record<string, unknown>;
    const { values, errors } = parseValues(kind, source, true);
    // The edit in the API's shape (what devices see and compare): -99 for not measured.
    const patch: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(values)) patch[field] = value ?? NOT_MEASURED;
    let measured: MeasuredAt | null = null;
    if (source.measured_at !== undefined) {
      measured = parseMeasuredAt(source.measured_at);
      if (measured) patch.measured_at = formatMeasuredAt(measured.instant, measured.utcOffset);
      else errors.measured_at = [{ key: 'validation.measured-at' }];
    }
    if (typeof source.cycle_id === 'string') {
      const [cycle] = await this.d.cycles.findLive([source.cycle_id]);
      if (cycle?.pond_id !== row.pond_id) errors.cycle_id = [{ key: 'validation.cycle-pond' }];
      else patch.cycle_id = cycle.id;
    }
    if (Object.keys(errors).length > 0) throw new AppError('validation-failed', errors as FieldMessages);
    await this.d.merge.update({
      table: `water_${kind}`,
      id,
      userId,
      headers,
      patch,
      load: async (tx) => toReading(kind, (await this.d.readings.findById(kind, id, tx)) as ReadingRow),
      write: async (tx, changes) => {
        const columns: Record<string, unknown> = {};
        for (const [field, value] of Object.entries(changes)) {
          if (field === 'measured_at' && measured)
            Object.assign(columns, {
              measured_at: measured.instant,
              utc_offset: measured.utcOffset,
              time_of_day: measured.timeOfDay,
            });
          else if (field === 'cycle_id') columns.cycle_id = value;
          else columns[field] = value === NOT_MEASURED ? null : value;
        }
        await this.d.readings.update(kind, id, columns, tx);
      },
    });
    const stored = await this.live(kind, id);
    // An edited value may now be outside the standards (de-duplicated per slot like a new one).
    this.d.alerts.committed(`water_${kind}`, stored.farm_id, [stored as unknown as ReadingInsert]);
    return toReading(kind, stored);
  }

  /** "Keep both" for readings of one pond, day and slot (same-slot.ts, ADR 0063). */
  keepBoth<K extends WaterKind>(userId: string, kind: K, body: KeepBothBody): Promise<WaterReading<K>[]> {
    return keepBoth(this.d, userId, kind, body);
  }

  /** Soft delete (edit on the pond, or own and under 24 h); deleting a deleted reading again is a harmless replay. */
  async remove(userId: string, kind: WaterKind, id: string): Promise<void> {
    const row = await this.d.readings.findById(kind, id);
    if (!row) throw new AppError('not-found');
    await this.d.access.requireRecordChange(userId, row, 'water_quality');
    await this.d.readings.softDelete(kind, id);
  }

  private async live(kind: WaterKind, id: string): Promise<ReadingRow> {
    const row = await this.d.readings.findById(kind, id);
    if (!row || row.deleted_at) throw new AppError('not-found');
    return row;
  }
}
