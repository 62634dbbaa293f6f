import type { BulkItemResult } from '#shared/contracts/bulk';
import type { RecordQuery } from '#shared/contracts/records';
import { ACTION } from '#shared/domain/permissions';
import type { Language } from '#shared/i18n/language';
import { translate } from '#shared/i18n/messages';
import { AppError, fieldError, wordedFields } from '../../errors.ts';
import type { AlertPort } from '../../kernel/alert-port.ts';
import type { FarmAccess, Membership } from '../../kernel/farm-access.ts';
import { changedAfter } from '../../kernel/pull-window.ts';
import { visiblePondIds } from '../../kernel/visible-ponds.ts';
import type { Headers, RecordMerge } from '../../sync/record-merge.ts';
import type { PhotoRepository } from '../photos/public.ts';
import { createRecords, dayProblem, type Outcome } from './record-create.ts';
import type { FieldMessages } from './record-fields.ts';
import { parseValues, toApi, toColumns } from './record-mapper.ts';
import type { RecordType } from './record-types.ts';
import type { RecordRow, RecordsRepository } from './records.repository.ts';

export interface RecordsDeps {
  records: RecordsRepository;
  /** A deleted record's photos go with it. */
  photos: PhotoRepository;
  access: FarmAccess;
  merge: RecordMerge;
  /** New disease records raise the disease alert after they committed. */
  alerts: AlertPort;
}

type ApiRecord = Record<string, unknown>;

/**
 * The daily pond records (anco, water change, note, disease): one implementation, the
 * record type picks the table, the feature and the fields (record-types.ts).
 * Authorization first (FarmAccess), then the rules: a record belongs to its pond's
 * active cycle, is not dated before that cycle started nor after today on the farm, and
 * an ended cycle takes no new or changed records (409 cycle-ended).
 */
export class RecordsService {
  constructor(private readonly d: RecordsDeps) {}

  /** After a request's records committed: new disease records go to the disease alert, by farm. */
  private committed(type: RecordType, ids: string[]): void {
    if (type.table !== 'disease_records' || ids.length === 0) return;
    this.d.alerts.committedRead('disease', async () => {
      const byFarm = new Map<string, Awaited<ReturnType<RecordsRepository['diseasesForAlert']>>>();
      for (const r of await this.d.records.diseasesForAlert(ids))
        byFarm.set(r.farm_id, [...(byFarm.get(r.farm_id) ?? []), r]);
      return [...byFarm].map(([farmId, records]) => ({ farmId, records }));
    });
  }

  async list(
    userId: string,
    type: RecordType,
    q: RecordQuery,
  ): Promise<{ items: ApiRecord[]; server_time: string }> {
    const filter = {
      from: q.from,
      to: q.to,
      changedAfter: q.since ? changedAfter(q.since) : undefined,
    };
    let m: Membership;
    let rows: RecordRow[];
    if (q.cycle_id || q.pond_id) {
      let pondId = q.pond_id;
      if (q.cycle_id) {
        const [cycle] = await this.d.records.cycles([q.cycle_id]);
        if (!cycle || (pondId && cycle.pond_id !== pondId)) throw new AppError('not-found');
        pondId = cycle.pond_id;
      }
      m = await this.d.access.requirePond(userId, pondId as string, type.feature, ACTION.view);
      if (q.farm_id && q.farm_id !== m.farmId) throw new AppError('not-found');
      rows = await this.d.records.list(type, { ...filter, pondIds: null, pondId, cycleId: q.cycle_id });
    } else if (q.farm_id) {
      m = await this.d.access.require(userId, q.farm_id, type.feature, ACTION.view);
      const pondIds = visiblePondIds(this.d.access, m, type.feature);
      if (pondIds?.length === 0 && !type.farmLevel) return { items: [], server_time: m.readAt };
      rows = await this.d.records.list(type, {
        ...filter,
        farmId: q.farm_id,
        pondIds,
        withoutPond: type.farmLevel,
      });
    } else {
      throw fieldError('farm_id', 'validation.required');
    }
    return { items: rows.map((r) => toApi(type, r)), server_time: m.readAt };
  }

