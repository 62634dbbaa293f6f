import { eachLimited } from './api.ts';
import { at, cycleDays, daysBetween } from './calendar.ts';
import type { DemoContext, DemoGenerator, DemoLifecycle, DemoRow, RoundCycle } from './context.ts';
import { abwAt, aliveAt, type CycleStory, pricePerKg } from './growth.ts';
import { seededOf } from './seeded-problems.ts';

const HATCHERIES = [
  'Hatchery Situbondo',
  'Benur Anyer',
  'Hatchery Lampung Selatan',
  'Benur Rembang',
  'Hatchery Bali Utara',
];
const kg = (n: number) => Math.round(n * 1000) / 1000;
/** Cycles written side by side. */
const LANES = 6;

/** Partial harvest of about 15 % of the shrimp around DOC 70–85, in half of the cycles. */
function partialHarvest(ctx: DemoContext, cycle: RoundCycle['cycle']) {
  const rng = ctx.rngFor(`partial:${cycle.id}`);
  const doc = rng.int(70, 85);
  if (!rng.chance(0.5) || doc >= cycle.story.lastDoc - 10) return null;
  const abw = abwAt(cycle.story, doc);
  const count = Math.round(aliveAt(cycle.story, doc) * (0.12 + rng.float() * 0.06));
  return { doc, abw, count };
}

/** What a cycle's harvests sell (weight, size, price), so the finance books the same sales. */
export interface HarvestSale {
  weight_kg: number;
  size: number;
  price_per_kg: number;
}

function sale(count: number, abw: number): HarvestSale {
  const size = Math.round(1000 / abw);
  // The server counts weight × size, so the weight is what that many shrimp of this size weigh.
  return { weight_kg: kg(count / size), size, price_per_kg: pricePerKg(size) };
}

/** The final harvest of an ended cycle: every shrimp still alive (stocked − recorded deaths − partial). */
export function totalHarvest(
  ctx: DemoContext,
  pond: RoundCycle['pond'],
  cycle: RoundCycle['cycle'],
): HarvestSale {
  const s = cycle.story;
  const partial = partialHarvest(ctx, cycle);
  return sale(s.stocked - (partial?.count ?? 0) - deathsRecorded(ctx, pond, cycle), abwAt(s, s.lastDoc));
}

/** The partial harvest of a cycle, if it has one, and its day. */
export function partialSale(
  ctx: DemoContext,
  cycle: RoundCycle['cycle'],
): (HarvestSale & { day: string }) | null {
  const partial = partialHarvest(ctx, cycle);
  if (!partial) return null;
  return { ...sale(partial.count, partial.abw), day: cycleDays(cycle, ctx.today)[partial.doc - 1] as string };
}

/** Stocking opens each cycle; the final (total) harvest closes the ones that ended. */
export const stockLifecycle: DemoLifecycle = {
  async open(ctx, round) {
    await eachLimited(round, LANES, async ({ pond, cycle }) => {
      const rng = ctx.rngFor(`stock:${cycle.id}`);
      const s = cycle.story;
      await ctx.api.call('POST', '/stock', {
        stock_id: ctx.id(`stock:${cycle.id}`, at(cycle.start, '07:00')),
        cycle_id: cycle.id,
        pond_id: pond.id,
        stock_date: cycle.start,
        seed_net: Math.round(s.stocked / 1.05),
        seed_actual: s.stocked,
        seed_source: rng.pick(HATCHERIES),
        pl_age: rng.int(8, 12),
        bags: Math.ceil(s.stocked / 2000),
      });
    });
  },
  async close(ctx, round) {
    await eachLimited(round, LANES, async ({ pond, cycle }) => {
      if (!cycle.end) return;
      await ctx.api.call('POST', '/harvest', {
        harvest_id: ctx.id(`harvest:total:${cycle.id}`, at(cycle.end, '05:00')),
        stock_id: ctx.id(`stock:${cycle.id}`, at(cycle.start, '07:00')),
        harvested_on: cycle.end,
        type: 'total',
        ...totalHarvest(ctx, pond, cycle),
      });
    });
  },
};

/** Days before today on which every running pond's deaths are counted daily and steady. */
const STEADY_DAYS = 10;

/**
 * The deaths a keeper finds and records, adding up to the cycle's story: every two to
 * four days what died since, now and then a bad day (the next records make up for it);
 * in the last STEADY_DAYS of a running cycle every day, steady, except the seeded death
 * jump today.
 */
