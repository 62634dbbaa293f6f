import { numberMessage, typingLanguage } from '#components/number-field';
import { messageKey } from '#components/validation';
import type { Movement } from '#shared/contracts/warehouse';
import { enteredDayProblem } from '#shared/domain/calendar';
import { DEFAULT_FEEDING_TIMES, feedingTimes } from '#shared/domain/feeding';
import { numberForInput, readNumber } from '#shared/domain/number-input';
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

/** Why a typed quantity is refused: a `validation.*` message (with its values after a bar). */
export type QtyError = string;

/**
 * A typed quantity → thousandths, read in the screen's language by the one reader
 * ("1,5" in Indonesian, "1.5" in English); more than 3 decimals round (seed 000 §9).
 * Errors are messages: the reader's, 'validation.min' (zero or below), 'validation.finite'.
 */
export function parseQty(
  text: string,
  language: string = typingLanguage(),
): { milli: number } | { error: QtyError } | null {
  const read = readNumber(text, language);
  if ('problem' in read) return { error: numberMessage(read.problem) };
  if (read.value === null) return null;
  if (read.value >= MAX_QTY) return { error: 'validation.finite' };
  const milli = Math.round(read.value * 1000);
  if (milli <= 0) return { error: messageKey('validation.min', { min: 0.001 }) };
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
 * The records one save makes, or the errors per cell (and `day`: a day after `today` is
 * refused as the server refuses it, #shared/domain/calendar). Only filled cells count; a
 * cell for a time no longer listed is ignored.
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
    /** The day the form offers as today: no use is entered for a later day. */
    today: string;
  },
): { records: UseRecord[]; errors: Record<string, QtyError>; totalMilli: number } {
  const records: UseRecord[] = [];
  const errors: Record<string, QtyError> = {};
  const dayProblem = enteredDayProblem(state.day, ctx.today);
  if (dayProblem) errors.day = dayProblem;
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
  return { records: dayProblem ? [] : records, errors, totalMilli };
}

/** Anything typed (worth a draft). */
export function hasEntries(state: UseEntryState): boolean {
  return Object.values(state.qty).some((v) => v.trim() !== '');
}

/** The ration in the item's own unit, or null where the unit is not a weight the ration converts to. */
export function rationInUnit(perFeedingKg: number | null, unit: string): number | null {
  if (perFeedingKg === null || !(perFeedingKg > 0)) return null;
  if (unit === 'Kg') return Math.round(perFeedingKg * 1000) / 1000;
  if (unit === 'Gram') return Math.round(perFeedingKg * 1000);
  return null;
}

/**
 * "Fill as recommended": every empty box of the listed ponds at the listed times gets the
 * pond's recommended ration for one feeding, written in the screen's language. Boxes the
 * keeper already typed in keep what he typed; a pond without a ration (no stock, no
 * sampling after blind feeding) stays empty. Nothing is saved: the boxes are filled, the
 * save button still decides.
 */
export function fillRations(
  state: UseEntryState,
  pondIds: readonly string[],
  perFeedingKg: ReadonlyMap<string, number | null>,
  unit: string,
  language: string,
): { state: UseEntryState; filled: number } {
  const qty = { ...state.qty };
  let filled = 0;
  for (const pondId of pondIds) {
    const value = rationInUnit(perFeedingKg.get(pondId) ?? null, unit);
    if (value === null) continue;
    for (const time of state.times) {
      const key = cellKey(pondId, time);
      if ((qty[key] ?? '').trim() !== '') continue;
      qty[key] = numberForInput(value, language);
      filled += 1;
    }
  }
  return { state: { ...state, qty }, filled };
}
