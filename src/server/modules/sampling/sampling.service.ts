import type { BulkItem, BulkResult } from '#shared/contracts/bulk';
import { SAMPLING_SIGNS, type Sampling, type SamplingQuery } from '#shared/contracts/sampling';
import { ACTION } from '#shared/domain/permissions';
import { checkSampling } from '#shared/domain/sampling-rules';
import type { Language } from '#shared/i18n/language';
import { AppError } from '../../errors.ts';
import type { FarmAccess } from '../../kernel/farm-access.ts';
import { farmToday } from '../../kernel/farm-clock.ts';
import { changedAfter } from '../../kernel/pull-window.ts';
import { visiblePondIds } from '../../kernel/visible-ponds.ts';
import type { Headers, RecordMerge } from '../../sync/record-merge.ts';
import type { PhotoRepository } from '../photos/public.ts';
import type { SamplingRepository, SamplingRow } from './sampling.repository.ts';
import { bulkUpsert, cycleOpen, earliestDay } from './sampling-bulk.ts';
import { toSampling } from './sampling-mapper.ts';

export interface SamplingDeps {
  samplings: SamplingRepository;
  photos: PhotoRepository;
  access: FarmAccess;
  merge: RecordMerge;
}

/** The fields an edit may change. */
const EDITABLE = ['sampled_on', 'shrimp_count', 'sample_weight', ...SAMPLING_SIGNS, 'note'] as const;

/**
 * Growth samplings (issue 14). Permission feature `sampling` with pond access; edits and
 * deletes need edit on the pond or the own-record rule (24 h). A cycle that ended or was
 * closed by a total harvest takes no new samplings and no changes: its figures are frozen.
 */
export class SamplingService {
  constructor(private readonly d: SamplingDeps) {}

  async list(userId: string, q: SamplingQuery): Promise<{ items: Sampling[]; server_time: string }> {
    const m = await this.d.access.require(userId, q.farm_id, 'sampling', ACTION.view);
    if (
      q.pond_id &&
      (!this.d.access.canSeePond(m, q.pond_id) ||
        this.d.access.pondAction(m, 'sampling', q.pond_id) < ACTION.view)
    )
      throw new AppError('not-found');
    const pondIds = visiblePondIds(this.d.access, m, 'sampling');
    if (pondIds?.length === 0) return { items: [], server_time: m.readAt };
    const rows = await this.d.samplings.list({
      farmId: q.farm_id,
      pondIds,
      pondId: q.pond_id,
      cycleId: q.cycle_id,
      changedAfter: q.since ? changedAfter(q.since) : undefined,
      live: q.live,
    });
    return { items: rows.map(toSampling), server_time: m.readAt };
  }

  async bulk(userId: string, items: BulkItem[], lang: Language): Promise<BulkResult> {
    return { results: await bulkUpsert(this.d, userId, items, lang) };
  }

  /**
   * Changes the fields sent, checked together with the stored ones (a new shrimp count
   * below a stored sign count is refused), merged per field with other devices' edits.
   */
  async update(
    userId: string,
    id: string,
    body: Record<string, unknown>,
    headers: Headers = {},
  ): Promise<Sampling> {
    const row = await this.live(id);
    await this.d.access.requireRecordChange(userId, row, 'sampling');
    const cycle = await this.openCycle(row);
    const patch: Record<string, unknown> = {};
    for (const field of EDITABLE) if (Object.hasOwn(body, field)) patch[field] = body[field];
    const current = toSampling(row);
    const checked = checkSampling(
      { ...current, ...patch },
      { today: farmToday(), earliest: earliestDay(cycle) },
    );
    if ('errors' in checked)
      throw new AppError('validation-failed', checked.errors as Record<string, { key: string }[]>);
    for (const field of Object.keys(patch))
      patch[field] = checked.values[field as keyof typeof checked.values];
    await this.d.merge.update({
      table: 'samplings',
      id,
      userId,
      headers,
      patch,
      load: async (tx) => toSampling((await this.d.samplings.findById(id, tx)) as SamplingRow),
      write: async (tx, changes) => {
        // The merged result must still hold together (another device's count may have won).
        const now = toSampling((await this.d.samplings.findById(id, tx)) as SamplingRow);
        const merged = checkSampling(
          { ...now, ...changes },
          { today: farmToday(), earliest: earliestDay(cycle) },
        );
        if ('errors' in merged)
          throw new AppError('validation-failed', merged.errors as Record<string, { key: string }[]>);
        await this.d.samplings.update(id, changes, tx);
      },
    });
    return toSampling(await this.live(id));
  }

  /** Soft delete, its photos with it; deleting a deleted sampling again is a harmless replay. */
  async remove(userId: string, id: string): Promise<void> {
    const row = await this.d.samplings.findById(id);
    if (!row) throw new AppError('not-found');
    await this.d.access.requireRecordChange(userId, row, 'sampling');
    if (row.deleted_at) return;
    await this.openCycle(row);
    await this.d.samplings.softDelete(id);
    await this.d.photos.softDeleteOf('sampling', id);
  }

  private async openCycle(row: SamplingRow) {
    const [cycle] = await this.d.samplings.cycles([row.cycle_id]);
    if (!cycle || !cycleOpen(cycle)) throw new AppError('cycle-ended');
    return cycle;
  }

  private async live(id: string): Promise<SamplingRow> {
    const row = await this.d.samplings.findById(id);
    if (!row || row.deleted_at) throw new AppError('not-found');
    return row;
  }
}
