import type { BulkItem, BulkItemResult } from '#shared/contracts/bulk';
import type { Movement, UpdateUseBody } from '#shared/contracts/warehouse';
import { enteredDayProblem } from '#shared/domain/calendar';
import { ACTION } from '#shared/domain/permissions';
import { decimalToMilli, milliToDecimal, parseQuantity } from '#shared/domain/warehouse';
import type { ErrorCode } from '#shared/errors';
import type { Language } from '#shared/i18n/language';
import { translate } from '#shared/i18n/messages';
import { AppError, wordedFields } from '../../errors.ts';
import type { AlertPort } from '../../kernel/alert-port.ts';
import { cleanText } from '../../kernel/clean-text.ts';
import type { FarmAccess } from '../../kernel/farm-access.ts';
import { farmToday } from '../../kernel/farm-clock.ts';
import { mayBeOfflineCycle } from '../../kernel/unknown-cycle.ts';
import type { Headers } from '../../sync/record-merge.ts';
import type { CycleRepository } from '../cycle/public.ts';
import type { WarehouseItemRepository } from './item.repository.ts';
import type { WarehouseMovementRepository } from './movement.repository.ts';
import { alertStockMoved } from './stock-alert.ts';
import type { StockLedger } from './stock-ledger.ts';
import { movementDay, type WarehouseService } from './warehouse.service.ts';
import { toMovement } from './warehouse-mapper.ts';

type FieldMessages = Record<string, { key: string; params?: Record<string, string | number> }[]>;

interface UseDraft {
  id: string;
  warehouseId: string;
  pondId: string;
  farmId?: string;
  cycleId?: string | null;
  milli: number;
  usedOn: string;
  time: string | null;
  note: string | null;
}

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Validates one bulk item on its own (the route checked only its id). */
export function parseUse(
  item: BulkItem,
  today: string = farmToday(),
): { draft: UseDraft } | { errors: FieldMessages } {
  const errors: FieldMessages = {};
  const str = (f: string) => (typeof item[f] === 'string' ? (item[f] as string) : undefined);
  const warehouseId = str('warehouse_id');
  const pondId = str('pond_id');
  if (!warehouseId || !UUID.test(warehouseId)) errors.warehouse_id = [{ key: 'validation.item-unknown' }];
  if (!pondId || !UUID.test(pondId)) errors.pond_id = [{ key: 'validation.required' }];
  const farmId = item.farm_id;
  if (farmId !== undefined && (typeof farmId !== 'string' || !UUID.test(farmId)))
    errors.farm_id = [{ key: 'validation.invalid' }];
  const cycleId = item.cycle_id;
  if (cycleId !== undefined && cycleId !== null && (typeof cycleId !== 'string' || !UUID.test(cycleId)))
    errors.cycle_id = [{ key: 'validation.invalid' }];
  const qty = parseQuantity(item.qty);
  if ('error' in qty) errors.qty = [{ key: qty.error, params: qty.params }];
  const usedOn = str('used_on');
  const dayProblem = enteredDayProblem(usedOn, today);
  if (dayProblem) errors.used_on = [{ key: dayProblem }];
  const time = item.time;
  if (time !== undefined && time !== null && (typeof time !== 'string' || !HHMM.test(time)))
    errors.time = [{ key: 'validation.time' }];
  let note: string | null = null;
  if (item.note !== undefined && item.note !== null) {
    if (typeof item.note !== 'string' || item.note.length > 500)
      errors.note = [{ key: 'validation.maxLength', params: { max: 500 } }];
    else {
      try {
        note = cleanText('note', item.note);
      } catch {
        errors.note = [{ key: 'validation.text' }];
      }
    }
  }
  if (Object.keys(errors).length > 0) return { errors };
  return {
    draft: {
      id: item.id,
      warehouseId: warehouseId as string,
      pondId: pondId as string,
      farmId: farmId as string | undefined,
      cycleId: cycleId as string | null | undefined,
      milli: (qty as { milli: number }).milli,
      usedOn: usedOn as string,
      time: (time as string | null | undefined) ?? null,
      note,
    },
  };
}

export interface UseItemDeps {
  items: WarehouseItemRepository;
  movements: WarehouseMovementRepository;
  ledger: StockLedger;
  access: FarmAccess;
  cycles: CycleRepository;
  warehouse: WarehouseService;
  /** Items whose stock a removal or use took go to the stock alert after the commit. */
  alerts: AlertPort;
}

