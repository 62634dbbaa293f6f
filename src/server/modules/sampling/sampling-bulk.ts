import type { Insertable } from 'kysely';
import type { BulkItem, BulkItemResult } from '#shared/contracts/bulk';
import { SAMPLING_SIGNS } from '#shared/contracts/sampling';
import { ACTION } from '#shared/domain/permissions';
import { checkSampling, type SamplingIssues } from '#shared/domain/sampling-rules';
import type { ErrorCode } from '#shared/errors';
import type { Language } from '#shared/i18n/language';
import { translate } from '#shared/i18n/messages';
import type { SamplingsTable } from '../../db/schema.ts';
import { wordedFields } from '../../errors.ts';
import type { FarmAccess } from '../../kernel/farm-access.ts';
import { farmToday } from '../../kernel/farm-clock.ts';
import { mayBeOfflineCycle } from '../../kernel/unknown-cycle.ts';
import type { CycleContext, SamplingRepository, SamplingRow } from './sampling.repository.ts';
import { toSampling } from './sampling-mapper.ts';
import { isUuid } from './sampling-values.ts';

export interface BulkDeps {
  samplings: SamplingRepository;
  access: FarmAccess;
}

interface Item {
  index: number;
  source: BulkItem;
  pondId: string;
  cycleId?: string;
  farmId: string;
  canEdit: boolean;
}

/** Whether a cycle still takes records: not ended, not closed by a total harvest. */
export function cycleOpen(cycle: CycleContext): boolean {
  return cycle.end_date === null && !cycle.harvested;
}

/** The first day a cycle takes samplings: its stocking, or its start before any stocking. */
export function earliestDay(cycle: CycleContext): string {
  return cycle.stock_date && cycle.stock_date > cycle.start_date ? cycle.stock_date : cycle.start_date;
}

/**
 * `POST /api/sampling/bulk` (one entry, several ponds): every item is checked and
 * authorized on its own, then the accepted ones are written with one INSERT … ON
 * CONFLICT, so a bad pond never fails the good ones and a replayed entry stores one copy.
 */
export async function bulkUpsert(
  d: BulkDeps,
  userId: string,
  items: BulkItem[],
  lang: Language,
  today = farmToday(),
): Promise<BulkItemResult[]> {
  const results: BulkItemResult[] = new Array(items.length);
  const fail = (index: number, code: ErrorCode, fields?: SamplingIssues) => {
    results[index] = {
      id: items[index].id,
      status: 'error',
      code,
      message: translate(lang, `error.${code}`),
      ...(fields ? wordedFields(lang, fields) : {}),
    };
  };

  const shaped: { index: number; source: BulkItem }[] = [];
  items.forEach((source, index) => {
    const errors: SamplingIssues = {};
    if (!isUuid(source.pond_id)) errors.pond_id = [{ key: 'validation.invalid' }];
    if (source.farm_id !== undefined && !isUuid(source.farm_id))
      errors.farm_id = [{ key: 'validation.invalid' }];
    if (source.cycle_id !== undefined && source.cycle_id !== null && !isUuid(source.cycle_id))
      errors.cycle_id = [{ key: 'validation.invalid' }];
    if (Object.keys(errors).length > 0) fail(index, 'validation-failed', errors);
    else shaped.push({ index, source });
  });

  const accepted = await authorize(d, userId, shaped, fail);
  const cycles = await cyclesOf(d, accepted);
  const stored = new Map(
    (await d.samplings.findMany(accepted.map((a) => a.source.id.toLowerCase()))).map((r) => [r.id, r]),
  );
  const rows: Insertable<SamplingsTable>[] = [];
  const writes: Item[] = [];
  const lastById = new Map<string, number>();
  for (const item of accepted) {
    // A replay of what is already stored (say its answer was lost and the cycle has closed
    // since) is that record, not a new one: the device may mark it synced.
    const same = stored.get(item.source.id.toLowerCase());
    if (same && isStoredCopy(same, item)) {
      results[item.index] = { id: items[item.index].id, status: 'ok' };
      continue;
    }
    const cycle = item.cycleId ? cycles.get(item.cycleId) : undefined;
    // Another farm's cycle, or an id no device made (cyclesOf), must look like no cycle at all: not found.
    if ((cycle && cycle.farm_id !== item.farmId) || (item.cycleId && !cycle)) {
      fail(item.index, 'not-found');
      continue;
    }
    if (item.source.cycle_id && item.cycleId && cycle && cycle.pond_id !== item.pondId) {
      fail(item.index, 'validation-failed', { cycle_id: [{ key: 'validation.cycle-pond' }] });
      continue;
    }
    if (!cycle) {
      fail(item.index, 'validation-failed', { pond_id: [{ key: 'validation.no-active-cycle' }] });
      continue;
    }
    if (!cycleOpen(cycle)) {
      fail(item.index, 'cycle-ended');
      continue;
    }
    const checked = checkSampling(item.source, { today, earliest: earliestDay(cycle) });
    if ('errors' in checked) {
      fail(item.index, 'validation-failed', checked.errors);
      continue;
    }
    // The same id twice in one batch: the last occurrence wins (ON CONFLICT cannot touch a row twice).
    const previous = lastById.get(item.source.id);
    const row = {
      id: item.source.id.toLowerCase(),
      farm_id: item.farmId,
      pond_id: item.pondId,
      cycle_id: cycle.id,
      created_by: userId,
      ...checked.values,
    };
    if (previous !== undefined) rows[previous] = row;
    else {
      lastById.set(item.source.id, rows.length);
      rows.push(row);
    }
    writes.push(item);
  }
  const editable = [...new Set(writes.filter((w) => w.canEdit).map((w) => w.pondId))];
  const written = await d.samplings.upsert(rows, editable);
  const leftAlone = rows.filter((r) => !written.has(r.id)).map((r) => r.id);
  const why = new Map((await d.samplings.existing(leftAlone)).map((r) => [r.id, r]));
  for (const w of writes) {
    const id = w.source.id.toLowerCase();
    if (written.has(id)) {
      results[w.index] = { id: items[w.index].id, status: 'ok' };
      continue;
    }
    const existing = why.get(id);
    if (!existing || existing.farm_id !== w.farmId || existing.pond_id !== w.pondId)
      fail(w.index, 'conflict');
    else if (existing.deleted_at) fail(w.index, 'not-found');
    else fail(w.index, 'pond-access-denied');
  }
  return results;
}

