/**
 * Farms whose ponds are stocked on staggered days (ADR 0115's held-out set, written and committed
 * before its method was tuned): `npm run eval:forecast -- --set=staggered`. The Richards ponds of
 * `richards-cycles.ts` (late or early inflection, weather, partial harvests, irregular samplings),
 * drawn with another seed per farm, `farms` farms of `ponds` ponds each, pond i of a farm stocked
 * `gap`·i days after its first (0–88 days at the defaults): when a pond is cut at DOC 45 the
 * farm's first ponds are at DOC 90–130. A new farm: no finished cycle, only its running ponds.
 */
import type { EvalCycle } from './demo-cycles.ts';
import { richardsCycles } from './richards-cycles.ts';

const DAY_MS = 86_400_000;

export function staggeredCycles(seed = 5151, farms = 5, ponds = 12, gap = 8): EvalCycle[][] {
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return Array.from({ length: farms }, (_, f) =>
    richardsCycles(ponds, seed + f).map((c, i) => {
      const start = Date.UTC(2025, 0, 1) + i * gap * DAY_MS;
      return {
        ...c,
        name: `staggered-${seed + f}-${i}`,
        start: day(start),
        end: day(start + (c.harvestDoc - 1) * DAY_MS),
      };
    }),
  );
}