function deathRows(
  ctx: DemoContext,
  pond: RoundCycle['pond'],
  cycle: RoundCycle['cycle'],
): { day: string; count: number; abw: number }[] {
  const rng = ctx.rngFor(`deaths:${cycle.id}`);
  const s = cycle.story;
  const jump = cycle.end ? undefined : seededOf('death_jump').find((p) => p.pond === pond.name);
  const rows: { day: string; count: number; abw: number }[] = [];
  let recorded = 0;
  let next = 2;
  for (const day of cycleDays(cycle, ctx.today)) {
    const doc = daysBetween(cycle.start, day) + 1;
    if (cycle.end && day === cycle.end) break;
    const steady = !cycle.end && daysBetween(day, ctx.today) < STEADY_DAYS;
    if (!steady && doc < next) continue;
    next = doc + rng.int(2, 4);
    // Steady days record that day's losses; other records what died since the last (less any surplus).
    const due = steady ? aliveAt(s, doc - 1) - aliveAt(s, doc) : s.stocked - aliveAt(s, doc) - recorded;
    let count = Math.round(due * (steady ? 0.85 + rng.float() * 0.3 : 0.8 + rng.float() * 0.4));
    if (!steady && doc > 20 && rng.chance(0.03))
      count += Math.round(s.stocked * (0.003 + rng.float() * 0.005));
    if (jump && day === ctx.today) {
      const lastWeek = rows.filter((r) => daysBetween(r.day, day) <= 7);
      count = Math.round((lastWeek.reduce((n, r) => n + r.count, 0) / 7) * jump.factor);
    }
    if (count <= 0) continue;
    recorded += count;
    rows.push({ day, count, abw: abwAt(s, doc) });
  }
  return rows;
}

function deathsRecorded(ctx: DemoContext, pond: RoundCycle['pond'], cycle: RoundCycle['cycle']): number {
  return deathRows(ctx, pond, cycle).reduce((sum, r) => sum + r.count, 0);
}

/** Weekly growth samples from DOC 21: about a hundred shrimp weighed, signs counted. */
function samplingRows(ctx: DemoContext, pondId: string, cycle: RoundCycle['cycle']): DemoRow[] {
  const rng = ctx.rngFor(`sampling:${cycle.id}`);
  const rows: DemoRow[] = [];
  const s: CycleStory = cycle.story;
  for (let doc = 21; doc < s.lastDoc; doc += 7) {
    const day = cycleDays(cycle, ctx.today)[doc - 1];
    if (!day || !ctx.happened(day, '08:00')) break;
    const count = rng.int(80, 120);
    const weight = Math.round(count * abwAt(s, doc) * (0.95 + rng.float() * 0.1) * 10) / 10;
    rows.push({
      id: ctx.id(`sampling:${cycle.id}:${doc}`, at(day, '08:00')),
      pond_id: pondId,
      cycle_id: cycle.id,
      sampled_on: day,
      shrimp_count: count,
      sample_weight: weight,
      hollow: rng.int(0, 3),
      molting: rng.int(0, 8),
      pale: rng.int(0, 2),
      undersize: rng.int(0, 6),
      red_leg: rng.chance(0.1) ? rng.int(1, 3) : 0,
      red_tail: rng.chance(0.05) ? 1 : 0,
    });
  }
  return rows;
}

/** Samplings, deaths and partial harvests of a round, while its cycles are open. */
async function productionRound(ctx: DemoContext, round: RoundCycle[]): Promise<void> {
  const samplings = round.flatMap(({ pond, cycle }) => samplingRows(ctx, pond.id, cycle));
  await ctx.api.bulk('/sampling/bulk', samplings);
  await eachLimited(round, LANES, async ({ pond, cycle }) => {
    const stockId = ctx.id(`stock:${cycle.id}`, at(cycle.start, '07:00'));
    for (const d of deathRows(ctx, pond, cycle)) {
      await ctx.api.call('POST', '/death', {
        death_id: ctx.id(`death:${cycle.id}:${d.day}`, at(d.day, '07:30')),
        stock_id: stockId,
        died_on: d.day,
        count: d.count,
        total_weight_kg: kg((d.count * d.abw) / 1000),
      });
    }
    const partial = partialSale(ctx, cycle);
    if (partial) {
      const { day, ...harvest } = partial;
      await ctx.api.call('POST', '/harvest', {
        harvest_id: ctx.id(`harvest:partial:${cycle.id}`, at(day, '05:00')),
        stock_id: stockId,
        harvested_on: day,
        type: 'partial',
        ...harvest,
      });
    }
  });
}

export const production: DemoGenerator = { name: 'production', round: productionRound };
