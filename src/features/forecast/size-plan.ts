import type { TargetAnswer } from '#shared/domain/figures';

/** A pond's forecast as the plan reads it: its name and its answers per target size. */
export interface PlanRow {
  pondId: string;
  name: string;
  forecast: { targets: TargetAnswer[] };
}

export interface SizePlanEntry<R extends PlanRow> {
  row: R;
  target: TargetAnswer | null;
}

export interface SizePlanTotals {
  /** Ponds whose forecast reaches the size within the window (from today). */
  ponds: number;
  biomassKg: number;
  /** Null when a pond counted has no price for the size. */
  revenue: number | null;
}

/** The window the plan's total looks ahead: a manager plans buyers about two weeks out. */
export const PLAN_WINDOW_DAYS = 14;

/** Ready first, then by the forecast day; "not seen by DOC 250" next; no answer for the size last. */
function rank(target: TargetAnswer | null): number {
  if (!target) return Number.MAX_SAFE_INTEGER + 1;
  if (target.status === 'reached') return -1;
  if (target.status === 'beyond' || target.days === null) return Number.MAX_SAFE_INTEGER;
  return target.days;
}

/** Ready within the window: past the size now (a harvest today), or forecast to reach it by then. */
function withinWindow(target: TargetAnswer, windowDays: number): boolean {
  if (target.status === 'reached') return true;
  return target.status === 'ok' && target.days !== null && target.days <= windowDays;
}

/**
 * The manager's question "which ponds reach size N, and when" (JOURNEYS.md): every running
 * pond's answer for that size, the soonest first, and what the ponds that reach it within
 * `windowDays` give together. A pond already past the size is harvestable now: it counts with
 * what a harvest today gives (ADR 0127).
 */
export function sizePlan<R extends PlanRow>(
  rows: readonly R[],
  size: number,
  windowDays = PLAN_WINDOW_DAYS,
): { entries: SizePlanEntry<R>[]; totals: SizePlanTotals } {
  // A stable sort: ponds of the same rank keep the given (pond name) order.
  const entries = rows
    .map((row) => ({ row, target: row.forecast.targets.find((t) => t.size === size) ?? null }))
    .sort((a, b) => rank(a.target) - rank(b.target));
  const totals: SizePlanTotals = { ponds: 0, biomassKg: 0, revenue: 0 };
  for (const { target } of entries) {
    const p = target?.projection;
    if (!target || !p || !withinWindow(target, windowDays)) continue;
    totals.ponds += 1;
    totals.biomassKg += p.biomass_kg ?? 0;
    totals.revenue = totals.revenue === null || p.revenue === null ? null : totals.revenue + p.revenue;
  }
  return { entries, totals };
}
