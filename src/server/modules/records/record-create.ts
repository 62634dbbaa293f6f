import { ACTION } from '#shared/domain/permissions';
import type { ErrorCode } from '#shared/errors';
import type { FarmAccess } from '../../kernel/farm-access.ts';
import { farmToday } from '../../kernel/farm-clock.ts';
import { mayBeOfflineCycle } from '../../kernel/unknown-cycle.ts';
import type { FieldMessages } from './record-fields.ts';
import { parseValues, toColumns } from './record-mapper.ts';
import type { RecordType } from './record-types.ts';
import type { RecordsRepository } from './records.repository.ts';

export type Outcome = { ok: true } | { ok: false; code: ErrorCode; fields?: FieldMessages };

interface Draft {
  index: number;
  id: string;
  pondId: string | null;
  farmId: string | null;
  cycleId: string | null;
  values: Record<string, unknown>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (v: unknown): v is string => typeof v === 'string' && UUID.test(v);

/**
 * Where a record's day may fall: not after today on the farm, and (for a pond record)
 * not before its cycle started. Shared by creates and edits.
 */
export function dayProblem(
  day: string,
  cycleStart: string | null,
  today: string = farmToday(),
): string | null {
  if (day > today) return 'validation.record-future';
  if (cycleStart && day < cycleStart) return 'validation.record-before-cycle';
  return null;
}

/**
 * Creates of one record type (a bulk or a single POST): each item validated and
 * authorized on its own, then every accepted one written with one INSERT … ON CONFLICT
 * DO NOTHING, so one bad item never fails the others and a replay stores one copy.
 * Answers one outcome per item, in order.
 */
export async function createRecords(
  d: { records: RecordsRepository; access: FarmAccess },
  userId: string,
  type: RecordType,
  items: Record<string, unknown>[],
): Promise<Outcome[]> {
  const out: Outcome[] = new Array(items.length);
  const fail = (i: number, code: ErrorCode, fields?: FieldMessages) => {
    out[i] = { ok: false, code, ...(fields ? { fields } : {}) };
  };

  const drafts: Draft[] = [];
  items.forEach((item, index) => {
    const { values, errors } = parseValues(type, item, false);
    Object.assign(errors, type.check?.(values) ?? {});
    const pond = item.pond_id;
    if (!isUuid(item.id)) errors.id = [{ key: 'validation.invalid' }];
    if (pond !== undefined && pond !== null && !isUuid(pond))
      errors.pond_id = [{ key: 'validation.invalid' }];
    if ((pond === undefined || pond === null) && !type.farmLevel)
      errors.pond_id = [{ key: 'validation.required' }];
    if (item.farm_id !== undefined && !isUuid(item.farm_id)) errors.farm_id = [{ key: 'validation.invalid' }];
    if (type.farmLevel && (pond === undefined || pond === null) && item.farm_id === undefined)
      errors.farm_id = [{ key: 'validation.required' }];
    const cycle = item.cycle_id;
    if (cycle !== undefined && cycle !== null && !isUuid(cycle))
      errors.cycle_id = [{ key: 'validation.invalid' }];
    if (Object.keys(errors).length > 0) {
      fail(index, 'validation-failed', errors);
      return;
    }
    drafts.push({
      index,
      id: item.id as string,
      pondId: (pond as string | null | undefined) ?? null,
      farmId: (item.farm_id as string | undefined) ?? null,
      cycleId: (cycle as string | null | undefined) ?? null,
      values,
    });
  });

  // Authorization: one membership lookup per farm in the batch.
  const pondFarm = new Map(
    (await d.records.pondFarms([...new Set(drafts.flatMap((x) => (x.pondId ? [x.pondId] : [])))])).map(
      (p) => [p.id, p.farm_id],
    ),
  );
  const farms = new Set<string>();
  for (const x of drafts) {
    const f = x.pondId ? pondFarm.get(x.pondId) : x.farmId;
    if (f) farms.add(f);
  }
  const memberships = await d.access.membershipsOf(userId, farms);
  const accepted: (Draft & { farm: string })[] = [];
  for (const x of drafts) {
    const farm = x.pondId ? pondFarm.get(x.pondId) : (x.farmId ?? undefined);
    const m = farm ? memberships.get(farm) : null;
    if (!farm || !m || (x.farmId && x.farmId !== farm) || (x.pondId && !d.access.canSeePond(m, x.pondId))) {
      fail(x.index, 'not-found');
      continue;
    }
    const level = x.pondId
      ? d.access.pondAction(m, type.feature, x.pondId)
      : (m.permissions[type.feature] ?? -1);
    if (level < ACTION.add) fail(x.index, x.pondId ? 'pond-access-denied' : 'forbidden');
    else accepted.push({ ...x, farm });
  }

  // The cycle: the pond's active one; a named cycle must be of the pond and not ended.
  // An unknown one: kernel/unknown-cycle.ts.
  const ponds = [...new Set(accepted.flatMap((a) => (a.pondId ? [a.pondId] : [])))];
  const active = new Map((await d.records.activeCycles(ponds)).map((c) => [c.pond_id, c]));
  const named = new Map(
    (await d.records.cycles([...new Set(accepted.flatMap((a) => (a.cycleId ? [a.cycleId] : [])))])).map(
      (c) => [c.id, c],
    ),
  );
  const today = farmToday();
  const rows: Record<string, unknown>[] = [];
  // A create whose id is stored already is a replay (its answer was lost, the cycle may
  // have closed since): that record, answered ok, never written again (ON CONFLICT DO NOTHING).
  const stored = new Map(
    (
      await d.records.existing(
        type.table,
        accepted.map((a) => a.id),
      )
    ).map((r) => [r.id, r]),
  );
  for (const a of accepted) {
    const prior = stored.get(a.id);
    if (prior && !prior.deleted_at && prior.farm_id === a.farm && prior.pond_id === a.pondId) {
      out[a.index] = { ok: true };
      continue;
    }
    const sent = a.cycleId ? named.get(a.cycleId) : undefined;
    // An id no device made names no cycle: not found; a device's unknown one (a cycle start
    // refused or deleted offline) takes the pond's active cycle (kernel/unknown-cycle.ts).
    if (a.cycleId && !sent && !mayBeOfflineCycle(a.cycleId)) {
      fail(a.index, 'not-found');
      continue;
    }
    // Another farm's cycle must look like no cycle at all to the caller: not found.
    if (sent && sent.farm_id !== a.farm) {
      fail(a.index, 'not-found');
      continue;
    }
    if (sent && sent.pond_id !== a.pondId) {
      fail(a.index, 'validation-failed', { cycle_id: [{ key: 'validation.cycle-pond' }] });
      continue;
    }
    if (sent?.end_date) {
      fail(a.index, 'cycle-ended');
      continue;
    }
    const cycle: { id: string; start_date: string } | undefined =
      sent ?? (a.pondId ? active.get(a.pondId) : undefined);
    if (!cycle && a.pondId && !type.farmLevel) {
      fail(a.index, 'no-active-cycle');
      continue;
    }
    const day = a.values[type.dateField] as string;
    const problem = dayProblem(day, type.farmLevel ? null : (cycle?.start_date ?? null), today);
    if (problem) {
      fail(a.index, 'validation-failed', {
        [type.dateField]: [{ key: problem, params: { date: cycle?.start_date ?? today } }],
      });
      continue;
    }
    rows.push({
      id: a.id,
      farm_id: a.farm,
      pond_id: a.pondId,
      cycle_id: cycle?.id ?? null,
      created_by: userId,
      ...toColumns(type, a.values),
    });
  }
  // The same id twice in one batch: the last occurrence is written.
  const unique = [...new Map(rows.map((r) => [r.id as string, r])).values()];
  const written = await d.records.insert(type, unique);
  const left = unique.filter((r) => !written.has(r.id as string)).map((r) => r.id as string);
  const why = new Map((await d.records.existing(type.table, left)).map((r) => [r.id, r]));
  for (const a of accepted) {
    if (out[a.index]) continue;
    if (written.has(a.id)) {
      out[a.index] = { ok: true };
      continue;
    }
    const existing = why.get(a.id);
    // A replay of this create is fine; an id of another farm or pond is a conflict.
    if (!existing || existing.farm_id !== a.farm || existing.pond_id !== a.pondId) fail(a.index, 'conflict');
    else if (existing.deleted_at) fail(a.index, 'not-found');
    else out[a.index] = { ok: true };
  }
  return out;
}
