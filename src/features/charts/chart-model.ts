/**
 * Pure parts of the pond charts: API series → plotted points, the y domain (standard band
 * included so it is always visible), the nearest point under a finger or pointer. No
 * React and no visx here, so it is tested without a DOM.
 */

export interface ChartPoint {
  /** Stable key (what the tooltip and tests name). */
  id: string;
  /** Epoch ms of the point on the time axis. */
  x: number;
  y: number;
  /** Farm day (YYYY-MM-DD) the point belongs to. */
  day: string;
  /** Extra text under the value in the tooltip (time of day, feeding time…). */
  note?: string;
}

export interface Band {
  min: number | null;
  max: number | null;
}

const DAY_MS = 86_400_000;

/** Midday UTC of a farm day: days sit in the middle of their slot on the axis. */
export function dayX(day: string): number {
  return Date.parse(`${day}T12:00:00Z`);
}

/** Epoch ms of an ISO instant, on the farm's wall clock (so 06:00 WIB sits at 06:00 of its day). */
export function wallClockX(measuredAt: string): number {
  const local = measuredAt.slice(0, 19);
  return Date.parse(`${local}Z`);
}

/** The x domain: the whole chosen range, from the start of `from` to the end of `to`. */
export function rangeDomain(from: string, to: string): [number, number] {
  return [Date.parse(`${from}T00:00:00Z`), Date.parse(`${to}T00:00:00Z`) + DAY_MS];
}

/**
 * The y domain over the points and the standard band's finite bounds, padded by 10 % so
 * no point sits on the frame; a flat series gets ±1 (or ±10 % of its value).
 */
export function yDomain(points: readonly ChartPoint[], band?: Band, zeroBased = false): [number, number] {
  const values = points.map((p) => p.y).filter((v) => Number.isFinite(v));
  if (band?.min !== null && band?.min !== undefined) values.push(band.min);
  if (band?.max !== null && band?.max !== undefined) values.push(band.max);
  if (zeroBased) values.push(0);
  if (values.length === 0) return [0, 1];
  let lo = Math.min(...values);
  let hi = Math.max(...values);
  if (lo === hi) {
    const pad = Math.abs(lo) * 0.1 || 1;
    return [zeroBased && lo >= 0 ? 0 : lo - pad, hi + pad];
  }
  const pad = (hi - lo) * 0.1;
  lo = zeroBased && lo >= 0 ? 0 : lo - pad;
  hi += pad;
  return [lo, hi];
}

/** The band clipped to the y domain (open bounds run to the frame); null when nothing shows. */
export function bandSpan(band: Band | undefined, domain: [number, number]): [number, number] | null {
  if (!band || (band.min === null && band.max === null)) return null;
  const lo = Math.max(domain[0], band.min ?? domain[0]);
  const hi = Math.min(domain[1], band.max ?? domain[1]);
  return hi > lo ? [lo, hi] : null;
}

/** Outside the band (what the chart marks in the warning colour). */
export function outOfBand(y: number, band: Band | undefined): boolean {
  if (!band) return false;
  return (band.min !== null && y < band.min) || (band.max !== null && y > band.max);
}

/** The point nearest to pixel `px` along x (points sorted by x); null when there are none. */
export function nearestPoint<T extends { x: number }>(
  points: readonly T[],
  px: number,
  toPixel: (x: number) => number,
): T | null {
  if (points.length === 0) return null;
  let lo = 0;
  let hi = points.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (toPixel(points[mid].x) < px) lo = mid + 1;
    else hi = mid;
  }
  const after = points[lo];
  const before = points[lo - 1];
  if (before && Math.abs(toPixel(before.x) - px) <= Math.abs(toPixel(after.x) - px)) return before;
  return after;
}

/** How many x ticks fit: one per ~95 px (a DD MMM YYYY label), at least 2. */
export function xTickCount(innerWidth: number): number {
  return Math.max(2, Math.min(8, Math.floor(innerWidth / 95)));
}

