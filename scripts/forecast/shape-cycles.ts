/**
 * Smooth growth of four textbook families, scripted as a new farm's cycles for
 * `npm run eval:forecast -- --set=shapes` (ADR 0106): a check that a change to a new farm's
 * forecast does not only suit the backtest's generators. Not a tuning set of ADR 0103's split,
 * and not held out either (ADR 0106 looked at it to drop a change).
 *
 * 150 ponds a family, one seeded stream (an LCG) for all four in this order:
 * - Gompertz W∞·exp(−b·e^(−k·t)): W∞ 28–60 g, b 4.5–6, k 0.015–0.026 a day (the range of
 *   fit.test.ts's property test);
 * - logistic W∞ ÷ (1 + e^(−k·(t − t0))): W∞ 25–40 g, k 0.045–0.07, t0 70–95;
 * - von Bertalanffy W∞·(1 − e^(−k·(t + 5)))³: W∞ 35–60 g, k 0.010–0.018;
 * - power law a·t^p: a 0.0015–0.0035, p 1.8–2.1.
 * Harvest when the pond first reaches its size (14–24 g, drawn per pond; DOC 160 at the latest);
 * weekly samplings from DOC 21, ln error sd 5 % (three uniforms summed), no weather, no disease.
 */
import type { EvalCycle } from './demo-cycles.ts';

export const SHAPES = ['gompertz', 'logistic', 'von Bertalanffy', 'power law'] as const;
export type Shape = (typeof SHAPES)[number];

export function shapeCycles(ponds = 150, seed = 12345): Record<Shape, EvalCycle[]> {
  let s = seed >>> 0;
  const rnd = () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
  const laws: Record<Shape, () => (t: number) => number> = {
    gompertz: () => {
      const [winf, b, k] = [28 + 32 * rnd(), 4.5 + 1.5 * rnd(), 0.015 + 0.011 * rnd()];
      return (t) => winf * Math.exp(-b * Math.exp(-k * t));
    },
    logistic: () => {
      const [winf, k, t0] = [25 + 15 * rnd(), 0.045 + 0.025 * rnd(), 70 + 25 * rnd()];
      return (t) => winf / (1 + Math.exp(-k * (t - t0)));
    },
    'von Bertalanffy': () => {
      const [winf, k] = [35 + 25 * rnd(), 0.01 + 0.008 * rnd()];
      return (t) => winf * (1 - Math.exp(-k * (t + 5))) ** 3;
    },
    'power law': () => {
      const [a, p] = [0.0015 + 0.002 * rnd(), 1.8 + 0.3 * rnd()];
      return (t) => a * t ** p;
    },
  };
  const cyclesOf = (shape: Shape): EvalCycle[] =>
    Array.from({ length: ponds }, (_, i) => {
      const w = laws[shape]();
      const size = 14 + 10 * rnd();
      let harvestDoc = 1;
      while (harvestDoc < 160 && w(harvestDoc) < size) harvestDoc++;
      const truth = Array.from({ length: harvestDoc + 1 }, (_, d) => w(Math.max(d, 0.5)));
      const samplings: EvalCycle['samplings'] = [];
      for (let doc = 21; doc < harvestDoc; doc += 7)
        samplings.push({ doc, abw: w(doc) * Math.exp(0.1 * (rnd() + rnd() + rnd() - 1.5)) });
      return {
        name: `${shape}-${i}`,
        start: '2024-01-01',
        end: '2024-05-01',
        harvestDoc,
        harvestAbw: truth[harvestDoc] as number,
        truth,
        samplings,
      };
    });
  const out = {} as Record<Shape, EvalCycle[]>;
  for (const shape of SHAPES) out[shape] = cyclesOf(shape);
  return out;
}
