import type { TimeOfDay } from './time-of-day.ts';
import {
  type AnyWaterField,
  NOT_MEASURED,
  TIMES_OF_DAY,
  WATER_FIELDS,
  WATER_KINDS,
  type WaterKind,
} from './water-fields.ts';

/**
 * A farm's good range for one parameter; either bound may be open (null). `slot` names the
 * time of day the range is for (morning / afternoon / evening); none (or null) is the
 * all-day range, used for a slot that has no range of its own (DOMAIN.md: a slot's range
 * wins over the all-day range).
 */
export interface WaterStandard {
  parameter: string;
  min: number | null;
  max: number | null;
  slot?: TimeOfDay | null;
}

/** The slot a reading was taken in, from its `time_of_day`; anything else is no slot. */
export function asSlot(value: unknown): TimeOfDay | null {
  return (TIMES_OF_DAY as readonly unknown[]).includes(value) ? (value as TimeOfDay) : null;
}

/**
 * Good ranges for Litopenaeus vannamei (DOMAIN.md), the defaults of `/waterSetting`
 * until a farm stores its own. Parameters are reading field keys.
 */
export const VANNAMEI_STANDARDS: readonly WaterStandard[] = [
  { parameter: 'temperature', min: 28, max: 32 },
  { parameter: 'ph', min: 7.8, max: 8.5 },
  { parameter: 'do', min: 4, max: null },
  { parameter: 'salinity', min: 15, max: 25 },
  { parameter: 'turbidity', min: 25, max: 40 },
  { parameter: 'alkalinity', min: 100, max: 150 },
  { parameter: 'tan', min: null, max: 2 },
  { parameter: 'nh3', min: null, max: 0.1 },
  { parameter: 'no2', min: null, max: 1 },
  { parameter: 'plankton', min: 10_000, max: 12_000 },
  { parameter: 'tvc', min: null, max: 1000 },
  { parameter: 'gvc', min: null, max: 100 },
  // Slot ranges (DOMAIN.md): pH is lowest at dawn and highest in the afternoon; pond water
  // is coolest at dawn, so a morning 27.5 °C is normal.
  { parameter: 'ph', slot: 'morning', min: 7.5, max: 8 },
  { parameter: 'ph', slot: 'afternoon', min: 8, max: 8.5 },
  { parameter: 'ph', slot: 'evening', min: 7.8, max: 8.3 },
  { parameter: 'temperature', slot: 'morning', min: 27, max: 31 },
];

/** DO below this is lethal (DOMAIN.md): the board calls it critical. */
export const DO_CRITICAL = 2;
/** The largest daily pH swing (max − min of one pond's farm day) that is still fine. */
export const MAX_PH_SWING = 0.5;

/** One range's identity: its parameter and slot ('' for all day). */
export function standardKey(s: Pick<WaterStandard, 'parameter' | 'slot'>): string {
  return s.slot ? `${s.parameter}@${s.slot}` : s.parameter;
}

/** Option fields (colour, weather) are choices, not measurements: they have no range. */
const OPTION_FIELDS = new Set(['color', 'weather']);

/**
 * What a bound of a farm's range may be: the parameter's physically possible range, the
 * one a reading of it must fall in (water-fields.ts: pH 0–14, DO 0–30 mg/L, temperature
 * 0–50 °C, salinity 0–80 ppt, percentages up to what the sensor reads). A bound beyond it
 * (1e300) could never judge a reading, so it is refused. Undefined for an unknown parameter.
 */
export function standardLimits(parameter: string): { min: number; max: number } | undefined {
  const kind = parameterKind(parameter);
  if (!kind) return undefined;
  const { min, max } = (WATER_FIELDS[kind] as Record<string, { min: number; max: number }>)[parameter];
  return { min, max };
}

/** Why a range cannot be stored, with the message key (messages.ts) the form and the server show. */
export type StandardBoundsProblem =
  | { side: 'min' | 'max'; key: 'validation.between'; params: { min: number; max: number } }
  | { side: 'min'; key: 'validation.min-above-max' };

/**
 * The rule of a range the farm sets (the standards tab and `PUT /api/waterSetting` alike):
 * each bound open (null) or a finite number within `standardLimits`, the lower not above
 * the upper. Null when fine or when the parameter is unknown (refused on its own).
 */
export function standardBoundsProblem(
  parameter: string,
  min: number | null,
  max: number | null,
): StandardBoundsProblem | null {
  const limits = standardLimits(parameter);
  if (!limits) return null;
  for (const [side, value] of [
    ['min', min],
    ['max', max],
  ] as const) {
    if (value !== null && !(Number.isFinite(value) && value >= limits.min && value <= limits.max))
      return { side, key: 'validation.between', params: limits };
  }
  if (min !== null && max !== null && min > max) return { side: 'min', key: 'validation.min-above-max' };
  return null;
}

