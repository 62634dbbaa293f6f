import {
  type AnyWaterField,
  NOT_MEASURED,
  WATER_FIELDS,
  WATER_KINDS,
  type WaterKind,
} from './water-fields.ts';

/** A farm's good range for one parameter; either bound may be open (null). */
export interface WaterStandard {
  parameter: string;
  min: number | null;
  max: number | null;
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
];

/** Option fields (colour, weather) are choices, not measurements: they have no range. */
const OPTION_FIELDS = new Set(['color', 'weather']);

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

/** The farm's stored standards over the defaults: a stored parameter replaces its default. */
export function mergeStandards(
  stored: readonly WaterStandard[],
  defaults: readonly WaterStandard[] = VANNAMEI_STANDARDS,
): WaterStandard[] {
  const byParameter = new Map(defaults.map((s) => [s.parameter, s]));
  for (const s of stored) byParameter.set(s.parameter, s);
  return [...byParameter.values()];
}

export function isNotMeasured(value: number | null | undefined): value is null | undefined {
  return value === null || value === undefined || value === NOT_MEASURED || Number.isNaN(value);
}

/** Where a value sits against its standard: null when not measured or without a standard. */
export function standardStatus(
  parameter: string,
  value: number | null | undefined,
  standards: readonly WaterStandard[],
): 'low' | 'high' | 'ok' | null {
  if (isNotMeasured(value)) return null;
  const standard = standards.find((s) => s.parameter === parameter);
  if (!standard) return null;
  if (standard.min !== null && value < standard.min) return 'low';
  if (standard.max !== null && value > standard.max) return 'high';
  return 'ok';
}

/**
 * Should the form flag this value as the user types? -99 / null is never flagged
 * (DOMAIN.md: not measured is never plotted, averaged or flagged).
 */
export function isOutOfStandard(
  parameter: string,
  value: number | null | undefined,
  standards: readonly WaterStandard[] = VANNAMEI_STANDARDS,
): boolean {
  const status = standardStatus(parameter, value, standards);
  return status === 'low' || status === 'high';
}
