/**
 * Farms whose ponds are stocked on staggered days (ADR 0115's held-out set, written and committed
 * before its method was tuned): `npm run eval:forecast -- --set=staggered`. The Richards ponds of
 * `richards-cycles.ts` (late or early inflection, weather, partial harvests, irregular samplings),
 * drawn with another seed per farm, `farms` farms of `ponds` ponds each, pond i of a farm stocked
 * `gap`·i days after its first (0–88 days at the defaults): when a pond is cut at DOC 45 the
 * farm's first ponds are at DOC 90–130. A new farm: no finished cycle, only its running ponds.
 *
 * ADR 0117's held-out set (`--set=staggered-new`, committed before its method was tuned) adds
 * `staggeredShapeCycles`: the four smooth families of `shape-cycles.ts` (Gompertz, logistic, von
 * Bertalanffy, power law) drawn with a new seed, split into farms of `ponds` ponds stocked `gap`
 * days apart, so a family the default already fits (Gompertz, power law) shows what reading the
 * running ponds costs where it has nothing to teach.
 */
import type { EvalCycle } from './demo-cycles.ts';
import { richardsCycles } from './richards-cycles.ts';
import { SHAPES, type Shape, shapeCycles } from './shape-cycles.ts';

const DAY_MS = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Cycles restocked as one farm: cycle i stocked `gap`·i days after the first, named `prefix-i`. */
function stagger(cycles: readonly EvalCycle[], prefix: string, gap: number): EvalCycle[] {
  return cycles.map((c, i) => {
    const start = Date.UTC(2025, 0, 1) + i * gap * DAY_MS;
    return { ...c, name: `${prefix}-${i}`, start: day(start), end: day(start + (c.harvestDoc - 1) * DAY_MS) };
  });
}

export function staggeredCycles(seed = 5151, farms = 5, ponds = 12, gap = 8): EvalCycle[][] {
  return Array.from({ length: farms }, (_, f) =>
    stagger(richardsCycles(ponds, seed + f), `staggered-${seed + f}`, gap),
  );
}

/** Each smooth family as `farms` farms of `ponds` ponds stocked `gap` days apart (ADR 0117). */
export function staggeredShapeCycles(
  seed = 7331,
  farms = 5,
  ponds = 12,
  gap = 6,
): Record<Shape, EvalCycle[][]> {
  const all = shapeCycles(farms * ponds, seed);
  const out = {} as Record<Shape, EvalCycle[][]>;
  for (const shape of SHAPES)
    out[shape] = Array.from({ length: farms }, (_, f) =>
      stagger(all[shape].slice(f * ponds, (f + 1) * ponds), `staggered-${shape}-${seed}-${f}`, gap),
    );
  return out;
}
