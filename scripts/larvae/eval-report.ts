/**
 * The larvae evaluation's arithmetic and tables: one row per photo, a summary per set
 * (MAPE over the photos that got a count, worst error, share counted, band coverage and
 * width) and the same summary split by condition (tray, density, glare, blur).
 */
import type { LarvaeResult } from '../../src/shared/larvae/types.ts';

export interface EvalRow {
  name: string;
  truth: number;
  /** Condition → value, e.g. { tray: 'dark', density: 'sparse', glare: 'yes', blur: 'motion' }. */
  conditions: Record<string, string>;
  result: LarvaeResult;
  ms: number;
}

export function density(count: number): string {
  return count <= 200 ? 'sparse ≤200' : count <= 1000 ? 'medium ≤1000' : 'dense >1000';
}

function errorOf(r: EvalRow): number | undefined {
  return r.result.ok ? (Math.abs(r.result.count - r.truth) / r.truth) * 100 : undefined;
}

export function rowLine(r: EvalRow): string {
  const head = `${r.name.padEnd(26)} truth ${String(r.truth).padStart(5)}`;
  const tail = `${Math.round(r.ms)} ms`;
  if (!r.result.ok)
    return `${head}  → ${r.result.problem.padEnd(38)}${r.truth === 0 ? 'ok (no count)' : 'NO COUNT'}  ${tail}`;
  const { count, lower, upper } = r.result;
  if (r.truth === 0)
    return `${head}  found ${String(count).padStart(5)}  [${lower}–${upper}]  WRONG: a number for a photo without larvae  ${tail}`;
  const inBand = lower <= r.truth && r.truth <= upper;
  return (
    `${head}  found ${String(count).padStart(5)}  [${lower}–${upper}]  error ${(errorOf(r) ?? 0).toFixed(2).padStart(6)} %` +
    `  ${inBand ? 'in band' : 'OUTSIDE'}  ${tail}${r.result.quality.length ? `  (${r.result.quality.join(', ')})` : ''}`
  );
}

export interface Summary {
  photos: number;
  counted: number;
  mape: number;
  worst: number;
  worstName: string;
  covered: number;
  bandWidth: number;
  /** The factor on the band's half-width that would make it hold the truth on 90 % of counted photos. */
  scaleFor90: number;
}

/** Summary over photos WITH larvae (truth > 0). */
export function summarize(rows: readonly EvalRow[]): Summary {
  const withLarvae = rows.filter((r) => r.truth > 0);
  const counted = withLarvae.filter((r) => r.result.ok);
  const errs = counted.map((r) => ({ name: r.name, e: errorOf(r) ?? 0 }));
  const worst = errs.reduce((a, b) => (b.e > a.e ? b : a), { name: '-', e: 0 });
  const covered = counted.filter(
    (r) => r.result.ok && r.result.lower <= r.truth && r.truth <= r.result.upper,
  ).length;
  const widths = counted.map((r) => (r.result.ok ? ((r.result.upper - r.result.lower) / r.truth) * 100 : 0));
  const needed = counted
    .map((r) => {
      if (!r.result.ok) return 0;
      const half = Math.max(1, (r.result.upper - r.result.lower) / 2);
      const centre = (r.result.upper + r.result.lower) / 2;
      return Math.abs(r.truth - centre) / half;
    })
    .sort((a, b) => a - b);
  const scaleFor90 = needed.length ? (needed[Math.ceil(0.9 * needed.length) - 1] ?? 0) : 0;
  return {
    scaleFor90,
    photos: withLarvae.length,
    counted: counted.length,
    mape: errs.reduce((s, x) => s + x.e, 0) / Math.max(1, errs.length),
    worst: worst.e,
    worstName: worst.name,
    covered,
    bandWidth: widths.reduce((s, x) => s + x, 0) / Math.max(1, widths.length),
  };
}

export function summaryLines(title: string, rows: readonly EvalRow[]): string[] {
  const s = summarize(rows);
  const negatives = rows.filter((r) => r.truth === 0);
  const wrongNegatives = negatives.filter((r) => r.result.ok);
  const pct = (a: number, b: number) => `${a}/${b} (${Math.round((a / Math.max(1, b)) * 100)} %)`;
  return [
    `── ${title} ──`,
    `photos with larvae: ${s.photos}; counted: ${pct(s.counted, s.photos)} (target ≥ 95 %)`,
    `MAPE over counted: ${s.mape.toFixed(2)} % (target ≤ 3 %)   worst: ${s.worst.toFixed(2)} % ${s.worstName} (target ≤ 8 %)`,
    `truth inside the band: ${pct(s.covered, s.counted)} of counted (target ≥ 90 %); mean band width ${s.bandWidth.toFixed(1)} % of the truth; ×${s.scaleFor90.toFixed(2)} on the half-width would hold 90 %`,
    ...(negatives.length
      ? [
          `photos without larvae given a number: ${wrongNegatives.length}/${negatives.length}${wrongNegatives.length ? ` (${wrongNegatives.map((r) => r.name).join(', ')})` : ''} (target 0)`,
        ]
      : []),
  ];
}

/** One table per condition: counted share, MAPE, worst, coverage for each of its values. */
export function conditionTables(rows: readonly EvalRow[]): string[] {
  const withLarvae = rows.filter((r) => r.truth > 0);
  const keys = [...new Set(withLarvae.flatMap((r) => Object.keys(r.conditions)))];
  const lines: string[] = [];
  for (const key of keys) {
    lines.push(`  by ${key}:`);
    const values = [...new Set(withLarvae.map((r) => r.conditions[key] ?? '-'))].sort();
    for (const v of values) {
      const s = summarize(withLarvae.filter((r) => (r.conditions[key] ?? '-') === v));
      lines.push(
        `    ${v.padEnd(14)} n ${String(s.photos).padStart(2)}  counted ${String(s.counted).padStart(2)}` +
          `  MAPE ${s.mape.toFixed(2).padStart(6)} %  worst ${s.worst.toFixed(2).padStart(6)} %` +
          `  in band ${s.covered}/${s.counted}  width ${s.bandWidth.toFixed(1)} %`,
      );
    }
  }
  return lines;
}
