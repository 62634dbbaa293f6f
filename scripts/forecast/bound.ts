/**
 * `npm run eval:forecast:bound` (ADR 0106): how good could any forecast be on the backtest's sets?
 * Two oracles, graded as `npm run eval:forecast` grades the forecast (the same cuts, horizons
 * and harvest day, `backtest.ts`):
 *
 * - NOISE: the cycle's true path after the cut, known up to its level; the level is the mean of
 *   ln(sampling ÷ truth) over the samplings before the cut. What is left is the samplings' own
 *   error (and a light reading after a partial harvest): no forecast that reads the pond's size
 *   from its samplings is expected to beat it.
 * - FAMILY: the generator's own growth law, its one free pond parameter fitted (least squares
 *   in ln ABW, golden section) to the samplings before the cut, the conditions ahead at their
 *   seasonal mean: it knows the law, not the weather, the disease or the partial harvest to
 *   come. The demo farm: W = m·(0.0025 + Σ Δ(0.0025·d^1.93)·(1 + 0.07·(T − 29))); the von
 *   Bertalanffy farm: dW = H·f(T)·W^0.65 − 0.028·W from 0.012 g; the published cycles: the
 *   two-stanza law from the stocked weight, its rate fitted (Samocha et al.'s path is not the
 *   law: its row is the law's miss). The plateau farm's family oracle
 *   (bound-plateau.ts) knows more, as a pond's law has up to five parameters and its crowding
 *   depends on deaths and partial harvests: the cycle's own law, parameters, shrimp per m² and
 *   partial harvests up to the cut, the weather at the cut fading, a disease once begun.
 *
 * Not a forecast: it reads the generators' truth and laws, so it looks at the held-out sets
 * without tuning anything on them.
 */
import { addDays } from '../demo/calendar.ts';
import { CUT_DOCS, firstReached, HORIZONS, type Replay, summarise } from './backtest.ts';
import { bertalanffyCycles, seasonal, thermal } from './bertalanffy-cycles.ts';
import { plateauPath } from './bound-plateau.ts';
import { demoCycles, type EvalCycle, temperature } from './demo-cycles.ts';
import { type PlateauLaw, plateauCycles } from './plateau-cycles.ts';
import { publishedCycles, twoStanza } from './published-cycles.ts';

const MAX = 250;
const DAY_MS = 86_400_000;
/** ln ABW by DOC. */
type Path = (doc: number) => number;

/** The fractional DOC a path first reaches `abw` from `from` on (linear in ln ABW between days), as `dayReaching`. */
function reaching(path: Path, abw: number, from: number): number | null {
  const target = Math.log(abw);
  let prev = path(from);
  if (prev >= target) return from;
  for (let d = Math.floor(from) + 1; d <= MAX; d++) {
    const v = path(d);
    if (v >= target) return d - 1 + (target - prev) / (v - prev);
    prev = v;
  }
  return null;
}

function graded(c: EvalCycle, cut: number, path: Path): Replay {
  const ape: Replay['ape'] = {};
  const inBand: Replay['inBand'] = {};
  for (const h of HORIZONS) {
    const truth = c.truth[cut + h];
    ape[h] =
      cut + h > c.harvestDoc || truth === undefined
        ? null
        : Math.abs(Math.exp(path(cut + h)) / truth - 1) * 100;
    inBand[h] = null;
  }
  const day = reaching(path, c.harvestAbw, cut);
  return { cycle: c.name, cut, ape, inBand, dateError: day === null ? null : day - firstReached(c) };
}

/** ln of the true path, continued past the harvest at its last week's daily rate. */
function truthPath(c: EvalCycle): Path {
  const n = c.harvestDoc;
  const back = Math.min(7, n - 1);
  const end = Math.log(c.truth[n] as number);
  const rate = (end - Math.log(c.truth[n - back] as number)) / back;
  return (d) => (d <= n ? Math.log(c.truth[Math.max(1, Math.round(d))] as number) : end + rate * (d - n));
}

export function noiseOracle(c: EvalCycle, cut: number): Replay | null {
  const known = c.samplings.filter((s) => s.doc <= cut);
  if (c.harvestDoc <= cut || known.length === 0) return null;
  const truth = truthPath(c);
  const level = known.reduce((s, p) => s + Math.log(p.abw) - truth(p.doc), 0) / known.length;
  return graded(c, cut, (d) => truth(d) + level);
}

/** A law with one pond parameter m: ln ABW by whole DOC 0…MAX. */
export type Law = (m: number) => Float64Array;

