import type { BulkItem, BulkItemResult } from '#shared/contracts/bulk';
import type { WaterKind } from '#shared/contracts/water';
import { ACTION } from '#shared/domain/permissions';
import type { ErrorCode } from '#shared/errors';
import type { Language } from '#shared/i18n/language';
import { translate } from '#shared/i18n/messages';
import { wordedFields } from '../../errors.ts';
import type { AlertPort } from '../../kernel/alert-port.ts';
import type { FarmAccess } from '../../kernel/farm-access.ts';
import type { PondPlacements } from '../../kernel/pond-placements.ts';
import { mayBeOfflineCycle } from '../../kernel/unknown-cycle.ts';
import type { CycleRepository } from '../cycle/public.ts';
import type { ReadingInsert, WaterRepository } from './water.repository.ts';
import { type FieldMessages, parseReading, type ReadingDraft } from './water-values.ts';

export interface BulkDeps {
  readings: WaterRepository;
  cycles: CycleRepository;
  access: FarmAccess;
  placements: PondPlacements;
  /** Alert evaluation after the write committed (the kernel's alert port); never throws. */
  alerts: AlertPort;
}

interface Accepted {
  index: number;
  draft: ReadingDraft;
  farmId: string;
  canEdit: boolean;
}

/**
 * `POST /api/water/<kind>/bulk`: validates and authorizes every item on its own, then
 * writes all accepted items with one INSERT … ON CONFLICT, so one bad row never fails the
 * good ones and a replayed batch stores one copy. Authorization costs one membership
 * lookup per farm in the batch, not one per item. Answers one result per item, in order.
 */
export async function bulkUpsert(
  d: BulkDeps,
  userId: string,
  kind: WaterKind,
  items: BulkItem[],
  lang: Language,
): Promise<BulkItemResult[]> {
  const results: BulkItemResult[] = new Array(items.length);
  const fail = (index: number, code: ErrorCode, fields?: FieldMessages) => {
    const message = translate(lang, `error.${code}`);
    results[index] = {
      id: items[index].id,
      status: 'error',
      code,
      message,
      ...(fields ? wordedFields(lang, fields) : {}),
    };
  };

  const drafts: { index: number; draft: ReadingDraft }[] = [];
  items.forEach((item, index) => {
    const parsed = parseReading(kind, item);
    if ('errors' in parsed) fail(index, 'validation-failed', parsed.errors);
    else drafts.push({ index, draft: parsed.draft });
  });

  const { accepted, activeCycles } = await authorize(d, userId, drafts, fail);
  await fillCycles(d, accepted, activeCycles, fail);

  // The same id twice in one batch: the last occurrence wins (ON CONFLICT cannot touch a row twice).
  const lastById = new Map<string, Accepted>();
  for (const a of accepted) if (!results[a.index]) lastById.set(a.draft.id, a);
  const rows: ReadingInsert[] = [...lastById.values()].map(({ draft, farmId }) => ({
    id: draft.id,
    farm_id: farmId,
    pond_id: draft.pondId,
    cycle_id: draft.cycleId ?? null,
    measured_at: draft.measured.instant,
    utc_offset: draft.measured.utcOffset,
    time_of_day: draft.measured.timeOfDay,
    created_by: userId,
    ...draft.values,
  }));
  const editable = [...new Set(accepted.filter((a) => a.canEdit).map((a) => a.draft.pondId))];
  const written = await d.readings.upsert(kind, rows, editable);
  // Committed: readings outside the farm's standards raise alerts (by measured_at, so a
  // reading synced late from an offline phone counts for the slot it was taken in).
  const byFarm = new Map<string, ReadingInsert[]>();
  for (const r of rows) if (written.has(r.id)) byFarm.set(r.farm_id, [...(byFarm.get(r.farm_id) ?? []), r]);
  for (const [farmId, list] of byFarm) d.alerts.committed(`water_${kind}`, farmId, list);

  const leftAlone = rows.filter((r) => !written.has(r.id)).map((r) => r.id);
  const why = new Map((await d.readings.existing(kind, leftAlone)).map((r) => [r.id, r]));
  for (const a of accepted) {
    if (results[a.index]) continue;
    if (written.has(a.draft.id)) {
      results[a.index] = { id: items[a.index].id, status: 'ok' };
      continue;
    }
    const existing = why.get(a.draft.id);
    // An id taken by another farm or pond is a conflict, a deleted reading stays deleted,
    // and someone else's reading needs edit access to be overwritten.
    if (!existing || existing.farm_id !== a.farmId || existing.pond_id !== a.draft.pondId)
      fail(a.index, 'conflict');
    else if (existing.deleted_at) fail(a.index, 'not-found');
    else fail(a.index, 'pond-access-denied');
  }
  return results;
}

