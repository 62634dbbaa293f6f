import type { Movement } from '#shared/contracts/warehouse';
import { DEFAULT_FEEDING_TIMES, feedingTimes } from '#shared/domain/feeding';
import { MAX_QTY } from '#shared/domain/warehouse';

/**
 * The feed / item-use entry (issue 15 point 4): one item, one day, several feeding times
 * and several ponds in one save. Pure: the screen keeps this state (and its draft), the
 * save turns it into use records.
 */
export interface UseEntryState {
  itemId: string;
  day: string;
  times: string[];
  /** `${pondId}|${time}` → what was typed. */
  qty: Record<string, string>;
}

export const DEFAULT_TIMES = DEFAULT_FEEDING_TIMES;
export const cellKey = (pondId: string, time: string) => `${pondId}|${time}`;

export function initialEntry(day: string, feedings = 4): UseEntryState {
  return { itemId: '', day, times: feedingTimes(feedings), qty: {} };
}

/**
 * A typed quantity → thousandths. Accepts "1,5" (Indonesian) and "1.5"; more than 3
 * decimals round (seed 000 §9). Errors: 'numeric' (not a number), 'min' (zero or below),
 * 'finite' (too large).
 */
export function parseQty(text: string): { milli: number } | { error: 'numeric' | 'min' | 'finite' } | null {
  const t = text.trim().replace(/\s/g, '');
  if (t === '') return null;
  if (!/^-?\d+([.,]\d+)?$/.test(t)) return { error: 'numeric' };
  const value = Number(t.replace(',', '.'));
  if (value >= MAX_QTY) return { error: 'finite' };
  const milli = Math.round(value * 1000);
  if (milli <= 0) return { error: 'min' };
  return { milli };
}

export function validTimes(times: readonly string[]): boolean {
  return times.every((t) => /^([01]\d|2[0-3]):[0-5]\d$/.test(t)) && new Set(times).size === times.length;
}

export type UseRecord = Pick<
  Movement,
  | 'id'
  | 'farm_id'
  | 'warehouse_id'
  | 'kind'
  | 'qty'
  | 'unit_price'
  | 'value'
  | 'pond_id'
  | 'cycle_id'
  | 'used_on'
  | 'time'
  | 'note'
  | 'purchase_order_id'
  | 'created_by'
  | 'created_at'
  | 'updated_at'
  | 'deleted_at'
>;

/**
 * The records one save makes, or the errors per cell. Only filled cells count; a cell
 * for a time no longer listed is ignored.
 */
export function buildUses(
  state: UseEntryState,
  pondIds: readonly string[],
  ctx: {
    farmId: string;
    price: number;
    cycleOf: (pondId: string) => string | null;
    newId: () => string;
    now: string;
    userId: string | null;
  },
): { records: UseRecord[]; errors: Record<string, 'numeric' | 'min' | 'finite'>; totalMilli: number } {
  const records: UseRecord[] = [];
  const errors: Record<string, 'numeric' | 'min' | 'finite'> = {};
  let totalMilli = 0;
  for (const pondId of pondIds) {
    for (const time of state.times) {
      const key = cellKey(pondId, time);
      const parsed = parseQty(state.qty[key] ?? '');
      if (!parsed) continue;
      if ('error' in parsed) {
        errors[key] = parsed.error;
        continue;
      }
      totalMilli += parsed.milli;
      records.push({
        id: ctx.newId(),
        farm_id: ctx.farmId,
        warehouse_id: state.itemId,
        kind: 'use',
        qty: parsed.milli / 1000,
        unit_price: ctx.price,
        value: Math.round((parsed.milli * ctx.price) / 1000),
        pond_id: pondId,
        cycle_id: ctx.cycleOf(pondId),
        used_on: state.day,
        time,
        note: null,
        purchase_order_id: null,
        created_by: ctx.userId,
        created_at: ctx.now,
        updated_at: ctx.now,
        deleted_at: null,
      });
    }
  }
  return { records, errors, totalMilli };
}

/** Anything typed (worth a draft). */
export function hasEntries(state: UseEntryState): boolean {
  return Object.values(state.qty).some((v) => v.trim() !== '');
}
