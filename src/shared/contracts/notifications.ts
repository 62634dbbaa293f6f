import { type Static, Type } from 'typebox';
import { ALERT_KINDS, type AlertKind } from '../domain/alerts.ts';
import { Since, Uuid } from './envelope.ts';

/** Farm alerts and the caller's notifications (issue 18). */
export const AlertKindSchema = Type.Unsafe<AlertKind>(Type.String({ enum: [...ALERT_KINDS] }));

/** Values of an alert message: numbers stay numbers, worded in the reader's language. */
const AlertParams = Type.Union([
  Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()])),
  Type.Null(),
]);

/**
 * One stored alert for the caller: its message keys and values (worded in the reader's
 * language by wordAlert, src/shared/i18n/alert-messages.ts), and `title`/`body` as worded
 * when it was stored (all that alerts stored before keys have: their keys are null).
 */
export const Notification = Type.Object({
  id: Type.String(),
  farm_id: Type.Union([Type.String(), Type.Null()]),
  pond_id: Type.Union([Type.String(), Type.Null()]),
  kind: Type.String(),
  title: Type.String(),
  body: Type.String(),
  title_key: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  title_params: Type.Optional(AlertParams),
  body_key: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  body_params: Type.Optional(AlertParams),
  /** The screen a click opens. */
  url: Type.String(),
  /** When it happened (a reading's measured_at), not when it arrived. */
  occurred_at: Type.String(),
  read_at: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
  updated_at: Type.String(),
  deleted_at: Type.Union([Type.String(), Type.Null()]),
});
export type Notification = Static<typeof Notification>;

export const NotificationQuery = Type.Object({ since: Since });
export type NotificationQuery = Static<typeof NotificationQuery>;

export const MarkReadBody = Type.Object({ ids: Type.Array(Uuid, { minItems: 1, maxItems: 500 }) });
export type MarkReadBody = Static<typeof MarkReadBody>;

/** Marks every notification that arrived up to `until` (the newest one the device had). */
export const MarkAllReadBody = Type.Object({ until: Type.String({ format: 'date-time' }) });
export type MarkAllReadBody = Static<typeof MarkAllReadBody>;

const HhMm = Type.Union([Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' }), Type.Null()]);

/** The caller's choices: which kinds are pushed, and quiet hours (HH:mm, farm time WIB). */
export const NotificationSettings = Type.Object({
  push_kinds: Type.Array(AlertKindSchema, { maxItems: ALERT_KINDS.length, uniqueItems: true }),
  quiet_from: HhMm,
  quiet_to: HhMm,
});
export type NotificationSettings = Static<typeof NotificationSettings>;

export const FarmAlertSettingsQuery = Type.Object({ farm_id: Uuid });

/** A farm's alert settings: deaths in one record from which an alert fires (null: off). */
export const FarmAlertSettingsBody = Type.Object({
  farm_id: Uuid,
  death_threshold: Type.Union([Type.Integer({ minimum: 1, maximum: 100_000_000 }), Type.Null()]),
});
export type FarmAlertSettingsBody = Static<typeof FarmAlertSettingsBody>;

/**
 * A device telling the server its outbox has records the server refused or could not
 * take (the device's own sync failures), so its owner is alerted on every device.
 */
export const SyncFailureBody = Type.Object({
  device_id: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' }),
  failed: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
});
export type SyncFailureBody = Static<typeof SyncFailureBody>;
