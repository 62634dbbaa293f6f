import {
  abwBand,
  dayReaching,
  farmPrior,
  fitGrowth,
  type GrowthPrior,
} from '../../src/shared/domain/forecast/index.ts';
import type { EvalCycle } from './demo-cycles.ts';
import { RUNNING_SETTINGS, runningPrior } from './running-prior.ts';

export const CUT_DOCS = [30, 45, 60, 75] as const;
export const HORIZONS = [7, 14, 28] as const;

export interface Replay {
  cycle: string;
  cut: number;
  /** Absolute percentage error of ABW by horizon (null where the cycle ended before). */
  ape: Record<number, number | null>;
  /** Truth inside the 80 % band, by horizon. */
  inBand: Record<number, boolean | null>;
  /**
   * Forecast day the harvested size is reached − the day the cycle first reached it, both
   * fractional (null: the forecast does not reach it by DOC 250).
   */
  dateError: number | null;
}

/**
 * The (fractional) DOC at which a finished cycle first reached its harvested ABW: its
 * daily ABW read linearly in ln ABW between days, as the forecast's day is
 * (`dayReaching`). Not the harvest day itself: a pond that stopped growing in its last
 * days (disease before an emergency harvest) had reached that ABW before it was harvested.
 */
export function firstReached(cycle: EvalCycle): number {
  const target = Math.log(cycle.harvestAbw);
  for (let d = 1; d <= cycle.harvestDoc; d++) {
    const w = cycle.truth[d];
    if (w === undefined || !(Math.log(w) >= target)) continue;
    const before = cycle.truth[d - 1];
    if (!(before !== undefined && before > 0)) return d;
    const a = Math.log(before);
    const b = Math.log(w);
    return b > a ? d - 1 + (target - a) / (b - a) : d;
  }
  return cycle.harvestDoc;
}

/** Cut a finished cycle at `cut` DOC and forecast with what was known then. */
export function replay(cycle: EvalCycle, cut: number, prior: GrowthPrior): Replay | null {
  if (cycle.harvestDoc <= cut) return null;
  const known = cycle.samplings.filter((s) => s.doc <= cut);
  const fit = fitGrowth(known, prior, cycle.start);
  const ape: Replay['ape'] = {};
  const inBand: Replay['inBand'] = {};
  for (const h of HORIZONS) {
    const doc = cut + h;
    const truth = cycle.truth[doc];
    if (doc > cycle.harvestDoc || truth === undefined) {
      ape[h] = null;
      inBand[h] = null;
      continue;
    }
    const p = abwBand(fit, doc);
    ape[h] = Math.abs(p.abw / truth - 1) * 100;
    inBand[h] = truth >= p.low && truth <= p.high;
  }
  const reach = dayReaching(fit, cycle.harvestAbw, cut);
  return {
    cycle: cycle.name,
    cut,
    ape,
    inBand,
    dateError: reach === null ? null : reach - firstReached(cycle),
  };
}

const DAY_MS = 86_400_000;
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

/**
 * Whether a new farm's replay reads the farm's running ponds (ADR 0115, `runningPrior`): only with
 * FORECAST_RUNNING=1. ADR 0115 tried it and did not keep it (the published held-out part and the
 * held-out von Bertalanffy farm got worse), nor did ADR 0117 with the shape only (the held-out von
 * Bertalanffy farm again), so the forecast and the default replays do not. ADR 0118 takes a share of the
 * running curve set by evidence (how well it forecasts the running ponds' last three weeks).
 */
export const READ_RUNNING = process.env.FORECAST_RUNNING === '1';
// Tuning only: FORECAST_RUNNING_SETTINGS='{"shapeOnly":true}' overrides RUNNING_SETTINGS.
if (process.env.FORECAST_RUNNING_SETTINGS)
  Object.assign(RUNNING_SETTINGS, JSON.parse(process.env.FORECAST_RUNNING_SETTINGS));

/**
 * The farm's ponds running on the day `cycle` reaches DOC `cut` (stocked by then, not finished
 * before), each with its samplings dated up to that day only (DOC d falls on the stocking day + d − 1):
 * what the farm knew that day, the replayed pond's own samplings among them.
 */
export function runningAt(
  cycles: readonly EvalCycle[],
  cycle: EvalCycle,
  cut: number,
): { points: EvalCycle['samplings']; stockOffset: number }[] {
  const day = dayMs(cycle.start) + (cut - 1) * DAY_MS;
  return cycles.flatMap((o) => {
    const start = dayMs(o.start);
    if (start > day || dayMs(o.end) < day) return [];
    const lastDoc = (day - start) / DAY_MS + 1;
    return [
      {
        points: o.samplings.filter((s) => s.doc <= lastDoc),
        stockOffset: (start - dayMs(cycle.start)) / DAY_MS,
      },
    ];
  });
}

