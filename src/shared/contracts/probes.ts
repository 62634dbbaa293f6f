import { type Static, Type } from 'typebox';
import { PROBE_MAX_READINGS, PROBE_REFUSALS } from '../domain/probe-readings.ts';
import { PROBE_PARAMETERS, type ProbeParameter } from '../domain/probe-units.ts';
import { Uuid } from './envelope.ts';

/**
 * Water-quality probes (issue 27, ADR 0066). Farm admins (owners and managers) register
 * devices (`/api/probeDevice`), get a device key once (at creation and rotation) and
 * revoke it; devices send readings to `POST /api/ingest/readings` (this file's
 * `IngestBody`) or publish the same payload over MQTT to `tambak/<farm>/<device>/readings`.
 */
export const ProbeParameterSchema = Type.Unsafe<ProbeParameter>({
  type: 'string',
  enum: [...PROBE_PARAMETERS],
});

export const CreateProbeDeviceBody = Type.Object(
  {
    farm_id: Uuid,
    pond_id: Uuid,
    name: Type.String({ minLength: 1, maxLength: 80 }),
    parameters: Type.Array(ProbeParameterSchema, {
      minItems: 1,
      maxItems: PROBE_PARAMETERS.length,
      uniqueItems: true,
    }),
    /** The unit the device sends a parameter in when a reading names none (`{ "temperature": "°F" }`). */
    units: Type.Optional(Type.Record(Type.String({ maxLength: 20 }), Type.String({ maxLength: 20 }))),
  },
  { additionalProperties: false },
);
export type CreateProbeDeviceBody = Static<typeof CreateProbeDeviceBody>;

export const ProbeDeviceQuery = Type.Object({ farm_id: Uuid });
export type ProbeDeviceQuery = Static<typeof ProbeDeviceQuery>;

const Instant = Type.String({ format: 'date-time' });
const NullableInstant = Type.Union([Instant, Type.Null()]);

export const ProbeDevice = Type.Object({
  id: Uuid,
  farm_id: Uuid,
  pond_id: Uuid,
  pond_name: Type.String(),
  name: Type.String(),
  parameters: Type.Array(ProbeParameterSchema),
  units: Type.Record(Type.String(), Type.String()),
  created_at: Instant,
  key_rotated_at: NullableInstant,
  revoked_at: NullableInstant,
  last_message_at: NullableInstant,
  battery: Type.Union([Type.Number(), Type.Null()]),
  signal: Type.Union([Type.Number(), Type.Null()]),
  /** The MQTT topic the device publishes to. */
  topic: Type.String(),
});
export type ProbeDevice = Static<typeof ProbeDevice>;

/** A create or a rotation: the device and its key, shown this once (only a hash is stored). */
export const ProbeDeviceWithKey = Type.Object({ device: ProbeDevice, key: Type.String() });
export type ProbeDeviceWithKey = Static<typeof ProbeDeviceWithKey>;

/**
 * One message of a device. Each reading is checked on its own (a bad one is refused with
 * its reason, the others stored), so the schema only bounds the shape here.
 */
export const IngestBody = Type.Object(
  {
    readings: Type.Array(
      // No type: a reading that is not as described is refused alone (with its reason), not the message.
      Type.Unsafe<unknown>({
        description:
          'A reading: { "parameter": "do" | "temperature" | "ph" | "salinity", "value": number, "unit"?: string, "measured_at": ISO 8601 date-time with offset }',
        examples: [{ parameter: 'do', value: 5.2, unit: 'mg/L', measured_at: '2026-11-29T03:00:00+07:00' }],
      }),
      { minItems: 1, maxItems: PROBE_MAX_READINGS },
    ),
    /** Battery charge, 0–100 %. */
    battery: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
    /** Radio signal strength (RSSI, dBm). */
    signal: Type.Optional(Type.Number({ minimum: -200, maximum: 50 })),
    /** The device key, when the header cannot carry it (the same payload through an outside MQTT broker). */
    key: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);
export type IngestBody = Static<typeof IngestBody>;

export const IngestResult = Type.Object({
  stored: Type.Integer(),
  /** Readings already stored (same device, parameter and measured_at): a retry. */
  duplicates: Type.Integer(),
  refused: Type.Array(
    Type.Object({
      index: Type.Integer(),
      reason: Type.Unsafe<(typeof PROBE_REFUSALS)[number]>({ type: 'string', enum: [...PROBE_REFUSALS] }),
      parameter: Type.Optional(Type.String()),
    }),
  ),
});
export type IngestResult = Static<typeof IngestResult>;

export const ProbeReadingsQuery = Type.Object({
  pond_id: Uuid,
  from: Instant,
  to: Instant,
});
export type ProbeReadingsQuery = Static<typeof ProbeReadingsQuery>;

/** Min, mean and max of one parameter over one farm day and time-of-day slot. */
export const ProbeSlotSummary = Type.Object({
  day: Type.String({ format: 'date' }),
  slot: Type.Union([Type.Literal('morning'), Type.Literal('afternoon'), Type.Literal('evening')]),
  parameter: ProbeParameterSchema,
  min: Type.Number(),
  mean: Type.Number(),
  max: Type.Number(),
  count: Type.Integer(),
  /** Where min and max sit against the farm's standard for the slot. */
  low: Type.Boolean(),
  high: Type.Boolean(),
});
export type ProbeSlotSummary = Static<typeof ProbeSlotSummary>;

/** A pond's probe readings over a range: slot summaries and the line a chart draws (≤ 500 points a parameter). */
export const ProbePondReadings = Type.Object({
  summaries: Type.Array(ProbeSlotSummary),
  series: Type.Array(
    Type.Object({
      parameter: ProbeParameterSchema,
      points: Type.Array(Type.Object({ at: Instant, value: Type.Number() })),
    }),
  ),
  /** Open and recent alert episodes of the pond. */
  alerts: Type.Array(
    Type.Object({
      parameter: ProbeParameterSchema,
      direction: Type.Union([Type.Literal('low'), Type.Literal('high')]),
      limit: Type.Number(),
      worst: Type.Number(),
      started_at: Instant,
      raised_at: NullableInstant,
      cleared_at: NullableInstant,
    }),
  ),
});
export type ProbePondReadings = Static<typeof ProbePondReadings>;
