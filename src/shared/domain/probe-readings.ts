import {
  type ConversionContext,
  canonicalUnit,
  isProbeParameter,
  PROBE_PHYSICAL_RANGE,
  PROBE_STORED_UNIT,
  type ProbeParameter,
  roundProbeValue,
  toStoredUnit,
} from './probe-units.ts';

/**
 * One message of a probe, checked reading by reading (issue 27 point 2): a bad reading is
 * refused with its reason and the others are stored. Pure, so HTTP and MQTT ingestion and
 * the simulator's tests share it.
 */

/** A reading may be this late (a logger that was offline sends its backlog)… */
export const PROBE_MAX_AGE_MS = 7 * 86_400_000;
/** …and this far ahead of the server's clock (a device clock a little fast). */
export const PROBE_MAX_AHEAD_MS = 5 * 60_000;
/** Readings in one message (HTTP body or MQTT payload). */
export const PROBE_MAX_READINGS = 500;

export const PROBE_REFUSALS = [
  'not-an-object',
  'unknown-parameter',
  'parameter-not-registered',
  'not-a-number',
  'unknown-unit',
  'out-of-range',
  'bad-timestamp',
  'future',
  'too-old',
] as const;
export type ProbeRefusal = (typeof PROBE_REFUSALS)[number];

export interface AcceptedReading {
  index: number;
  parameter: ProbeParameter;
  /** In the stored unit (PROBE_STORED_UNIT). */
  value: number;
  measuredAt: Date;
}

export interface RefusedReading {
  index: number;
  reason: ProbeRefusal;
  parameter?: string;
}

export interface DeviceProfile {
  parameters: readonly string[];
  /** The unit the device sends a parameter in when a reading names none. */
  units: Readonly<Record<string, string>>;
}

// ISO 8601 with a date, a time and an offset (Z or ±hh:mm): a time without offset is ambiguous.
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/;

function measuredAt(raw: unknown): Date | null {
  if (typeof raw !== 'string' || !ISO_WITH_OFFSET.test(raw)) return null;
  const date = new Date(raw);
  return Number.isNaN(date.getTime()) ? null : date;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The temperature and salinity of the message, for a DO sent as % saturation. */
function conversionContext(items: readonly unknown[], device: DeviceProfile): ConversionContext {
  const context: ConversionContext = {};
  for (const item of items) {
    if (!isRecord(item) || typeof item.value !== 'number' || !Number.isFinite(item.value)) continue;
    for (const parameter of ['temperature', 'salinity'] as const) {
      if (item.parameter !== parameter) continue;
      const unit = canonicalUnit(parameter, unitOf(item, device, parameter));
      if (!unit) continue;
      const value = toStoredUnit(parameter, unit, item.value);
      const { min, max } = PROBE_PHYSICAL_RANGE[parameter];
      if (value < min || value > max) continue;
      if (parameter === 'temperature') context.temperatureC ??= value;
      else context.salinityPpt ??= value;
    }
  }
  return context;
}

function unitOf(item: Record<string, unknown>, device: DeviceProfile, parameter: ProbeParameter) {
  if (typeof item.unit === 'string') return item.unit;
  return device.units[parameter] ?? PROBE_STORED_UNIT[parameter];
}

/** One reading: accepted (converted to the stored unit) or refused with its reason. */
function checkOne(
  item: unknown,
  index: number,
  device: DeviceProfile,
  now: Date,
  context: ConversionContext,
): AcceptedReading | RefusedReading {
  const refuse = (reason: ProbeRefusal, parameter?: string): RefusedReading =>
    parameter === undefined ? { index, reason } : { index, reason, parameter };
  if (!isRecord(item)) return refuse('not-an-object');
  const parameter = item.parameter;
  if (!isProbeParameter(parameter))
    return refuse('unknown-parameter', typeof parameter === 'string' ? parameter.slice(0, 40) : undefined);
  if (!device.parameters.includes(parameter)) return refuse('parameter-not-registered', parameter);
  if (typeof item.value !== 'number' || !Number.isFinite(item.value))
    return refuse('not-a-number', parameter);
  if (item.unit !== undefined && typeof item.unit !== 'string') return refuse('unknown-unit', parameter);
  const unit = canonicalUnit(parameter, unitOf(item, device, parameter));
  if (!unit) return refuse('unknown-unit', parameter);
  const value = roundProbeValue(toStoredUnit(parameter, unit, item.value, context));
  const range = PROBE_PHYSICAL_RANGE[parameter];
  if (value < range.min || value > range.max) return refuse('out-of-range', parameter);
  const at = measuredAt(item.measured_at);
  if (!at) return refuse('bad-timestamp', parameter);
  if (at.getTime() > now.getTime() + PROBE_MAX_AHEAD_MS) return refuse('future', parameter);
  if (at.getTime() < now.getTime() - PROBE_MAX_AGE_MS) return refuse('too-old', parameter);
  return { index, parameter, value, measuredAt: at };
}

/** Splits a message's readings into the accepted (converted) and the refused (with reasons). */
export function checkReadings(
  items: readonly unknown[],
  device: DeviceProfile,
  now: Date,
): { accepted: AcceptedReading[]; refused: RefusedReading[] } {
  const accepted: AcceptedReading[] = [];
  const refused: RefusedReading[] = [];
  const context = conversionContext(items, device);
  items.forEach((item, index) => {
    const result = checkOne(item, index, device, now, context);
    if ('reason' in result) refused.push(result);
    else accepted.push(result);
  });
  return { accepted, refused };
}
