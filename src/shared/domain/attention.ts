import type { AttentionItem, AttentionKind, AttentionThresholds } from '../contracts/attention.ts';
import type { AncoStatus } from './anco.ts';
import { abw } from './figures/formulas.ts';
import { abwDrop } from './figures/sampling.ts';
import { groupBy } from './group-by.ts';
import type { TimeOfDay } from './time-of-day.ts';
import { TIMES_OF_DAY } from './water-fields.ts';
import {
  asSlot,
  isNotMeasured,
  phSwing,
  standardFor,
  standardStatus,
  type WaterStandard,
} from './water-standards.ts';

/**
 * The attention board's rules (issue 31 point 3), pure: the server gathers the facts of a
 * farm's today and these turn them into ranked items. Water uses THE rule of
 * water-standards.ts (slot ranges, -99 never flagged), like every other screen.
 */

export const ATTENTION_DEFAULTS: AttentionThresholds = {
  do_critical: 2,
  ph_swing_max: 0.5,
  trays_left_checks: 2,
  death_share_pct: 1,
  death_jump_factor: 3,
  death_jump_min: 100,
  fcr_max: 1.6,
  due_morning: 9,
  due_afternoon: 16,
  due_evening: 23,
};

export type ThresholdProblem =
  | 'number'
  | 'positive'
  | 'whole'
  | 'percent'
  | 'factor'
  | 'hour'
  | 'order'
  | 'above';

/**
 * The largest value each threshold may take (1e300 was stored): beyond these a threshold
 * could never be reached, or would flag everything. A DO limit within what a DO reading
 * can be (0–30 mg/L, water-fields.ts), a pH swing within the pH scale, a share of 100 %,
 * hours of one day; trays, jump and FCR well beyond any farm's use.
 */
export const THRESHOLD_MAX: Record<keyof AttentionThresholds, number> = {
  do_critical: 30,
  ph_swing_max: 14,
  trays_left_checks: 50,
  death_share_pct: 100,
  death_jump_factor: 100,
  death_jump_min: 1_000_000,
  fcr_max: 10,
  due_morning: 24,
  due_afternoon: 24,
  due_evening: 24,
};

/**
 * Impossible values, per field (the settings form and the server refuse them alike):
 * every figure a finite number ≥ 0, counts whole, a share ≤ 100 %, a jump factor above 1,
 * due hours within 0–24 and in day order (morning before afternoon before evening), and
 * none above its `THRESHOLD_MAX` ('above').
 */
export function thresholdProblems(
  t: Record<keyof AttentionThresholds, unknown>,
): Partial<Record<keyof AttentionThresholds, ThresholdProblem>> {
  const out: Partial<Record<keyof AttentionThresholds, ThresholdProblem>> = {};
  for (const [key, value] of Object.entries(t) as [keyof AttentionThresholds, unknown][]) {
    if (typeof value !== 'number' || !Number.isFinite(value)) out[key] = 'number';
    else if (value < 0) out[key] = 'positive';
  }
  const num = (k: keyof AttentionThresholds) => (out[k] ? null : (t[k] as number));
  for (const k of ['trays_left_checks', 'death_jump_min'] as const) {
    const v = num(k);
    if (v !== null && (!Number.isInteger(v) || v < 1)) out[k] = 'whole';
  }
  const share = num('death_share_pct');
  if (share !== null && (share <= 0 || share > 100)) out.death_share_pct = 'percent';
  const factor = num('death_jump_factor');
  if (factor !== null && factor <= 1) out.death_jump_factor = 'factor';
  for (const k of ['do_critical', 'ph_swing_max', 'fcr_max'] as const) {
    const v = num(k);
    if (v !== null && v <= 0) out[k] = 'positive';
  }
  const hours = (['due_morning', 'due_afternoon', 'due_evening'] as const).map((k) => {
    const v = num(k);
    if (v !== null && v > 24) out[k] = 'hour';
    return out[k] ? null : v;
  });
  if (hours[0] !== null && hours[1] !== null && hours[0] >= hours[1]) out.due_afternoon = 'order';
  if (hours[1] !== null && hours[2] !== null && hours[1] >= hours[2]) out.due_evening = 'order';
  for (const k of Object.keys(THRESHOLD_MAX) as (keyof AttentionThresholds)[]) {
    const v = num(k);
    if (v !== null && v > THRESHOLD_MAX[k]) out[k] = 'above';
  }
  return out;
}