/**
 * Replays of a farm's cycles, each with the prior of the farm's cycles finished before it was
 * stocked ('farm'; none for 'default', a new farm). With READ_RUNNING, a cycle with no finished
 * cycle before it is forecast on the curve of the farm's ponds running at each cut (ADR 0115,
 * `runningAt`, `runningPrior`).
 */
export function replayFarm(cycles: readonly EvalCycle[], usePrior: 'farm' | 'default'): Replay[] {
  const out: Replay[] = [];
  // Ponds cut on the same day at the same DOC read the same running ponds: one prior for them.
  const running = new Map<string, GrowthPrior>();
  for (const c of cycles) {
    const finished = usePrior === 'default' ? [] : cycles.filter((o) => o.end < c.start);
    const learnt = farmPrior(finished.map((o) => ({ points: o.samplings, stockDate: o.start })));
    const readRunning = READ_RUNNING && finished.length === 0;
    for (const cut of CUT_DOCS) {
      let prior = learnt;
      if (readRunning) {
        const key = `${dayMs(c.start) + (cut - 1) * DAY_MS}:${cut}`;
        prior = running.get(key) ?? runningPrior(runningAt(cycles, c, cut), undefined, cut);
        running.set(key, prior);
      }
      const r = replay(c, cut, prior);
      if (r) out.push(r);
    }
  }
  return out;
}

/** Replays of cycles all forecast with one given prior (e.g. learnt from another set's finished cycles). */
export function replayWith(cycles: readonly EvalCycle[], prior: GrowthPrior): Replay[] {
  return cycles.flatMap((c) =>
    CUT_DOCS.map((cut) => replay(c, cut, prior)).filter((r): r is Replay => r !== null),
  );
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : Number.NaN);
const median = (xs: number[]) => {
  if (!xs.length) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

export interface Summary {
  cut: number | 'all';
  n: number;
  mape: Record<number, number>;
  band: Record<number, number>;
  dateMedianAbs: number;
  dateMeanAbs: number;
  dateBias: number;
  unreached: number;
  /**
   * The median |error| with the cuts whose forecast does not reach the harvested size counted as
   * misses larger than any other (ADR 0115): a change that turns late forecasts into none is
   * not hidden by the median of those that reach it.
   */
  dateMedianMissed: number;
}

export function summarise(rows: readonly Replay[]): Summary[] {
  const groups: (number | 'all')[] = [...CUT_DOCS, 'all'];
  return groups.map((cut) => {
    const rs = rows.filter((r) => cut === 'all' || r.cut === cut);
    const mape: Record<number, number> = {};
    const band: Record<number, number> = {};
    for (const h of HORIZONS) {
      mape[h] = mean(rs.map((r) => r.ape[h]).filter((x): x is number => x !== null));
      const b = rs.map((r) => r.inBand[h]).filter((x): x is boolean => x !== null);
      band[h] = b.length ? (b.filter(Boolean).length / b.length) * 100 : Number.NaN;
    }
    const errs = rs.map((r) => r.dateError).filter((x): x is number => x !== null);
    return {
      cut,
      n: rs.length,
      mape,
      band,
      dateMedianAbs: median(errs.map(Math.abs)),
      dateMeanAbs: mean(errs.map(Math.abs)),
      dateBias: mean(errs),
      unreached: rs.length - errs.length,
      dateMedianMissed: median(
        rs.map((r) => (r.dateError === null ? Number.POSITIVE_INFINITY : Math.abs(r.dateError))),
      ),
    };
  });
}

const f1 = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '–');

export function table(title: string, rows: readonly Replay[]): string {
  const lines = [
    title,
    'cut DOC |    n | MAPE +7d | MAPE +14d | MAPE +28d | in 80 % band +7d | +14d | +28d | date |err| median | mean | bias | not reached | median, not reached as misses',
  ];
  for (const s of summarise(rows)) {
    const pct = (h: number, w: number) => `${f1(s.band[h] as number).padStart(w)} %`;
    lines.push(
      `${String(s.cut).padStart(7)} | ${String(s.n).padStart(4)} | ${f1(s.mape[7] as number).padStart(7)} % | ${f1(s.mape[14] as number).padStart(8)} % | ${f1(s.mape[28] as number).padStart(8)} % | ${pct(7, 14)} | ${pct(14, 4)} | ${pct(28, 4)} | ${f1(s.dateMedianAbs).padStart(12)} d | ${f1(s.dateMeanAbs).padStart(4)} | ${f1(s.dateBias).padStart(4)} | ${String(s.unreached).padStart(11)} | ${f1(s.dateMedianMissed)} d`,
    );
  }
  return lines.join('\n');
}
