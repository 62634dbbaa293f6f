import type { Rng } from '../lib/prng.ts';
import { at, cycleDays, daysBetween, WATER_SLOTS } from './calendar.ts';
import type { DemoContext, DemoGenerator, DemoRow, RoundCycle } from './context.ts';
import { seededOf } from './seeded-problems.ts';

const SLOTS = [
  ['am', WATER_SLOTS[0]],
  ['pm', WATER_SLOTS[1]],
  ['eve', WATER_SLOTS[2]],
] as const;

const fixed = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
const around = (rng: Rng, mid: number, spread: number) => mid + (rng.float() * 2 - 1) * spread;

/** Days before today in which every reading keeps to its slot's standard, bar the seeded problems. */
const CLEAN_DAYS = 14;

/**
 * Water quality as a keeper records it: general readings at the farm's three preset
 * slots (06:00, 14:00, 22:00), chemical every third day, biological weekly. Values keep
 * to the vannamei standards of DOMAIN.md for their time of day (morning pH 7.65–7.85,
 * afternoon 0.38–0.45 higher, evening 0.2–0.3 higher: the daily swing stays under 0.5),
 * with about one dawn reading in forty at low DO before the last CLEAN_DAYS days; today
 * carries the seeded problems (scripts/demo/seeded-problems.ts): a low and a critical DO
 * as the latest reading, and one pond that missed the latest slot. Nothing is measured at
 * a time still to come (ctx.happened).
 */
async function waterRound(ctx: DemoContext, cycles: RoundCycle[]): Promise<void> {
  const general: DemoRow[] = [];
  const chemical: DemoRow[] = [];
  const biological: DemoRow[] = [];
  const lowDo = [...seededOf('low_do', ctx.lastSlot), ...seededOf('critical_do', ctx.lastSlot)];
  const missed = seededOf('missed_slot', ctx.lastSlot);
  for (const { pond, cycle } of cycles) {
    const rng = ctx.rngFor(`water:${cycle.id}`);
    let salinity = around(rng, 20, 3);
    for (const day of cycleDays(cycle, ctx.today)) {
      const doc = daysBetween(cycle.start, day) + 1;
      const clean = daysBetween(day, ctx.today) < CLEAN_DAYS;
      salinity = Math.min(24, Math.max(16, salinity + around(rng, 0, 0.3)));
      const weather = rng.weighted({ 6: 5, 5: 4, 4: 3, 3: 1, 2: 1, 1: 0.4, 7: 1 });
      const morningPh = around(rng, 7.75, 0.1);
      for (const [slot, time] of SLOTS) {
        if (!ctx.happened(day, time)) continue;
        if (day === ctx.slotDay && missed.some((m) => m.pond === pond.name && m.slot === time)) continue;
        const seeded =
          day === ctx.slotDay ? lowDo.find((p) => p.pond === pond.name && p.slot === time) : undefined;
        const dawnLow = slot === 'am' && !clean && rng.chance(0.025);
        const measured = at(day, time);
        general.push({
          id: ctx.id(`water:general:${pond.id}:${day}:${slot}`, measured),
          pond_id: pond.id,
          cycle_id: cycle.id,
          measured_at: `${day}T${time}:00+07:00`,
          ph: fixed(
            slot === 'am'
              ? morningPh
              : slot === 'pm'
                ? morningPh + 0.38 + rng.float() * 0.07
                : morningPh + 0.2 + rng.float() * 0.1,
          ),
          do: seeded
            ? seeded.value
            : fixed(
                dawnLow
                  ? around(rng, 3.2, 0.5)
                  : slot === 'pm'
                    ? around(rng, 6.2, 0.6)
                    : around(rng, 5.1, 0.4),
              ),
          temperature: fixed(
            slot === 'am'
              ? around(rng, 28.6, 0.4)
              : slot === 'pm'
                ? around(rng, 30.3, 0.7)
                : around(rng, 29.2, 0.5),
          ),
          turbidity: Math.round(Math.min(38, Math.max(27, around(rng, Math.max(29, 42 - doc / 8), 3)))),
          water_height: Math.round(around(rng, 120, 8)),
          salinity: fixed(salinity, 1),
          color: rng.pick([1, 2, 3, 8, 9, 10, 11]),
          weather: Number(weather),
        });
      }
      if (doc % 3 === 1 && ctx.happened(day, '09:00')) {
        const tan = around(rng, 0.3 + doc / 150, 0.2);
        chemical.push({
          id: ctx.id(`water:chemical:${pond.id}:${day}`, at(day, '09:00')),
          pond_id: pond.id,
          cycle_id: cycle.id,
          measured_at: `${day}T09:00:00+07:00`,
          // Alkalinity rises with age as DOMAIN.md's standard does (110, 135, then 170 from DOC 90).
          alkalinity: Math.round(around(rng, doc < 45 ? 110 : doc < 90 ? 135 : 170, 8)),
          tan: fixed(Math.max(0.05, tan)),
          nh3: fixed(Math.max(0.001, tan * 0.04), 3),
          no2: fixed(Math.max(0, around(rng, 0.1 + doc / 300, 0.1))),
          no3: fixed(around(rng, 5, 2)),
          po4: fixed(around(rng, 0.4, 0.2)),
          tom: Math.round(around(rng, 60 + doc / 2, 10)),
          ca: Math.round(around(rng, 320, 40)),
          mg: Math.round(around(rng, 950, 120)),
        });
      }
      if (doc % 7 === 3 && ctx.happened(day, '10:00')) {
        const tvc = Math.round(around(rng, 250 + doc * 3, 150));
        biological.push({
          id: ctx.id(`water:biological:${pond.id}:${day}`, at(day, '10:00')),
          pond_id: pond.id,
          cycle_id: cycle.id,
          measured_at: `${day}T10:00:00+07:00`,
          tbc: Math.round(around(rng, 2000, 800)),
          tvc: Math.max(0, tvc),
          gvc: Math.round(around(rng, 40, 30)),
          yvc: Math.round(around(rng, 200, 100)),
          plankton: Math.round(around(rng, 11000, 800)),
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