export function familyOracle(c: EvalCycle, cut: number, law: Law): Replay | null {
  const known = c.samplings.filter((s) => s.doc <= cut);
  if (c.harvestDoc <= cut || known.length === 0) return null;
  const cost = (lnM: number) => {
    const p = law(Math.exp(lnM));
    return known.reduce((s, k) => s + (Math.log(k.abw) - (p[k.doc] as number)) ** 2, 0);
  };
  let lo = -2;
  let hi = 2;
  const g = (Math.sqrt(5) - 1) / 2;
  for (let i = 0; i < 50; i++) {
    const a = hi - g * (hi - lo);
    const b = lo + g * (hi - lo);
    if (cost(a) < cost(b)) hi = b;
    else lo = a;
  }
  const p = law(Math.exp((lo + hi) / 2));
  return graded(c, cut, (d) => p[Math.min(MAX, Math.max(0, Math.round(d)))] as number);
}

export const demoLaw =
  (c: EvalCycle): Law =>
  (m) => {
    const p = new Float64Array(MAX + 1);
    let w = 0.0025 * m;
    p[0] = p[1] = Math.log(w);
    for (let d = 2; d <= MAX; d++) {
      const f = Math.max(0, 1 + 0.07 * (temperature(addDays(c.start, d - 1)) - 29));
      w += m * 0.0025 * (d ** 1.93 - (d - 1) ** 1.93) * f;
      p[d] = Math.log(w);
    }
    return p;
  };

export const bertalanffyLaw =
  (c: EvalCycle): Law =>
  (h) => {
    const first = (Date.parse(`${c.start}T00:00:00Z`) - Date.UTC(2023, 0, 1)) / DAY_MS;
    const p = new Float64Array(MAX + 1);
    let w = 0.012;
    p[0] = p[1] = Math.log(w);
    for (let d = 2; d <= MAX; d++) {
      const f = thermal(seasonal((first + d - 1) % 365)) / thermal(29.5);
      w = Math.max(w, w + 0.125 * h * f * w ** 0.65 - 0.028 * w);
      p[d] = Math.log(w);
    }
    return p;
  };

export const publishedLaw =
  (c: EvalCycle): Law =>
  (k) =>
    Float64Array.from({ length: MAX + 1 }, (_, d) => Math.log(twoStanza(c.truth[0] as number, 0.02 * k, d)));

const f1 = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '–');

function line(title: string, rows: Replay[]): string {
  const all = summarise(rows).at(-1);
  if (!all) return title;
  const m = (h: number) => `${f1(all.mape[h] as number)} %`;
  return `${title.padEnd(40)} | ${m(7).padStart(6)} | ${m(14).padStart(6)} | ${m(28).padStart(6)} | ${f1(all.dateMedianAbs).padStart(4)} d / ${f1(all.dateMeanAbs).padStart(4)} (${f1(all.dateBias)}) | ${all.unreached}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const sets: [string, EvalCycle[], ((c: EvalCycle) => Law) | null][] = [
    ['Tuned: demo seed 1', demoCycles(1), demoLaw],
    ['Held-out: demo seed 2', demoCycles(2), demoLaw],
    ['Tuned: von Bertalanffy seed 8', bertalanffyCycles(8), bertalanffyLaw],
    ['Held-out: von Bertalanffy seed 7', bertalanffyCycles(7), bertalanffyLaw],

    ['Tuned: published tuning part', publishedCycles('tuning'), publishedLaw],
    ['Held-out: published held-out part', publishedCycles('held-out'), publishedLaw],
  ];
  console.log('oracle, set | MAPE +7 d | +14 d | +28 d | date median / mean (bias) | not reached');
  for (const [title, cycles, law] of sets) {
    const each = (oracle: (c: EvalCycle, cut: number) => Replay | null) =>
      cycles.flatMap((c) => CUT_DOCS.map((cut) => oracle(c, cut)).filter((r): r is Replay => r !== null));
    console.log(line(`noise, ${title}`, each(noiseOracle)));
    if (law)
      console.log(
        line(
          `family, ${title}`,
          each((c, cut) => familyOracle(c, cut, law(c))),
        ),
      );
  }
  for (const [title, seed] of [
    ['Tuned: plateau seed 12', 12],
    ['Held-out: plateau seed 11', 11],
  ] as const) {
    const laws = new Map<string, PlateauLaw>();
    const cycles = plateauCycles(seed, undefined, undefined, laws);
    const rows = (oracle: (c: EvalCycle, cut: number) => Replay | null) =>
      cycles.flatMap((c) => CUT_DOCS.map((cut) => oracle(c, cut)).filter((r): r is Replay => r !== null));
    console.log(line(`noise, ${title}`, rows(noiseOracle)));
    console.log(
      line(
        `family, ${title}`,
        rows((c, cut) => {
          const path = plateauPath(c, laws.get(c.name) as PlateauLaw, cut);
          return path ? graded(c, cut, path) : null;
        }),
      ),
    );
  }
}
