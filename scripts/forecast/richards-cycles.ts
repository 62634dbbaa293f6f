/**
 * Richards (generalised logistic) growth with its inflection drawn late or early, as a new
 * farm's cycles: the held-out set of ADR 0110 (`npm run eval:forecast -- --set=richards`),
 * written before the shape reading was tuned and not looked at while tuning it.
 *
 * W(t) = W∞ · (1 + ν·e^(−k·(t − tᵢ)))^(−1/ν): ν 0.3–2.5 (0 would be Gompertz, 1 logistic; the
 * inflection lies at 42–61 % of W∞), tᵢ DOC 55–100, W∞ 24–45 g, and k = r·ν so that the early
 * growth in ln ABW is r, 0.045–0.07 a day. Unlike the smooth shapes (`shape-cycles.ts`):
 * - the daily growth in ln ABW runs (1 + ε) times the law's, ε an AR(1) (0.9, sd 0.1): weather;
 * - 40 % of ponds get a partial harvest at DOC 65–85 and grow 6 % faster after it;
 * - samplings every 5–9 days from DOC 18–24, one in ten skipped, ln error sd 7 %.
 * Harvest when the pond first reaches its size (14–24 g, drawn per pond; DOC 160 at the latest).
 */
import type { EvalCycle } from './demo-cycles.ts';

export function richardsCycles(ponds = 200, seed = 4242): EvalCycle[] {
  let s = seed >>> 0;
  const rnd = () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
  /** A sum of three uniforms scaled to sd 1 (as near normal as the draws need). */
  const normal = () => (rnd() + rnd() + rnd() - 1.5) * 2;
  return Array.from({ length: ponds }, (_, i) => {
    const nu = 0.3 + 2.2 * rnd();
    const ti = 55 + 45 * rnd();
    const winf = 24 + 21 * rnd();
    const k = (0.045 + 0.025 * rnd()) * nu;
    const law = (t: number) => Math.log(winf) - Math.log(1 + nu * Math.exp(-k * (t - ti))) / nu;
    const size = 14 + 10 * rnd();
    const partial = rnd() < 0.4 ? 65 + Math.floor(20 * rnd()) : null;
    const ln = [law(0)];
    let eps = 0;
    let harvestDoc = 160;
    for (let d = 1; d <= 160; d++) {
      eps = 0.9 * eps + 0.1 * Math.sqrt(1 - 0.81) * normal();
      const boost = partial !== null && d > partial ? 1.06 : 1;
      ln.push((ln[d - 1] as number) + (law(d) - law(d - 1)) * (1 + eps) * boost);
      if (Math.exp(ln[d] as number) >= size) {
        harvestDoc = d;
        break;
      }
    }
    const truth = ln.map((v) => Math.exp(v));
    const samplings: EvalCycle['samplings'] = [];
    for (let doc = 18 + Math.floor(7 * rnd()); doc < harvestDoc; doc += 5 + Math.floor(5 * rnd())) {
      const skip = rnd() < 0.1;
      const abw = (truth[doc] as number) * Math.exp(0.07 * normal());
      if (!skip) samplings.push({ doc, abw });
    }
    return {
      name: `richards-${i}`,
      start: '2024-01-01',
      end: '2024-06-01',
      harvestDoc,
      harvestAbw: truth[harvestDoc] as number,
      truth,
      samplings,
    };
  });
}