/** The message (`messages.ts`) that says what is wrong with a threshold. */
export const THRESHOLD_PROBLEM_KEY: Record<ThresholdProblem, string> = {
  number: 'validation.numeric',
  positive: 'validation.threshold-positive',
  whole: 'validation.threshold-whole',
  percent: 'validation.threshold-percent',
  factor: 'validation.threshold-factor',
  hour: 'validation.threshold-hour',
  order: 'validation.threshold-order',
  above: 'validation.max',
};

/** A threshold's problem as the message the form and the server show (with `max` where it has one). */
export function thresholdMessage(
  field: keyof AttentionThresholds,
  problem: ThresholdProblem,
): { key: string; params?: { max: number } } {
  const key = THRESHOLD_PROBLEM_KEY[problem];
  return problem === 'above' ? { key, params: { max: THRESHOLD_MAX[field] } } : { key };
}

/** Stored thresholds over the defaults (a key added later takes its default). */
export function withDefaults(stored: Partial<AttentionThresholds> | null | undefined): AttentionThresholds {
  return { ...ATTENTION_DEFAULTS, ...(stored ?? {}) };
}

export interface BoardPond {
  id: string;
  name: string;
}

/** A general reading of the window (yesterday and today, farm days). */
export interface WaterFact {
  pond_id: string;
  /** Farm day (YYYY-MM-DD) of the reading. */
  day: string;
  /** HH:mm on the keeper's clock. */
  time: string;
  time_of_day: string;
  ph: number | null;
  do: number | null;
}

const link = {
  pond: (farmId: string, pondId: string) => `/farm/${farmId}/pond/${pondId}`,
  water: (farmId: string, pondId: string) => `/farm/${farmId}/water-quality/add?pond_id=${pondId}`,
};

const latestFirst = (a: WaterFact, b: WaterFact) => `${b.day}${b.time}`.localeCompare(`${a.day}${a.time}`);

/**
 * Water of each pond: its latest measured DO and pH judged by their slot's range (DO
 * under `do_critical` is critical), and the pH swing of its latest day with two pH values.
 */
export function waterItems(
  farmId: string,
  ponds: readonly BoardPond[],
  facts: readonly WaterFact[],
  standards: readonly WaterStandard[],
  t: AttentionThresholds,
): AttentionItem[] {
  const out: AttentionItem[] = [];
  const byPond = groupBy(facts, (f) => f.pond_id);
  for (const pond of ponds) {
    const own = [...(byPond.get(pond.id) ?? [])].sort(latestFirst);
    for (const parameter of ['do', 'ph'] as const) {
      const last = own.find((f) => !isNotMeasured(f[parameter]));
      if (!last) continue;
      const value = last[parameter] as number;
      const slot = asSlot(last.time_of_day);
      const status = standardStatus(parameter, value, standards, slot);
      if (status !== 'low' && status !== 'high') continue;
      const range = standardFor(parameter, standards, slot);
      const critical = parameter === 'do' && value < t.do_critical;
      out.push({
        kind: parameter === 'do' ? 'water_do' : 'water_ph',
        severity: critical ? 'critical' : 'warning',
        subject: pond.name,
        pond_id: pond.id,
        reason: critical ? 'critical' : status,
        figures: {
          value,
          limit: (status === 'low' ? range?.min : range?.max) ?? null,
          critical: critical ? t.do_critical : null,
          slot: slot ?? '',
          day: last.day,
          time: last.time,
        },
        link: link.water(farmId, pond.id),
      });
    }
    const days = [...new Set(own.map((f) => f.day))];
    for (const day of days) {
      const swing = phSwing(own.filter((f) => f.day === day).map((f) => f.ph));
      if (swing === null) continue;
      if (swing > t.ph_swing_max)
        out.push({
          kind: 'ph_swing',
          severity: 'warning',
          subject: pond.name,
          pond_id: pond.id,
          reason: 'wide',
          figures: { value: swing, limit: t.ph_swing_max, day },
          link: link.pond(farmId, pond.id),
        });
      break;
    }
  }
  return out;
}