/**
 * Feed and item use in ponds (`/useitem/…`). A use is never refused for stock: it is a
 * fact recorded at the pond, often offline; the item's stock goes negative and is
 * flagged instead. Needs `warehouse` add on the pond (pond access included).
 */
export class UseItemService {
  constructor(private readonly d: UseItemDeps) {}

  async bulk(userId: string, items: BulkItem[], lang: Language): Promise<BulkItemResult[]> {
    const results: BulkItemResult[] = new Array(items.length);
    const fail = (index: number, code: ErrorCode, fields?: FieldMessages) => {
      results[index] = {
        id: items[index].id,
        status: 'error',
        code,
        message: translate(lang, `error.${code}`),
        ...(fields ? wordedFields(lang, fields) : {}),
      };
    };
    const drafts: { index: number; draft: UseDraft }[] = [];
    const today = farmToday();
    items.forEach((item, index) => {
      const parsed = parseUse(item, today);
      if ('errors' in parsed) fail(index, 'validation-failed', parsed.errors);
      else drafts.push({ index, draft: parsed.draft });
    });

    const pondFarm = new Map(
      (await this.d.movements.pondFarms([...new Set(drafts.map((x) => x.draft.pondId))])).map((p) => [
        p.id,
        p.farm_id,
      ]),
    );
    const itemRows = new Map(
      (await this.d.items.itemsByIds([...new Set(drafts.map((x) => x.draft.warehouseId))])).map((i) => [
        i.id,
        i,
      ]),
    );
    const memberships = await this.d.access.membershipsOf(userId, pondFarm.values());
    const accepted: { index: number; draft: UseDraft; farmId: string; price: number }[] = [];
    for (const { index, draft } of drafts) {
      const farmId = pondFarm.get(draft.pondId);
      const m = farmId ? memberships.get(farmId) : null;
      if (
        !farmId ||
        !m ||
        (draft.farmId && draft.farmId !== farmId) ||
        !this.d.access.canSeePond(m, draft.pondId)
      ) {
        fail(index, 'not-found');
        continue;
      }
      if (this.d.access.pondAction(m, 'warehouse', draft.pondId) < ACTION.add) {
        fail(index, 'pond-access-denied');
        continue;
      }
      const item = itemRows.get(draft.warehouseId);
      // Another farm's item must look like no item at all.
      if (!item || item.farm_id !== farmId) {
        fail(index, 'validation-failed', { warehouse_id: [{ key: 'validation.item-unknown' }] });
        continue;
      }
      accepted.push({ index, draft, farmId, price: Number(item.price) });
    }

    // The pond's active cycle where none (or a device's unknown one) was sent; a cycle of
    // another pond is refused, one of another farm or an id no device made not found
    // (kernel/unknown-cycle.ts).
    const named = [...new Set(accepted.flatMap((a) => (a.draft.cycleId ? [a.draft.cycleId] : [])))];
    const cycles = new Map((await this.d.cycles.findLive(named)).map((c) => [c.id, c]));
    const unknown = (a: (typeof accepted)[number]) =>
      !a.draft.cycleId || (!cycles.has(a.draft.cycleId) && mayBeOfflineCycle(a.draft.cycleId));
    const active = new Map(
      (await this.d.cycles.activeOf([...new Set(accepted.filter(unknown).map((a) => a.draft.pondId))])).map(
        (c) => [c.pond_id, c.id],
      ),
    );
    const ready: typeof accepted = [];
    for (const a of accepted) {
      const cycle = unknown(a) ? undefined : cycles.get(a.draft.cycleId as string);
      if (!cycle && !unknown(a)) {
        fail(a.index, 'not-found');
        continue;
      }
      if (!cycle) a.draft.cycleId = active.get(a.draft.pondId) ?? null;
      else if (cycle.farm_id !== a.farmId) {
        fail(a.index, 'not-found');
        continue;
      } else if (cycle.pond_id !== a.draft.pondId) {
        fail(a.index, 'validation-failed', { cycle_id: [{ key: 'validation.cycle-pond' }] });
        continue;
      }
      ready.push(a);
    }

    // One transaction for the batch: every use and the stock it takes commit together;
    // items are touched in id order so two batches cannot deadlock.
    const last = new Map<string, (typeof ready)[number]>();
    for (const a of ready) last.set(a.draft.id, a);
    const batch = [...last.values()].sort((x, y) => (x.draft.warehouseId < y.draft.warehouseId ? -1 : 1));
    const existing = new Map(
      (await this.d.movements.findMovements(batch.map((a) => a.draft.id))).map((r) => [r.id, r]),
    );
    const outcome = new Map<string, 'ok' | ErrorCode>();
    /** Uses that moved a stock (new, or a replay bringing a changed quantity): farm → items, latest day. */
    const moved = new Map<string, { items: Set<string>; day: string }>();
    const touch = (a: (typeof batch)[number]) => {
      const entry = moved.get(a.farmId) ?? { items: new Set<string>(), day: a.draft.usedOn };
      entry.items.add(a.draft.warehouseId);
      if (a.draft.usedOn > entry.day) entry.day = a.draft.usedOn;
      moved.set(a.farmId, entry);
    };
    await this.d.items.transaction(async (tx) => {
      const fresh: (typeof batch)[number][] = [];
      for (const a of batch) {
        const row = existing.get(a.draft.id);
        if (!row) {
          fresh.push(a);
          continue;
        }
        // A replayed create: ok when it is the same use; a create edited on the device
        // before its first answer arrived brings its new values (the caller's own use).
        if (
          row.kind !== 'use' ||
          row.farm_id !== a.farmId ||
          row.pond_id !== a.draft.pondId ||
          row.warehouse_id !== a.draft.warehouseId
        ) {
          outcome.set(a.draft.id, 'conflict');
        } else if (row.deleted_at) outcome.set(a.draft.id, 'not-found');
        else {
          if (row.created_by === userId && decimalToMilli(row.qty) !== a.draft.milli) {
            await this.d.ledger.change(
              row,
              { qty: milliToDecimal(a.draft.milli), time: a.draft.time, note: a.draft.note },
              tx,
            );
            touch(a);
          }
          outcome.set(a.draft.id, 'ok');
        }
      }
      // The new uses in one statement. One inserted by a concurrent batch meanwhile is
      // this same use: ok either way.
      const inserted = await this.d.ledger.recordUses(
        fresh.map((a) => ({
          id: a.draft.id,
          farm_id: a.farmId,
          warehouse_id: a.draft.warehouseId,
          kind: 'use',
          qty: milliToDecimal(a.draft.milli),
          unit_price: a.price,
          pond_id: a.draft.pondId,
          cycle_id: a.draft.cycleId ?? null,
          used_on: a.draft.usedOn,
          time: a.draft.time,
          note: a.draft.note,
          purchase_order_id: null,
          created_by: userId,
        })),
        tx,
      );
      for (const a of fresh) {
        outcome.set(a.draft.id, 'ok');
        if (inserted.has(a.draft.id)) touch(a);
      }
    });
    for (const a of ready) {
      const o = outcome.get(a.draft.id) ?? 'ok';
      if (o === 'ok') results[a.index] = { id: items[a.index].id, status: 'ok' };
      else fail(a.index, o);
    }
    // One stock check per farm for the batch, not one per use.
    for (const [farmId, { items: ids, day }] of moved)
      alertStockMoved(this.d.alerts, this.d.items, farmId, [...ids], day);
    return results;
  }