/** The last `days` farm days up to `today`, both included. */
export function lastDays(today: string, days: number): { from: string; to: string } {
  return {
    from: new Date(Date.parse(`${today}T00:00:00Z`) - (days - 1) * DAY_MS).toISOString().slice(0, 10),
    to: today,
  };
}

/** `count` day ticks (midday) spread evenly over the domain, never past its ends. */
export function dayTicks(domain: [number, number], count: number): number[] {
  const days = Math.max(1, Math.round((domain[1] - domain[0]) / DAY_MS));
  const n = Math.min(days, Math.max(1, count));
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const index = Math.round(((i + 0.5) * days) / n - 0.5);
    out.push(domain[0] + index * DAY_MS + DAY_MS / 2);
  }
  return [...new Set(out)];
}

/**
 * More points than a chart has pixels (a year of readings of many ponds): per pixel
 * column only the first, lowest, highest and last point are drawn, in x order, so the
 * line keeps every peak and dip (a reading out of the standard is never smoothed away)
 * while the browser draws at most four points a pixel. Points sorted by x.
 */
export function decimate<T extends { x: number; y: number }>(
  points: readonly T[],
  toPixel: (x: number) => number,
): T[] {
  const out: T[] = [];
  let i = 0;
  while (i < points.length) {
    const column = Math.floor(toPixel(points[i].x));
    const first = points[i];
    let lo = first;
    let hi = first;
    let last = first;
    for (i++; i < points.length && Math.floor(toPixel(points[i].x)) === column; i++) {
      const p = points[i];
      if (p.y < lo.y) lo = p;
      if (p.y > hi.y) hi = p;
      last = p;
    }
    const keep = new Set([first, lo, hi, last]);
    for (const p of [first, lo, hi, last].sort((a, b) => a.x - b.x)) {
      if (keep.delete(p)) out.push(p);
    }
  }
  return out;
}

/** Dots overlap when points are closer than about 3 px: the chart then draws the line alone. */
export function isDense(count: number, innerWidth: number): boolean {
  return count > innerWidth / 3;
}

/** The longest window `/api/probeReadings` answers (ADR 0066). */
const PROBE_WINDOW_MS = 31 * DAY_MS;

/**
 * The `/api/probeReadings` query under a water chart's range (issue 27 point 4): the farm
 * days from `from` to the end of `to` (WIB by default), cut to the last 31 days the route
 * answers (a longer range shows the probe line over its end only).
 */
export function probeWindow(
  pondId: string,
  range: { from: string; to: string },
  offsetMinutes = 420,
): { pond_id: string; from: string; to: string } {
  const offset = offsetMinutes * 60_000;
  const end = Date.parse(`${range.to}T00:00:00Z`) + DAY_MS - offset;
  const start = Math.max(Date.parse(`${range.from}T00:00:00Z`) - offset, end - PROBE_WINDOW_MS);
  return { pond_id: pondId, from: new Date(start).toISOString(), to: new Date(end).toISOString() };
}

/**
 * A probe parameter's line as chart points on the farm wall clock (the hand readings'
 * axis): the server's ≤ 500 averaged points of `parameter`, sorted; none when the pond's
 * probes do not measure it.
 */
export function probeLinePoints(
  series: readonly { parameter: string; points: readonly { at: string; value: number }[] }[],
  parameter: string,
  offsetMinutes = 420,
): ChartPoint[] {
  const line = series.find((s) => s.parameter === parameter);
  if (!line) return [];
  return line.points
    .filter((p) => Number.isFinite(p.value) && !Number.isNaN(Date.parse(p.at)))
    .map((p) => {
      const x = Date.parse(p.at) + offsetMinutes * 60_000;
      const iso = new Date(x).toISOString();
      return { id: `probe-${p.at}`, x, y: p.value, day: iso.slice(0, 10), note: iso.slice(11, 16) };
    })
    .sort((a, b) => a.x - b.x);
}