/** One feed-tray check: its day, feeding and the trays' statuses. */
export interface TrayFact {
  pond_id: string;
  day: string;
  feeding: number;
  statuses: readonly AncoStatus[];
}

/** A check with "a lot left" (sisa banyak) on at least half its trays. */
export function isLotLeft(statuses: readonly AncoStatus[]): boolean {
  if (statuses.length === 0) return false;
  return statuses.filter((s) => s === 'sisa_banyak').length * 2 >= statuses.length;
}

/** The last `trays_left_checks` checks of a pond all with a lot left: cut the feed. */
export function trayItems(
  farmId: string,
  ponds: readonly BoardPond[],
  facts: readonly TrayFact[],
  t: AttentionThresholds,
): AttentionItem[] {
  const out: AttentionItem[] = [];
  const byPond = groupBy(facts, (f) => f.pond_id);
  for (const pond of ponds) {
    const last = [...(byPond.get(pond.id) ?? [])]
      .sort((a, b) => b.day.localeCompare(a.day) || b.feeding - a.feeding)
      .slice(0, t.trays_left_checks);
    if (last.length < t.trays_left_checks || !last.every((f) => isLotLeft(f.statuses))) continue;
    out.push({
      kind: 'trays_left',
      severity: 'warning',
      subject: pond.name,
      pond_id: pond.id,
      reason: 'twice',
      figures: { count: last.length, day: last[0].day },
      link: `/farm/${farmId}/feed-tray/add?pond_id=${pond.id}`,
    });
  }
  return out;
}

/** A pond's deaths: the latest day with deaths (today or yesterday), the 7 days before, its population. */
export interface DeathFact {
  pond_id: string;
  day: string;
  count: number;
  /** Sum of the 7 days before `day`. */
  before7: number;
  /** Population before that day's deaths (null when unknown). */
  population: number | null;
}

export function deathItems(
  farmId: string,
  ponds: readonly BoardPond[],
  facts: readonly DeathFact[],
  t: AttentionThresholds,
): AttentionItem[] {
  const out: AttentionItem[] = [];
  for (const pond of ponds) {
    const f = facts.find((x) => x.pond_id === pond.id);
    if (!f || f.count <= 0) continue;
    const share = f.population && f.population > 0 ? (f.count / f.population) * 100 : null;
    const average = f.before7 / 7;
    const jump = f.count >= t.death_jump_min && f.count > t.death_jump_factor * average;
    const overShare = share !== null && share > t.death_share_pct;
    if (!jump && !overShare) continue;
    out.push({
      kind: 'deaths',
      severity: overShare && jump ? 'critical' : 'warning',
      subject: pond.name,
      pond_id: pond.id,
      reason: overShare ? 'share' : 'jump',
      figures: {
        value: f.count,
        day: f.day,
        share: share === null ? null : Math.round(share * 100) / 100,
        limit: t.death_share_pct,
        average: Math.round(average * 10) / 10,
        factor: t.death_jump_factor,
      },
      link: `/farm/${farmId}/pond/${pond.id}`,
    });
  }
  return out;
}

/** A pond's cycle figures the board needs (from the cycle overview). */
export interface CycleFact {
  pond_id: string;
  fcr: number | null;
  stock_date: string;
  sampled_on: string | null;
  /** The cycle's latest two samplings (a day's samples pooled), oldest first: a drop in ABW between them. */
  last_samplings?: readonly { sampled_on: string; sample_weight: number; shrimp_count: number }[];
}

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/**
 * FCR over the farm's limit, and a sampling overdue: more than `samplingEveryDays` (the
 * farm's sampling interval of the feeding programme, the one the keeper's Today uses)
 * since the last sampling, or since stocking when there is none.
 */
