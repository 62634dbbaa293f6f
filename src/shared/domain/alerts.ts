import type { Feature } from './permissions.ts';
import type { WaterStandard } from './water-standards.ts';

/**
 * The alert machinery's shared vocabulary (issue 18). A domain's alert rules are pure
 * functions (`src/shared/domain/<x>-alerts.ts`) from one committed record and the farm's
 * alert settings to zero or more candidates; the server registers them in
 * `src/server/modules/alerts/alert-rules.ts`, stores one notification per candidate and
 * allowed user (de-duplicated by `key`) and pushes it.
 */

/**
 * Kinds a user chooses to be pushed or not (notification settings). Rules of later
 * domains add their kind at the end of the list.
 */
export const ALERT_KINDS = ['water', 'invitation', 'sync', 'death', 'disease', 'stock'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export function isAlertKind(value: unknown): value is AlertKind {
  return typeof value === 'string' && (ALERT_KINDS as readonly string[]).includes(value);
}

/** A message key of `src/shared/i18n/messages.ts` and its parameters, translated per recipient. */
export interface AlertText {
  key: string;
  params?: Record<string, string | number>;
}

/** What a rule found: one alert, before it is addressed to users. */
export interface AlertCandidate {
  kind: AlertKind;
  /**
   * De-duplication key: a second candidate with the same key for the same user is
   * dropped (water: one per pond, parameter, farm day and time-of-day slot).
   */
  key: string;
  /** When the thing happened (a reading's measured_at, not when it arrived). ISO. */
  occurredAt: string;
  /** Pond-scoped alerts reach only users who see this pond with `feature` (null: farm-wide). */
  pondId: string | null;
  /** The permission feature a recipient needs at view or above; null: only `recipients`. */
  feature: Feature | null;
  /** Named users instead of (or on top of) the farm's members (an invitation, a device's owner). */
  recipients?: string[];
  title: AlertText;
  body: AlertText;
  /** The screen a click opens (path and query of this app). */
  url: string;
}

/**
 * The farm's alert settings a rule may read. Water standards are the farm's merged
 * standards (water-standards.ts); `deathThreshold` is the farm-set number of deaths in
 * one record from which an alert fires (null: off).
 */
export interface FarmAlertSettings {
  waterStandards: readonly WaterStandard[];
  deathThreshold: number | null;
}

/** What every rule receives: the committed record and its farm's settings. */
export interface AlertRuleInput<R> {
  farmId: string;
  record: R;
  settings: FarmAlertSettings;
}

export type AlertRule<R> = (input: AlertRuleInput<R>) => AlertCandidate[];

/** Deaths per record from which an alert fires when a farm has set nothing. */
export const DEFAULT_DEATH_THRESHOLD = 100;

const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * Whether `now` falls in the quiet hours `from`–`to` (HH:mm, farm time, `offsetMinutes`
 * east of UTC). A range over midnight (22:00–05:00) works; equal bounds or an empty
 * bound mean no quiet hours.
 */
export function inQuietHours(
  from: string | null,
  to: string | null,
  now: Date,
  offsetMinutes = 420,
): boolean {
  const a = from ? HH_MM.exec(from) : null;
  const b = to ? HH_MM.exec(to) : null;
  if (!a || !b) return false;
  const start = Number(a[1]) * 60 + Number(a[2]);
  const end = Number(b[1]) * 60 + Number(b[2]);
  if (start === end) return false;
  const local = new Date(now.getTime() + offsetMinutes * 60_000);
  const minute = local.getUTCHours() * 60 + local.getUTCMinutes();
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

/** The farm-local calendar day (YYYY-MM-DD) of an instant. */
export function localDay(instant: Date, offsetMinutes: number): string {
  return new Date(instant.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 10);
}
