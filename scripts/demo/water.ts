import type { Rng } from '../lib/prng.ts';
import { at, cycleDays, daysBetween } from './calendar.ts';
import type { DemoContext, DemoGenerator, DemoRow, RoundCycle } from './context.ts';

const fixed = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
const around = (rng: Rng, mid: number, spread: number) => mid + (rng.float() * 2 - 1) * spread;

/**
 * Water quality as a keeper records it: general readings every morning (06:00) and
 * afternoon (14:00), chemical every third day, biological weekly. Values follow the
 * vannamei ranges of DOMAIN.md, drifting with the age of the cycle, with about one
 * reading in forty outside the farm's standards (low DO at dawn, high TAN late in a
 * cycle) so the analysis screens have something to flag.
 */
async function waterRound(ctx: DemoContext, cycles: RoundCycle[]): Promise<void> {
  const general: DemoRow[] = [];
  const chemical: DemoRow[] = [];
  const biological: DemoRow[] = [];
  for (const { pond, cycle } of cycles) {
    const rng = ctx.rngFor(`water:${cycle.id}`);
    let salinity = around(rng, 20, 4);
    for (const day of cycleDays(cycle, ctx.today)) {
      const doc = daysBetween(cycle.start, day) + 1;
      salinity = Math.min(30, Math.max(12, salinity + around(rng, 0, 0.3)));
      const weather = rng.weighted({ 6: 5, 5: 4, 4: 3, 3: 1, 2: 1, 1: 0.4, 7: 1 });
      for (const [slot, time] of [
        ['am', '06:00'],
        ['pm', '14:00'],
      ] as const) {
        const morning = slot === 'am';
        const lowDo = morning && rng.chance(0.025);
        const measured = at(day, time);
        general.push({
          id: ctx.id(`water:general:${pond.id}:${day}:${slot}`, measured),
          pond_id: pond.id,
          cycle_id: cycle.id,
          measured_at: `${day}T${time}:00+07:00`,
          ph: fixed(morning ? around(rng, 7.75, 0.25) : around(rng, 8.2, 0.3)),
          do: fixed(lowDo ? around(rng, 3.2, 0.5) : morning ? around(rng, 4.8, 0.6) : around(rng, 6.2, 0.8)),
          temperature: fixed(morning ? around(rng, 28.2, 0.8) : around(rng, 30.5, 1)),
          turbidity: Math.round(around(rng, Math.max(25, 45 - doc / 5), 5)),
          water_height: Math.round(around(rng, 120, 8)),
          salinity: fixed(salinity, 1),
          color: rng.pick([1, 2, 3, 8, 9, 10, 11]),
          weather: Number(weather),
        });
      }
      if (doc % 3 === 1) {
        const tan = around(rng, 0.3 + doc / 100, 0.3);
        chemical.push({
          id: ctx.id(`water:chemical:${pond.id}:${day}`, at(day, '09:00')),
          pond_id: pond.id,
          cycle_id: cycle.id,
          measured_at: `${day}T09:00:00+07:00`,
          alkalinity: Math.round(around(rng, 110 + doc * 0.5, 12)),
          tan: fixed(Math.max(0.05, tan)),
          nh3: fixed(Math.max(0.001, tan * 0.04), 3),
          no2: fixed(Math.max(0, around(rng, 0.1 + doc / 250, 0.15))),
          no3: fixed(around(rng, 5, 2)),
          po4: fixed(around(rng, 0.4, 0.2)),
          tom: Math.round(around(rng, 60 + doc / 2, 10)),
          ca: Math.round(around(rng, 320, 40)),
          mg: Math.round(around(rng, 950, 120)),
        });
      }
      if (doc % 7 === 3) {
        const tvc = Math.round(around(rng, 300 + doc * 4, 200));
        biological.push({
          id: ctx.id(`water:biological:${pond.id}:${day}`, at(day, '10:00')),
          pond_id: pond.id,
          cycle_id: cycle.id,
          measured_at: `${day}T10:00:00+07:00`,
          tbc: Math.round(around(rng, 2000, 800)),
          tvc: Math.max(0, tvc),
          gvc: Math.round(around(rng, 40, 30)),
          yvc: Math.round(around(rng, 200, 100)),
          plankton: Math.round(around(rng, 11000, 2500)),
          ga: Math.round(around(rng, 6000, 2000)),
          bga: Math.round(around(rng, 1500, 1000)),
          dino: Math.round(around(rng, 300, 200)),
        });
      }
    }
  }
  await ctx.api.bulk('/water/general/bulk', general);
  await ctx.api.bulk('/water/chemical/bulk', chemical);
  await ctx.api.bulk('/water/biological/bulk', biological);
}

export const water: DemoGenerator = { name: 'water', round: waterRound };