export function cycleItems(
  farmId: string,
  ponds: readonly BoardPond[],
  facts: readonly CycleFact[],
  today: string,
  t: AttentionThresholds,
  samplingEveryDays: number,
): AttentionItem[] {
  const out: AttentionItem[] = [];
  for (const pond of ponds) {
    const f = facts.find((x) => x.pond_id === pond.id);
    if (!f) continue;
    // Judged as shown (two decimals): an FCR of 1.603 reads 1.6 and is not over a limit of 1.6.
    const fcr = f.fcr === null ? null : Math.round(f.fcr * 100) / 100;
    if (fcr !== null && fcr > t.fcr_max)
      out.push({
        kind: 'fcr',
        severity: 'warning',
        subject: pond.name,
        pond_id: pond.id,
        reason: 'high',
        figures: { value: fcr, limit: t.fcr_max },
        link: `/farm/${farmId}/pond/${pond.id}`,
      });
    const [before, latest] = f.last_samplings ?? [];
    const latestAbw = abw(latest?.sample_weight, latest?.shrimp_count);
    const beforeAbw = abw(before?.sample_weight, before?.shrimp_count);
    const drop = abwDrop(latestAbw, beforeAbw);
    if (drop !== null && latest)
      out.push({
        kind: 'abw_drop',
        severity: 'warning',
        subject: pond.name,
        pond_id: pond.id,
        reason: 'dropped',
        figures: {
          value: Math.round((latestAbw ?? 0) * 100) / 100,
          previous: Math.round((beforeAbw ?? 0) * 100) / 100,
          pct: drop,
          day: latest.sampled_on,
        },
        link: `/farm/${farmId}/pond/${pond.id}`,
      });
    const since = f.sampled_on ?? f.stock_date;
    const days = daysBetween(since, today);
    if (days > samplingEveryDays)
      out.push({
        kind: 'sampling',
        severity: 'warning',
        subject: pond.name,
        pond_id: pond.id,
        reason: f.sampled_on ? 'overdue' : 'never',
        figures: { days, limit: samplingEveryDays, day: since },
        link: `/farm/${farmId}/sampling/add?pond_id=${pond.id}`,
      });
  }
  return out;
}

/** Which (pond, day, slot) have a general reading. */
export interface SlotFact {
  pond_id: string;
  day: string;
  time_of_day: string;
}

const DUE_KEY: Record<TimeOfDay, keyof AttentionThresholds> = {
  morning: 'due_morning',
  afternoon: 'due_afternoon',
  evening: 'due_evening',
};

/**
 * Slots with no reading: every slot of yesterday, and today's slots once their due hour
 * has passed or once another pond has a reading in them (the round went by this pond).
 * One item per pond and day, today's first, naming its missed slots in clock order
 * (`slot`: 'morning,evening'): a farm whose round was skipped reads one line a pond, not
 * three.
 */
export function missedSlotItems(
  farmId: string,
  ponds: readonly BoardPond[],
  facts: readonly SlotFact[],
  today: string,
  yesterday: string,
  hourNow: number,
  t: AttentionThresholds,
): AttentionItem[] {
  const has = new Set(facts.map((f) => `${f.pond_id}|${f.day}|${f.time_of_day}`));
  const someone = new Set(facts.map((f) => `${f.day}|${f.time_of_day}`));
  const out: AttentionItem[] = [];
  for (const [day, isToday] of [
    [today, true],
    [yesterday, false],
  ] as const) {
    const due = TIMES_OF_DAY.filter(
      (slot) => !isToday || hourNow >= (t[DUE_KEY[slot]] as number) || someone.has(`${day}|${slot}`),
    );
    for (const pond of ponds) {
      const missed = due.filter((slot) => !has.has(`${pond.id}|${day}|${slot}`));
      if (missed.length === 0) continue;
      out.push({
        kind: 'missed_slot',
        severity: 'warning',
        subject: pond.name,
        pond_id: pond.id,
        reason: isToday ? 'today' : 'yesterday',
        figures: { slot: missed.join(','), day, due: t[DUE_KEY[missed[0]]] as number },
        link: `/farm/${farmId}/water-quality/add?pond_id=${pond.id}`,
      });
    }
  }
  return out;
}

/** A warehouse item's stock against its minimum. */
export interface StockFact {
  id: string;
  name: string;
  qty: number;
  minimum: number;
  unit: string;
}

