/**
 * Two farms whose ponds grow in shapes the project had not scripted, as finished cycles with
 * real stocking dates (so a farm prior can be learnt from the cycles finished before each one):
 * the held-out set of ADR 0112 (`npm run eval:forecast -- --set=twophase`), written and committed
 * before ADR 0112's method was tuned, and run once, after it was fixed.
 *
 * Each pond runs its law W(τ) on its own physiological clock τ, which advances f a day:
 * - farm "early" (slows sooner than the default curve): von Bertalanffy–Richards
 *   W∞·(1 − e^(−k·(τ + 4)))^b, W∞ 24–42 g, b 2.3–4, k 0.013–0.022 a day;
 * - farm "late" (slows later): Richards W∞·(1 + ν·e^(−r·ν·(τ − tᵢ)))^(−1/ν), W∞ 26–45 g,
 *   ν 0.5–1.8, tᵢ DOC 60–95, early growth r 0.045–0.065 a day in ln ABW;
 * - f is 1 ± a mild season (8 %, on the stocking date's day of the year) times an AR(1) weather
 *   (0.85, sd 8 %); half the cycles have a slowdown (cold spell, disease) at DOC 35–80 for
 *   8–25 days at 25–60 % growth: a two-phase curve with a mid-cycle kink; after a partial
 *   harvest (35 % of cycles, DOC 60–90) the rest grow 5 % faster and the next sampling reads
 *   7 % light (the buyer took the big ones).
 * Samplings start at DOC 15–25 and follow 4–12 days apart, one in twelve skipped, with ln error
 * sd 8 % (three uniforms) and one in twenty-five a gross error of ±20 %. Harvest when the pond
 * first reaches its size (13–24 g, drawn per cycle, at most 85 % of W∞) or at DOC 150.
 */
import { type EvalCycle, harvestedCycle } from './demo-cycles.ts';

export type TwoPhaseFarm = 'early' | 'late';
export const TWO_PHASE_FARMS: readonly TwoPhaseFarm[] = ['early', 'late'];

const DAY_MS = 86_400_000;

/** Finished cycles of one of the two farms (`ponds` ponds over `years` years). */
export function twoPhaseCycles(farm: TwoPhaseFarm, seed = 2611, ponds = 16, years = 3): EvalCycle[] {
  // xorshift32, seeded per farm: its own stream, unlike the other generators'.
  let s = (seed * 2654435761 + (farm === 'early' ? 1 : 2)) >>> 0 || 1;
  const rnd = () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 2 ** 32;
  };
  const normal = () => (rnd() + rnd() + rnd() - 1.5) * 2;
  const start0 = Date.UTC(2022, 6, 1);
  const endAll = start0 + years * 365 * DAY_MS;
  const out: EvalCycle[] = [];
  for (let p = 0; p < ponds; p++) {
    let t = start0 + Math.floor(rnd() * 45) * DAY_MS;
    let c = 0;
    while (t + 150 * DAY_MS < endAll) {
      let law: (tau: number) => number;
      let winf: number;
      if (farm === 'early') {
        winf = 24 + 18 * rnd();
        const [b, k] = [2.3 + 1.7 * rnd(), 0.013 + 0.009 * rnd()];
        const w = winf;
        law = (tau) => w * (1 - Math.exp(-k * (tau + 4))) ** b;
      } else {
        winf = 26 + 19 * rnd();
        const [nu, ti, r] = [0.5 + 1.3 * rnd(), 60 + 35 * rnd(), 0.045 + 0.02 * rnd()];
        const w = winf;
        law = (tau) => w * (1 + nu * Math.exp(-r * nu * (tau - ti))) ** (-1 / nu);
      }
      const size = Math.min(13 + 11 * rnd(), 0.85 * winf);
      const slow =
        rnd() < 0.5
          ? { from: 35 + Math.floor(45 * rnd()), days: 8 + Math.floor(18 * rnd()), f: 0.25 + 0.35 * rnd() }
          : null;
      const partial = rnd() < 0.35 ? 60 + Math.floor(31 * rnd()) : null;
      const doy = Math.floor((t - Date.UTC(new Date(t).getUTCFullYear(), 0, 1)) / DAY_MS);
      let tau = 0;
      let eps = 0;
      const truth = [law(0.5)];
      let harvestDoc = 150;
      for (let d = 1; d <= 150; d++) {
        eps = 0.85 * eps + 0.08 * Math.sqrt(1 - 0.85 ** 2) * normal();
        let f = (1 + 0.08 * Math.sin((2 * Math.PI * (doy + d - 100)) / 365)) * (1 + eps);
        if (slow && d >= slow.from && d < slow.from + slow.days) f *= slow.f;
        if (partial !== null && d > partial) f *= 1.05;
        tau += Math.max(0.05, f);
        truth.push(law(tau));
        if ((truth[d] as number) >= size) {
          harvestDoc = d;
          break;
        }
      }
      const samplings: EvalCycle['samplings'] = [];
      let light = false;
      for (let doc = 15 + Math.floor(11 * rnd()); doc < harvestDoc; doc += 4 + Math.floor(9 * rnd())) {
        if (partial !== null && doc > partial && !light) light = true;
        const skip = rnd() < 1 / 12;
        const gross = rnd() < 1 / 25 ? (rnd() < 0.5 ? -0.2 : 0.2) : 0;
        const err = 0.08 * normal() + gross;
        const afterPartial = light && samplings.every((x) => x.doc <= (partial as number)) ? -0.07 : 0;
        if (!skip) samplings.push({ doc, abw: (truth[doc] as number) * Math.exp(err + afterPartial) });
      }
      out.push(harvestedCycle(`twophase-${farm}-p${p}-c${c}`, t, harvestDoc, truth, samplings));
      c++;
      t += (harvestDoc + 10 + Math.floor(rnd() * 25)) * DAY_MS;
    }
  }
  return out;
}
