/**
 * The plateau farm's oracle for `npm run eval:forecast:bound` (ADR 0106): the cycle's own law
 * and parameters (plateau-cycles.ts: the way of stocking, its growth law, quality, carrying
 * capacity, deaths, thinning rule), its shrimp per m² and partial harvests up to the cut, a
 * disease only once it has begun, the temperature ahead at its seasonal mean plus the cut's
 * weather fading as the generator's does (×0.85 a day), a partial harvest ahead taking the draws'
 * mid-range (27.5 % of the shrimp, 4.5 % off the ABW). Its size at the cut is read from the
 * samplings as the noise oracle's level. It does not know the weather, a disease or a partial
 * harvest's size to come.
 */
import type { EvalCycle } from './demo-cycles.ts';
import { diseaseFactor, type PlateauLaw, seasonal, thermal } from './plateau-cycles.ts';

const MAX = 250;

/** ln ABW by DOC from the cut on (undefined before any sampling or past the harvest). */
export function plateauPath(c: EvalCycle, law: PlateauLaw, cut: number): ((doc: number) => number) | null {
  const known = c.samplings.filter((s) => s.doc <= cut);
  if (c.harvestDoc <= cut || known.length === 0) return null;
  const level = known.reduce((s, p) => s + Math.log(p.abw / (c.truth[p.doc] as number)), 0) / known.length;
  let w = (c.truth[cut] as number) * Math.exp(level);
  let population = law.population[cut] as number;
  let partials = law.partials[cut] as number;
  const day = (doc: number) => law.dayIndex + doc - 1;
  const weather = (law.temp[day(cut)] as number) - seasonal(day(cut));
  const disease = law.disease && law.disease.from <= cut ? law.disease : null;
  const path = new Float64Array(MAX + 1).fill(Math.log(w));
  for (let doc = cut + 1; doc <= MAX; doc++) {
    const t = seasonal(day(doc)) + weather * 0.85 ** (doc - cut);
    const crowd = Math.max(0.02, 1 - ((population * w) / law.bmax) ** 3);
    const f = thermal(t) * law.quality * crowd * diseaseFactor(disease, doc);
    let dw: number;
    if (law.nursery) {
      const { nu, wInf, k } = law.richards;
      dw = (k / nu) * w * (1 - (w / wInf) ** nu) * f;
    } else if (w < law.linear.brk) {
      dw = w * (Math.exp(law.linear.sgr * f) - 1);
    } else {
      const { taper, span, gain } = law.linear;
      dw = gain * f * Math.min(1, Math.max(0, (taper + span - w) / span));
    }
    w = Math.max(w, w + dw);
    const sick = disease !== null && doc < disease.from + disease.days;
    population *= 1 - law.deathRate - (sick ? 0.02 : 0);
    if (law.thins && partials < 2 && doc >= 55 && population * w > 0.8 * law.bmax) {
      population *= 0.725;
      w *= 0.955;
      partials++;
    }
    path[doc] = Math.log(w);
  }
  return (doc) => path[Math.min(MAX, Math.max(cut, Math.round(doc)))] as number;
}