  /** Edit of a use: edit on the pond, or the person who entered it within 24 hours. */
  async update(userId: string, id: string, body: UpdateUseBody, headers: Headers): Promise<Movement> {
    const row = await this.d.warehouse.liveMovement(id);
    if (row.kind !== 'use' || !row.pond_id) throw new AppError('not-found');
    await this.d.access.requireRecordChange(userId, { ...row, pond_id: row.pond_id }, 'warehouse');
    const patch: Record<string, unknown> = {};
    if (body.qty !== undefined) {
      const q = parseQuantity(body.qty);
      if ('error' in q)
        throw new AppError('validation-failed', { qty: [{ key: q.error, params: q.params }] });
      patch.qty = q.milli / 1000;
    }
    if (body.used_on !== undefined) patch.used_on = movementDay(body.used_on);
    if (body.time !== undefined) patch.time = body.time;
    if (body.note !== undefined) patch.note = cleanText('note', body.note);
    await this.d.warehouse.mergeMovement(userId, row, patch, headers);
    return toMovement(await this.d.warehouse.liveMovement(id));
  }

  /** Answers the item the use was taken from. */
  async remove(userId: string, id: string): Promise<string> {
    const row = await this.d.movements.findMovement(id);
    if (row?.kind !== 'use' || !row.pond_id) throw new AppError('not-found');
    await this.d.access.requireRecordChange(userId, { ...row, pond_id: row.pond_id }, 'warehouse');
    await this.d.items.transaction((tx) => this.d.ledger.remove(row, tx));
    return row.warehouse_id;
  }
}