/** The kind a parameter belongs to, or undefined for unknown or option fields. */
export function parameterKind(parameter: string): WaterKind | undefined {
  if (OPTION_FIELDS.has(parameter)) return undefined;
  return WATER_KINDS.find((kind) => Object.hasOwn(WATER_FIELDS[kind], parameter));
}

export function isStandardParameter(parameter: string): parameter is AnyWaterField {
  return parameterKind(parameter) !== undefined;
}

export function parameterUnit(parameter: string): string {
  const kind = parameterKind(parameter);
  if (!kind) return '';
  return (WATER_FIELDS[kind] as Record<string, { unit: string }>)[parameter].unit;
}

/**
 * The farm's stored standards over the defaults: a stored range replaces the default of
 * the same parameter and slot.
 */
export function mergeStandards(
  stored: readonly WaterStandard[],
  defaults: readonly WaterStandard[] = VANNAMEI_STANDARDS,
): WaterStandard[] {
  const byKey = new Map(defaults.map((s) => [standardKey(s), s]));
  for (const s of stored) byKey.set(standardKey(s), s);
  return [...byKey.values()];
}

/** The all-day ranges only (a chart's band, a report's columns). */
export function allDayStandards(standards: readonly WaterStandard[]): WaterStandard[] {
  return standards.filter((s) => !s.slot);
}

/** The range that judges a reading of this slot: the slot's own, else the all-day one. */
export function standardFor(
  parameter: string,
  standards: readonly WaterStandard[],
  slot: TimeOfDay | null,
): WaterStandard | undefined {
  let allDay: WaterStandard | undefined;
  for (const s of standards) {
    if (s.parameter !== parameter) continue;
    if (slot && s.slot === slot) return s;
    if (!s.slot) allDay = s;
  }
  return allDay;
}

export function isNotMeasured(value: number | null | undefined): value is null | undefined {
  return value === null || value === undefined || value === NOT_MEASURED || Number.isNaN(value);
}

/**
 * The ranges that judge readings of one slot, one per parameter (the slot's own, else the
 * all-day one) and so without a slot of their own: what an entry form for that slot shows
 * and flags with (`isOutOfStandard(p, v, standardsOfSlot(all, slot), null)` is
 * `isOutOfStandard(p, v, all, slot)`).
 */
export function standardsOfSlot(
  standards: readonly WaterStandard[],
  slot: TimeOfDay | null,
): WaterStandard[] {
  const parameters = [...new Set(standards.map((s) => s.parameter))];
  return parameters
    .map((parameter) => standardFor(parameter, standards, slot))
    .filter((s): s is WaterStandard => s !== undefined)
    .map(({ parameter, min, max }) => ({ parameter, min, max }));
}

/**
 * THE rule of "out of standard" (entry forms, daily review, analysis, alerts, reports and
 * the attention board all call it): where a value taken in `slot` sits against the farm's
 * range for that slot (else its all-day range). Null when not measured (-99, null, NaN:
 * DOMAIN.md, never flagged) or without a range.
 */
export function standardStatus(
  parameter: string,
  value: number | null | undefined,
  standards: readonly WaterStandard[],
  slot: TimeOfDay | null,
): 'low' | 'high' | 'ok' | null {
  if (isNotMeasured(value)) return null;
  const standard = standardFor(parameter, standards, slot);
  if (!standard) return null;
  if (standard.min !== null && value < standard.min) return 'low';
  if (standard.max !== null && value > standard.max) return 'high';
  return 'ok';
}

/** Should this value be flagged? The same rule as `standardStatus`, as a yes or no. */
export function isOutOfStandard(
  parameter: string,
  value: number | null | undefined,
  standards: readonly WaterStandard[],
  slot: TimeOfDay | null,
): boolean {
  const status = standardStatus(parameter, value, standards, slot);
  return status === 'low' || status === 'high';
}

/** The daily pH swing of one pond: max − min of the measured values, null under two. */
export function phSwing(values: readonly (number | null | undefined)[]): number | null {
  const measured = values.filter((v): v is number => !isNotMeasured(v));
  if (measured.length < 2) return null;
  // Rounded to 0.01 so 8.3 − 7.8 is 0.5, not 0.5000000000000009.
  return Math.round((Math.max(...measured) - Math.min(...measured)) * 100) / 100;
}