/**
 * Keeps the items whose pond the caller may insert into; the rest fail per item. Answers
 * them with each pond's active cycle, read in the same round trip as the ponds, or none at
 * all when the ponds' placements were read in the last few seconds (PondPlacements).
 */
async function authorize(
  d: BulkDeps,
  userId: string,
  drafts: { index: number; draft: ReadingDraft }[],
  fail: (index: number, code: ErrorCode) => void,
): Promise<{ accepted: Accepted[]; activeCycles: Map<string, string | null> }> {
  const ponds = await d.placements.of([...new Set(drafts.map((x) => x.draft.pondId))], (ids) =>
    d.readings.pondFarms(ids),
  );
  const pondFarm = new Map(ponds.map((p) => [p.id, p.farm_id]));
  const activeCycles = new Map(ponds.map((p) => [p.id, p.active_cycle_id]));
  const memberships = await d.access.membershipsOf(userId, pondFarm.values());
  const accepted: Accepted[] = [];
  for (const { index, draft } of drafts) {
    const farmId = pondFarm.get(draft.pondId);
    const m = farmId ? memberships.get(farmId) : null;
    // Another farm's pond, or one hidden from a restricted role, must look like no pond at all.
    if (!farmId || !m || (draft.farmId && draft.farmId !== farmId) || !d.access.canSeePond(m, draft.pondId)) {
      fail(index, 'not-found');
      continue;
    }
    const level = d.access.pondAction(m, 'water_quality', draft.pondId);
    if (level < ACTION.add) fail(index, 'pond-access-denied');
    else accepted.push({ index, draft, farmId, canEdit: level >= ACTION.edit });
  }
  return { accepted, activeCycles };
}

/**
 * Fills the pond's active cycle where none was sent, or where the cycle sent is not on the
 * server (a cycle start refused or deleted while the reading waited in a phone's outbox:
 * the reading belongs to the pond, the cycle is only its label). A cycle of another pond
 * is refused, and one of another farm is not found, as an id no device made (the nil
 * uuid: kernel/unknown-cycle.ts). The pond's own active cycle, the one a
 * phone names almost always, needs no further read.
 */
async function fillCycles(
  d: BulkDeps,
  accepted: Accepted[],
  active: Map<string, string | null>,
  fail: (index: number, code: ErrorCode, fields?: FieldMessages) => void,
): Promise<void> {
  const isActive = (a: Accepted) => !!a.draft.cycleId && a.draft.cycleId === active.get(a.draft.pondId);
  const named = [
    ...new Set(accepted.flatMap((a) => (a.draft.cycleId && !isActive(a) ? [a.draft.cycleId] : []))),
  ];
  const cycles = new Map((await d.cycles.findLive(named)).map((c) => [c.id, c]));
  for (const a of accepted) {
    if (isActive(a)) continue;
    const cycle = a.draft.cycleId ? cycles.get(a.draft.cycleId) : undefined;
    if (!cycle && a.draft.cycleId && !mayBeOfflineCycle(a.draft.cycleId)) fail(a.index, 'not-found');
    else if (!cycle) a.draft.cycleId = active.get(a.draft.pondId) ?? undefined;
    else if (cycle.farm_id !== a.farmId) fail(a.index, 'not-found');
    else if (cycle.pond_id !== a.draft.pondId) {
      fail(a.index, 'validation-failed', { cycle_id: [{ key: 'validation.cycle-pond' }] });
    }
  }
}
