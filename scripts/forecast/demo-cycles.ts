/**
 * Finished cycles of the demo farm for the forecast backtest, generated in process (no
 * database): the demo's ponds, cycle plans and shrimp stories (scripts/demo/farm.ts,
 * calendar.ts, growth.ts, the same seeded PRNG), with the growth of each day varied the
 * way a pond's is, so the replayed growth is not the forecast's Gompertz formula:
 *
 * - density: ponds stocked above 110 PL/m² grow slower, below faster (×(110/density)^0.3);
 * - temperature: East Java's season, ~27 °C in January–February to ~30.5 °C in
 *   September–October, growth ±7 % per °C around 29 °C (Wyban et al. 1995 found the
 *   optimum for juveniles near 30 °C and markedly slower growth at 23–27 °C);
 * - disease: one cycle in five has an event at DOC 45–90 that slows growth to 35 % for
 *   7–14 days (white faeces, vibriosis);
 * - partial harvest: half the cycles sell 12–18 % of the shrimp at DOC 70–85; the rest
 *   then grow 8 % faster (more room, less competition), and the next sampling reads light
 *   when the buyer took the big ones;
 * - samplings weekly from DOC 21, ±5 % sample error, as the demo loads them.
 */
import { addDays, daysBetween, planCycles } from '../demo/calendar.ts';
import { abwAt, cycleStory } from '../demo/growth.ts';
import { Rng } from '../lib/prng.ts';

export interface EvalCycle {
  name: string;
  /** Stocking day (YYYY-MM-DD). */
  start: string;
  /** Last day of the cycle (the total harvest). */
  end: string;
  harvestDoc: number;
  /** ABW (g) at the total harvest: the size the farm harvested at. */
  harvestAbw: number;
  /** True ABW by DOC (1-based; index 0 unused). */
  truth: number[];
  samplings: { doc: number; abw: number }[];
}

/**
 * A scripted cycle stocked at `startMs` (UTC midnight) and harvested whole at `harvestDoc`,
 * at the size its true curve has that day: the generators' common record.
 */
export function harvestedCycle(
  name: string,
  startMs: number,
  harvestDoc: number,
  truth: number[],
  samplings: EvalCycle['samplings'],
): EvalCycle {
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return {
    name,
    start: day(startMs),
    end: day(startMs + (harvestDoc - 1) * 86_400_000),
    harvestDoc,
    harvestAbw: truth[harvestDoc] as number,
    truth,
    samplings,
  };
}

const rngFor = (seed: number, name: string) =>
  new Rng(seed * 1_000_003 + [...name].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7));

/** Mean pond temperature (°C) on a day of the year (also read by bound.ts). */
export function temperature(day: string): number {
  const doy = daysBetween(`${day.slice(0, 4)}-01-01`, day);
  // Coolest around day 30, warmest around day 260.
  return 28.75 - 1.75 * Math.cos((2 * Math.PI * (doy - 30)) / 365);
}

export function demoCycles(seed: number, ponds = 50, days = 720, today = '2026-11-27'): EvalCycle[] {
  const farm = rngFor(seed, 'farm');
  const firstDay = addDays(today, -days);
  const out: EvalCycle[] = [];
  for (let i = 0; i < ponds; i++) {
    const area = farm.int(40, 90) * 50;
    const plans = planCycles(farm, firstDay, today, { seeded: false });
    for (const plan of plans) {
      if (!plan.end) continue;
      const story = cycleStory(rngFor(seed, `story:${i}:${plan.index}`), area, plan, today);
      const rng = rngFor(seed, `forecast-eval:${i}:${plan.index}`);
      const density = story.stocked / area;
      const densityF = (110 / density) ** 0.3;
      const disease = rng.chance(0.2) ? { from: rng.int(45, 90), days: rng.int(7, 14) } : null;
      const partial = rng.chance(0.5) ? rng.int(70, 85) : null;
      const lastDoc = story.lastDoc;
      const truth = [0];
      let w = abwAt(story, 1);
      truth.push(w);
      for (let doc = 2; doc <= lastDoc; doc++) {
        const base = abwAt(story, doc) - abwAt(story, doc - 1);
        const t = temperature(addDays(plan.start, doc - 1));
        let f = densityF * (1 + 0.07 * (t - 29));
        if (disease && doc >= disease.from && doc < disease.from + disease.days) f *= 0.35;
        if (partial !== null && doc > partial) f *= 1.08;
        w += base * Math.max(0, f);
        truth.push(w);
      }
      const samplings: EvalCycle['samplings'] = [];
      for (let doc = 21; doc < lastDoc; doc += 7) {
        const light = partial !== null && doc > partial && doc <= partial + 7 ? 0.93 : 1;
        samplings.push({ doc, abw: (truth[doc] as number) * light * (0.95 + rng.float() * 0.1) });
      }
      out.push({
        name: `s${seed}-p${i}-c${plan.index}`,
        start: plan.start,
        end: plan.end,
        harvestDoc: lastDoc,
        harvestAbw: truth[lastDoc] as number,
        truth,
        samplings,
      });
    }
  }
  return out;
}
