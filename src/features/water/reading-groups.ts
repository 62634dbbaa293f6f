import type { Local } from '#local/db';
import type { WaterReading } from '#shared/contracts/water';
import { type TimeOfDay, timeOfDay } from '#shared/domain/time-of-day';
import { NOT_MEASURED, type WaterKind } from '#shared/domain/water-fields';
import { isOutOfStandard, type WaterStandard } from '#shared/domain/water-standards';
import { FIELD_ORDER, OPTION_FIELDS, PRIMARY_COUNT } from './water-fields.ts';

export interface ReadingItem {
  kind: WaterKind;
  row: Local<WaterReading>;
}

export interface DayGroup {
  /** YYYY-MM-DD on the farm's wall clock (the offset the reading was taken at). */
  day: string;
  slots: { slot: TimeOfDay; items: ReadingItem[] }[];
}

const SLOTS: TimeOfDay[] = ['morning', 'afternoon', 'evening'];
const KIND_ORDER: Record<WaterKind, number> = { general: 0, chemical: 1, biological: 2 };

/**
 * measured_at carries the offset it was taken at, so its first characters are the date and
 * time the keeper read on his phone, wherever the viewer is.
 */
export const wallDay = (measuredAt: string) => measuredAt.slice(0, 10);
export const wallTime = (measuredAt: string) => measuredAt.slice(11, 16);

function slotOf(row: WaterReading): TimeOfDay {
  return row.time_of_day ?? timeOfDay(Number(wallTime(row.measured_at).slice(0, 2)));
}

/** Newest day first; inside a day morning, afternoon, evening (how a farm day is read). */
export function groupReadings(items: readonly ReadingItem[], fromDay: string): DayGroup[] {
  const days = new Map<string, Map<TimeOfDay, ReadingItem[]>>();
  for (const item of items) {
    const day = wallDay(item.row.measured_at);
    if (day < fromDay) continue;
    const slots = days.get(day) ?? new Map<TimeOfDay, ReadingItem[]>();
    const slot = slotOf(item.row);
    slots.set(slot, [...(slots.get(slot) ?? []), item]);
    days.set(day, slots);
  }
  return [...days.entries()]
    .sort(([a], [b]) => b.localeCompare(a))
    .map(([day, slots]) => ({
      day,
      slots: SLOTS.filter((slot) => slots.has(slot)).map((slot) => ({
        slot,
        items: (slots.get(slot) ?? []).sort(
          (a, b) =>
            wallTime(a.row.measured_at).localeCompare(wallTime(b.row.measured_at)) ||
            KIND_ORDER[a.kind] - KIND_ORDER[b.kind],
        ),
      })),
    }));
}

export interface ShownValue {
  field: string;
  /** null: not measured, shown as "–". */
  value: number | null;
  out: boolean;
  option: boolean;
}

/**
 * The values of a reading in entry order. The dike-walk fields of a general reading always
 * show ("–" when not measured) so rows line up; other fields only when measured. -99 is
 * never flagged.
 */
export function shownValues(item: ReadingItem, standards: readonly WaterStandard[]): ShownValue[] {
  const row = item.row as unknown as Record<string, number | null>;
  const always = item.kind === 'general' ? FIELD_ORDER.general.slice(0, PRIMARY_COUNT.general) : [];
  const out: ShownValue[] = [];
  for (const field of FIELD_ORDER[item.kind]) {
    const raw = row[field];
    const value = raw === null || raw === undefined || raw === NOT_MEASURED ? null : raw;
    if (value === null && !always.includes(field)) continue;
    const option = OPTION_FIELDS.has(field);
    out.push({
      field,
      value,
      option,
      out: !option && isOutOfStandard(field, value, standards, slotOf(item.row)),
    });
  }
  return out;
}

/** Whether a reading has any measured value at all. */
export function hasMeasured(values: readonly ShownValue[]): boolean {
  return values.some((v) => v.value !== null);
}
