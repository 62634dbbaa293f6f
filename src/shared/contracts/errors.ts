import { type Static, Type } from 'typebox';
import {
  ERROR_KINDS,
  ERROR_MAX_FRAMES,
  ERROR_REPORT_MAX_EVENTS,
  ERROR_REPORT_MAX_SESSIONS,
  type ErrorKind,
} from '../domain/error-tracing.ts';

/**
 * Error tracing (issue 30 point 1, ADR 0067). Devices send what they caught, scrubbed and
 * de-duplicated, in batches (`POST /api/errors/report`, no session needed: a crash on the
 * sign-in screen counts too), with the app starts of the sampled sessions; system admins
 * read the groups and the crash-free sessions per release (`GET /api/errors`) and set the
 * sample rate (`GET`/`PUT /api/errors/config`).
 */

const Short = (maxLength: number) => Type.String({ maxLength });
const Time = Type.String({ format: 'date-time' });
/** A device's or a session's random id (not a person's). */
const DeviceId = Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$' });

/** One stack frame as the browser printed it: the script's path, line and column. */
export const StackFrame = Type.Object(
  {
    fn: Short(200),
    file: Short(300),
    line: Type.Integer({ minimum: 0, maximum: 10_000_000 }),
    col: Type.Integer({ minimum: 0, maximum: 10_000_000 }),
  },
  { additionalProperties: false },
);
export type StackFrame = Static<typeof StackFrame>;

/** One de-duplicated error of a device: the same error seen `count` times between the two dates. */
export const ErrorEventInput = Type.Object(
  {
    kind: Type.Unsafe<ErrorKind>({ type: 'string', enum: [...ERROR_KINDS] }),
    name: Short(100),
    message: Short(1000),
    frames: Type.Array(StackFrame, { maxItems: ERROR_MAX_FRAMES }),
    /** The route pattern (`/farm/$farm_id/settings`), never the ids. */
    route: Short(200),
    session_id: DeviceId,
    count: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
    first_seen: Time,
    last_seen: Time,
  },
  { additionalProperties: false },
);
export type ErrorEventInput = Static<typeof ErrorEventInput>;

/** An app start of a sampled session (the denominator of crash-free sessions). */
export const SessionStartInput = Type.Object(
  { session_id: DeviceId, started_at: Time },
  { additionalProperties: false },
);
export type SessionStartInput = Static<typeof SessionStartInput>;

export const ErrorReportBody = Type.Object(
  {
    device_id: DeviceId,
    release: Type.String({ minLength: 1, maxLength: 64 }),
    sessions: Type.Array(SessionStartInput, { maxItems: ERROR_REPORT_MAX_SESSIONS }),
    events: Type.Array(ErrorEventInput, { maxItems: ERROR_REPORT_MAX_EVENTS }),
  },
  { additionalProperties: false },
);
export type ErrorReportBody = Static<typeof ErrorReportBody>;

export const ErrorReportAnswer = Type.Object({
  /** Events stored (the others were over the device's rate). */
  stored: Type.Integer(),
  dropped: Type.Integer(),
});
export type ErrorReportAnswer = Static<typeof ErrorReportAnswer>;

/** A frame after the build's source map: the source file, line and function when mapped. */
export const MappedFrame = Type.Object({
  fn: Type.String(),
  file: Type.String(),
  line: Type.Integer(),
  col: Type.Integer(),
  mapped: Type.Boolean(),
});
export type MappedFrame = Static<typeof MappedFrame>;

export const ErrorGroup = Type.Object({
  fingerprint: Type.String(),
  kind: Type.String(),
  name: Type.String(),
  message: Type.String(),
  frames: Type.Array(MappedFrame),
  count: Type.Integer(),
  devices: Type.Integer(),
  first_seen: Time,
  last_seen: Time,
  /** The newest release it was seen in. */
  release: Type.String(),
  route: Type.String(),
  user_agent: Type.String(),
});
export type ErrorGroup = Static<typeof ErrorGroup>;

export const ReleaseHealth = Type.Object({
  release: Type.String(),
  sessions: Type.Integer(),
  crashed: Type.Integer(),
  /** Share of sessions with no error, 0–1. */
  crash_free: Type.Number(),
  last_seen: Time,
});
export type ReleaseHealth = Static<typeof ReleaseHealth>;

export const ErrorOverview = Type.Object({
  groups: Type.Array(ErrorGroup),
  releases: Type.Array(ReleaseHealth),
  sample_rate: Type.Number(),
});
export type ErrorOverview = Static<typeof ErrorOverview>;

export const ErrorConfig = Type.Object(
  { sample_rate: Type.Number({ minimum: 0, maximum: 1 }) },
  { additionalProperties: false },
);
export type ErrorConfig = Static<typeof ErrorConfig>;