  /** `POST /api/<x>/bulk`: one result per item, translated. */
  async bulk(userId: string, type: RecordType, items: Record<string, unknown>[], lang: Language) {
    const outcomes = await createRecords(this.d, userId, type, items);
    this.committed(
      type,
      outcomes.flatMap((o, i) => (o.ok ? [items[i].id as string] : [])),
    );
    const results: BulkItemResult[] = outcomes.map((o, i) => resultOf(items[i].id as string, o, lang));
    return { results };
  }

  /** A single create (`POST /api/note`, `POST /api/disease`): the stored record, or the error. */
  async createOne(userId: string, type: RecordType, body: Record<string, unknown>): Promise<ApiRecord> {
    const [outcome] = await createRecords(this.d, userId, type, [body]);
    if (!outcome.ok) throw new AppError(outcome.code, outcome.fields);
    this.committed(type, [body.id as string]);
    return toApi(type, await this.live(type, body.id as string));
  }

  /**
   * Changes the fields sent, merged per field with other devices' edits (ADR 0002). Needs
   * edit on the pond, or own and under 24 h (requireRecordChange).
   */
  async update(
    userId: string,
    type: RecordType,
    id: string,
    body: Record<string, unknown>,
    headers: Headers = {},
  ): Promise<ApiRecord> {
    const row = await this.live(type, id);
    await this.requireChange(userId, type, row);
    const cycle = await this.openCycle(type, row);
    const { values, errors } = parseValues(type, body, true);
    const day = values[type.dateField] as string | undefined;
    if (day && !errors[type.dateField]) {
      const problem = dayProblem(day, type.farmLevel ? null : (cycle?.start_date ?? null));
      if (problem) errors[type.dateField] = [{ key: problem, params: { date: cycle?.start_date ?? '' } }];
    }
    if (type.check && Object.keys(errors).length === 0) {
      const current = toApi(type, row);
      Object.assign(errors, type.check({ ...current, ...values }));
    }
    if (Object.keys(errors).length > 0) throw new AppError('validation-failed', errors as FieldMessages);
    await this.d.merge.update({
      table: type.table,
      id,
      userId,
      headers,
      patch: values,
      load: async (tx) => toApi(type, (await this.d.records.findById(type, id, tx)) as RecordRow),
      write: async (tx, changes) => {
        await this.d.records.update(type.table, id, toColumns(type, changes), tx);
      },
    });
    return toApi(type, await this.live(type, id));
  }

  /** Soft delete; deleting a deleted record again is a harmless replay. */
  async remove(userId: string, type: RecordType, id: string): Promise<void> {
    const row = await this.d.records.findById(type, id);
    if (!row) throw new AppError('not-found');
    await this.requireChange(userId, type, row);
    if (row.deleted_at) return;
    await this.openCycle(type, row);
    // Photos first: if the record's delete then fails, its replay still finds it live.
    await this.d.photos.softDeleteOf(type.name, id);
    await this.d.records.softDelete(type.table, id);
  }

  /** The record's cycle, refusing a change once it ended (its figures are frozen). */
  private async openCycle(type: RecordType, row: RecordRow) {
    if (!row.cycle_id) return undefined;
    const [cycle] = await this.d.records.cycles([row.cycle_id]);
    if (cycle?.end_date && !type.farmLevel) throw new AppError('cycle-ended');
    return cycle;
  }

  /** Pond records: requireRecordChange; a note without a pond: the same rule at farm level. */
  private async requireChange(userId: string, type: RecordType, row: RecordRow): Promise<void> {
    if (row.pond_id) {
      await this.d.access.requireRecordChange(
        userId,
        { pond_id: row.pond_id, created_by: row.created_by, created_at: row.created_at },
        type.feature,
      );
      return;
    }
    await this.d.access.requireFarmRecordChange(userId, row, type.feature);
  }

  private async live(type: RecordType, id: string): Promise<RecordRow> {
    const row = await this.d.records.findById(type, id);
    if (!row || row.deleted_at) throw new AppError('not-found');
    return row;
  }
}

function resultOf(id: string, o: Outcome, lang: Language): BulkItemResult {
  if (o.ok) return { id, status: 'ok' };
  return {
    id,
    status: 'error',
    code: o.code,
    message: translate(lang, `error.${o.code}`),
    ...(o.fields ? wordedFields(lang, o.fields) : {}),
  };
}