/** Whether a bulk item carries exactly the values of the live stored row with its id. */
function isStoredCopy(row: SamplingRow, item: Item): boolean {
  if (row.deleted_at || row.farm_id !== item.farmId || row.pond_id !== item.pondId) return false;
  const stored = toSampling(row);
  const sent = item.source as Record<string, unknown>;
  if (sent.sampled_on !== stored.sampled_on) return false;
  if (sent.shrimp_count !== stored.shrimp_count || sent.sample_weight !== stored.sample_weight) return false;
  if (SAMPLING_SIGNS.some((sign) => (sent[sign] ?? 0) !== stored[sign])) return false;
  return (sent.note ?? null) === stored.note;
}

async function authorize(
  d: BulkDeps,
  userId: string,
  shaped: { index: number; source: BulkItem }[],
  fail: (index: number, code: ErrorCode) => void,
): Promise<Item[]> {
  const pondFarm = new Map(
    (await d.samplings.pondFarms([...new Set(shaped.map((x) => String(x.source.pond_id)))])).map((p) => [
      p.id,
      p.farm_id,
    ]),
  );
  const memberships = await d.access.membershipsOf(userId, pondFarm.values());
  const accepted: Item[] = [];
  for (const { index, source } of shaped) {
    const pondId = String(source.pond_id);
    const farmId = pondFarm.get(pondId);
    const m = farmId ? memberships.get(farmId) : null;
    // Another farm's pond, or one hidden from a restricted role, must look like no pond at all.
    if (!farmId || !m || (source.farm_id && source.farm_id !== farmId) || !d.access.canSeePond(m, pondId)) {
      fail(index, 'not-found');
      continue;
    }
    const level = d.access.pondAction(m, 'sampling', pondId);
    if (level < ACTION.add) fail(index, 'pond-access-denied');
    else
      accepted.push({
        index,
        source,
        pondId,
        cycleId: typeof source.cycle_id === 'string' ? source.cycle_id : undefined,
        farmId,
        canEdit: level >= ACTION.edit,
      });
  }
  return accepted;
}

/**
 * The cycle of each item: the one it names when that cycle is live, else the pond's
 * active cycle (a cycle refused or deleted while the entry waited in a phone's outbox),
 * unless no device made the id it names (kernel/unknown-cycle.ts).
 */
async function cyclesOf(d: BulkDeps, items: Item[]): Promise<Map<string, CycleContext>> {
  const named = [...new Set(items.flatMap((i) => (i.cycleId ? [i.cycleId] : [])))];
  const found = new Map((await d.samplings.cycles(named)).map((c) => [c.id, c]));
  // An id no device made is left as sent, and refused as not found (kernel/unknown-cycle.ts).
  const toFill = items.filter((i) => !i.cycleId || (!found.has(i.cycleId) && mayBeOfflineCycle(i.cycleId)));
  const active = new Map(
    (await d.samplings.activeCycles([...new Set(toFill.map((i) => i.pondId))])).map((c) => [c.pond_id, c.id]),
  );
  for (const item of toFill) item.cycleId = active.get(item.pondId);
  const more = [...new Set(toFill.flatMap((i) => (i.cycleId && !found.has(i.cycleId) ? [i.cycleId] : [])))];
  for (const c of await d.samplings.cycles(more)) found.set(c.id, c);
  return found;
}