export function stockItems(farmId: string, facts: readonly StockFact[]): AttentionItem[] {
  return facts
    .filter((f) => f.qty < 0 || (f.minimum > 0 && f.qty < f.minimum))
    .map((f) => ({
      kind: 'stock_low' as const,
      severity: f.qty < 0 ? ('critical' as const) : ('warning' as const),
      subject: f.name,
      pond_id: null,
      reason: f.qty < 0 ? 'negative' : 'below',
      figures: { value: f.qty, limit: f.minimum, unit: f.unit },
      link: `/farm/${farmId}/warehouse/${f.id}`,
    }));
}

/** A member's device reported records the server refused (notifications of kind `sync`). */
export interface SyncFact {
  user_id: string;
  name: string;
  reports: number;
  last_at: string;
}

export function syncItems(farmId: string, facts: readonly SyncFact[]): AttentionItem[] {
  return facts.map((f) => ({
    kind: 'sync_refused' as const,
    severity: 'warning' as const,
    subject: f.name,
    pond_id: null,
    reason: 'refused',
    figures: { count: f.reports, at: f.last_at },
    link: `/farm/${farmId}/settings?tab=users`,
  }));
}

/** Board order: critical first, then by how urgent the kind is, then by name. */
const KIND_RANK: Record<AttentionKind, number> = {
  water_do: 0,
  deaths: 1,
  stock_low: 2,
  water_ph: 3,
  ph_swing: 4,
  trays_left: 5,
  missed_slot: 6,
  sync_refused: 7,
  fcr: 8,
  abw_drop: 8,
  sampling: 9,
  harvest_size: 10,
  same_slot: 11,
  probe_alert: 0,
};

export function rankItems(items: readonly AttentionItem[]): AttentionItem[] {
  const sev = (i: AttentionItem) => (i.severity === 'critical' ? 0 : 1);
  // One collator for the sort: what localeCompare(b, undefined, { numeric: true }) makes each call.
  const { compare } = new Intl.Collator(undefined, { numeric: true });
  return [...items].sort(
    (a, b) => sev(a) - sev(b) || KIND_RANK[a.kind] - KIND_RANK[b.kind] || compare(a.subject, b.subject),
  );
}

/** Days ahead within which a pond reaching a target size is on the board. */
export const HARVEST_SIZE_WINDOW_DAYS = 14;

/** A pond's forecast as the board reads it (GET /api/forecast's targets). */
export interface HarvestSizeFact {
  pond_id: string;
  /** Only a forecast fitted to the pond's own samplings ('fit') reaches the board, not the prior alone. */
  basis: string;
  targets: readonly {
    size: number;
    status: string;
    days: number | null;
    days_early: number | null;
    days_late: number | null;
  }[];
}

/**
 * "A6 reaches size 50 in 6–9 days": for each pond, the next target size the forecast
 * reaches (the first one not yet reached), when its earliest day is within
 * HARVEST_SIZE_WINDOW_DAYS, from a forecast fitted to at least two samplings of the pond.
 * A warning: a harvest to plan, not a fault.
 */
export function harvestSizeItems(
  farmId: string,
  ponds: readonly { id: string; name: string }[],
  facts: readonly HarvestSizeFact[],
  windowDays = HARVEST_SIZE_WINDOW_DAYS,
): AttentionItem[] {
  const out: AttentionItem[] = [];
  const fitted = groupBy(
    facts.filter((f) => f.basis === 'fit'),
    (f) => f.pond_id,
  );
  for (const pond of ponds) {
    const fact = fitted.get(pond.id)?.[0];
    const next = fact?.targets
      .filter((t) => t.status === 'ok' && t.days !== null)
      .sort((a, b) => (a.days as number) - (b.days as number))[0];
    if (!next || next.days === null) continue;
    const early = next.days_early ?? next.days;
    if (early > windowDays) continue;
    out.push({
      kind: 'harvest_size',
      severity: 'warning',
      subject: pond.name,
      pond_id: pond.id,
      reason: 'reaches',
      figures: { size: next.size, early: Math.max(0, early), late: next.days_late ?? next.days },
      link: `/farm/${farmId}/pond/${pond.id}`,
    });
  }
  return out;
}
