import { type Static, Type } from 'typebox';
import { Uuid } from './envelope.ts';

/**
 * The attention board (issue 31 point 3): what needs a person on a farm today, ranked,
 * read online (ADR 0038). `GET /api/attention?farm_id=` answers the board; the farm's
 * thresholds are `GET/PUT /api/attentionSetting`.
 */

/** The farm's thresholds; a farm that stored none has `ATTENTION_DEFAULTS` (domain/attention.ts). */
export const AttentionThresholds = Type.Object({
  /** DO (mg/L) under which a low DO is critical (the standard's minimum makes it a warning). */
  do_critical: Type.Number(),
  /** The largest daily pH swing (max − min of one pond's day) that is still fine. */
  ph_swing_max: Type.Number(),
  /** Feed-tray checks in a row with "a lot left" on at least half the trays. */
  trays_left_checks: Type.Integer(),
  /** A day's deaths above this share (%) of the pond's population. */
  death_share_pct: Type.Number(),
  /** A day's deaths above this many times the daily average of the 7 days before … */
  death_jump_factor: Type.Number(),
  /** … and at least this many shrimp (a jump from 2 to 10 is no alarm). */
  death_jump_min: Type.Integer(),
  /** FCR above this. */
  fcr_max: Type.Number(),
  /** Hours (farm time, 0–24) by which each water slot should have a reading. */
  due_morning: Type.Number(),
  due_afternoon: Type.Number(),
  due_evening: Type.Number(),
});
export type AttentionThresholds = Static<typeof AttentionThresholds>;

export const AttentionQuery = Type.Object({ farm_id: Uuid });
export type AttentionQuery = Static<typeof AttentionQuery>;

export const SaveAttentionSettingsBody = Type.Object({ farm_id: Uuid, thresholds: AttentionThresholds });
export type SaveAttentionSettingsBody = Static<typeof SaveAttentionSettingsBody>;

export const AttentionSettings = Type.Object({
  farm_id: Uuid,
  thresholds: AttentionThresholds,
  is_default: Type.Boolean(),
});
export type AttentionSettings = Static<typeof AttentionSettings>;

const kinds = [
  'water_do',
  'water_ph',
  'ph_swing',
  'trays_left',
  'deaths',
  'fcr',
  'abw_drop',
  'sampling',
  'missed_slot',
  'stock_low',
  'sync_refused',
  'harvest_size',
  'same_slot',
  'probe_alert',
] as const;
export const ATTENTION_KINDS = kinds;
export type AttentionKind = (typeof kinds)[number];
export type AttentionSeverity = 'critical' | 'warning';

export const AttentionItem = Type.Object({
  kind: Type.Unsafe<AttentionKind>({ type: 'string', enum: [...kinds] }),
  severity: Type.Unsafe<AttentionSeverity>({ type: 'string', enum: ['critical', 'warning'] }),
  /** What it is about: a pond, a warehouse item, a member (the name as stored). */
  subject: Type.String(),
  pond_id: Type.Union([Uuid, Type.Null()]),
  /** The reason's variant (`low`/`high`/`negative`/`below`/`share`/`jump`/`never`/`late` …). */
  reason: Type.String(),
  /** The figures the reason names (value, limit, unit, slot, day, count …). */
  figures: Type.Record(Type.String(), Type.Union([Type.Number(), Type.String(), Type.Null()])),
  /** The app path of the place to act. */
  link: Type.String(),
});
export type AttentionItem = Static<typeof AttentionItem>;

export const AttentionBoard = Type.Object({
  items: Type.Array(AttentionItem),
  /** The kinds this person's permissions let the board check (for "all well: checked …"). */
  checked: Type.Array(Type.Unsafe<AttentionKind>({ type: 'string', enum: [...kinds] })),
  /** The farm day (WIB) the board is of. */
  today: Type.String({ format: 'date' }),
  server_time: Type.String({ format: 'date-time' }),
});
export type AttentionBoard = Static<typeof AttentionBoard>;
