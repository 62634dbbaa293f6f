import { BUILT_IN_ID } from '../../src/shared/domain/finance.ts';
import { addDays, at, daysBetween } from './calendar.ts';
import type { DemoContext, DemoGenerator, RoundCycle } from './context.ts';
import { partialSale, totalHarvest } from './production.ts';

/**
 * Finance of the demo farm (issue 16 "The demo farm generator adds finance data"),
 * through the public API: two accounts, a farm category of its own, the month's fixed
 * costs (electricity, labour, fuel), and per round of cycles the seed bought at stocking,
 * weekly feed and probiotics, and a sale per harvest (partial and total) at the weight,
 * size and price the harvest records hold. Ids come
 * from `ctx.id`, so a second run books nothing twice. Register it in GENERATORS of
 * scripts/demo/load.ts (`[water, finance]`).
 */
const rupiah = (n: number, step = 50_000) => Math.max(step, Math.round(n / step) * step);

function firstDay(ctx: DemoContext): string {
  const starts = ctx.ponds.flatMap((p) => p.cycles.map((c) => c.start)).sort();
  return starts[0] ?? addDays(ctx.today, -60);
}

function ids(ctx: DemoContext) {
  const opened = at(firstDay(ctx), '07:00');
  return {
    cash: ctx.id('finance:account:cash', opened),
    bank: ctx.id('finance:account:bank', opened),
    transport: ctx.id('finance:category:transport', opened),
  };
}

async function book(
  ctx: DemoContext,
  key: string,
  t: { account: string; category: string; nominal: number; day: string; metode: string; note: string },
) {
  await ctx.api.call('POST', '/transaction', {
    transaction_record_id: ctx.id(`finance:tx:${key}`, at(t.day, '10:00')),
    account_id: t.account,
    category_transaction_id: t.category,
    metode: t.metode,
    nominal: t.nominal,
    transaction_date: t.day,
    note: t.note,
  });
}

async function once(ctx: DemoContext): Promise<void> {
  const { cash, bank, transport } = ids(ctx);
  const start = firstDay(ctx);
  await ctx.api.call('POST', '/account', {
    account_id: cash,
    farm_id: ctx.farmId,
    name: 'Kas Tambak',
    created_at: start,
  });
  await ctx.api.call('POST', '/account', {
    account_id: bank,
    farm_id: ctx.farmId,
    name: 'Rekening Bank',
    created_at: start,
  });
  await ctx.api.call('POST', '/account/category', {
    category_transaction_id: transport,
    farm_id: ctx.farmId,
    type: 'out',
    category_icon: 'transport',
    category_transaction_name: 'Angkutan panen',
  });
  const rng = ctx.rngFor('finance:monthly');
  const area = ctx.ponds.reduce((s, p) => s + p.area, 0);
  for (
    let month = `${start.slice(0, 7)}-01`;
    daysBetween(month, ctx.today) >= 0;
    month = addDays(`${month.slice(0, 7)}-28`, 7).replace(/-\d\d$/, '-01')
  ) {
    const day = daysBetween(month, start) > 0 ? start : month;
    await book(ctx, `electricity:${month}`, {
      account: bank,
      category: BUILT_IN_ID.electricity,
      nominal: rupiah((area / 10_000) * (1_800_000 + rng.float() * 600_000)),
      day,
      metode: 'transfer',
      note: 'Listrik PLN',
    });
    await book(ctx, `labour:${month}`, {
      account: cash,
      category: BUILT_IN_ID.labour,
      nominal: Math.max(2, Math.round(ctx.ponds.length / 4)) * 2_500_000,
      day,
      metode: 'cash',
      note: 'Gaji pekerja',
    });
    await book(ctx, `fuel:${month}`, {
      account: cash,
      category: BUILT_IN_ID.fuel,
      nominal: rupiah(800_000 + rng.float() * 1_200_000),
      day,
      metode: 'cash',
      note: 'Solar genset',
    });
  }
}

async function round(ctx: DemoContext, cycles: RoundCycle[]): Promise<void> {
  if (cycles.length === 0) return;
  const { cash, bank, transport } = ids(ctx);
  const first = cycles[0].cycle;
  const rng = ctx.rngFor(`finance:round:${first.id}`);
  const stocked = cycles.reduce((s, c) => s + c.cycle.story.stocked, 0);
  const start = cycles.map((c) => c.cycle.start).sort()[0] as string;
  await book(ctx, `seed:${first.id}`, {
    account: bank,
    category: BUILT_IN_ID.seed,
    nominal: rupiah(stocked * (45 + rng.float() * 10)),
    day: start,
    metode: 'transfer',
    note: `Benur ${stocked.toLocaleString('id-ID')} ekor`,
  });
  const lastDay = cycles
    .map((c) => c.cycle.end ?? ctx.today)
    .sort()
    .at(-1) as string;
  const weeks = Math.floor(daysBetween(start, lastDay) / 7);
  for (let w = 1; w <= weeks; w += 1) {
    const day = addDays(start, w * 7);
    // Feed rises with the biomass: about 0.2 kg per thousand shrimp a week early, ×6 late.
    const kg = (stocked / 1000) * 0.2 * (1 + (5 * w) / Math.max(weeks, 1));
    await book(ctx, `feed:${first.id}:${w}`, {
      account: bank,
      category: BUILT_IN_ID.feed,
      nominal: rupiah(kg * (15_000 + rng.float() * 2_000)),
      day,
      metode: 'transfer',
      note: `Pakan ${Math.round(kg)} kg`,
    });
    if (w % 2 === 0)
      await book(ctx, `probiotic:${first.id}:${w}`, {
        account: cash,
        category: BUILT_IN_ID.probiotics,
        nominal: rupiah(300_000 + rng.float() * 900_000),
        day,
        metode: 'cash',
        note: 'Probiotik',
      });
  }
  for (const { pond, cycle } of cycles) {
    // The sales the harvest records hold (scripts/demo/production.ts), paid into the bank.
    const partial = partialSale(ctx, cycle);
    const sales = [
      ...(partial && daysBetween(partial.day, ctx.today) >= 0 ? [{ key: 'partial', ...partial }] : []),
      ...(cycle.end && daysBetween(cycle.end, ctx.today) >= 0
        ? [{ key: 'total', day: cycle.end, ...totalHarvest(ctx, pond, cycle) }]
        : []),
    ];
    for (const sold of sales) {
      const kg = Math.round(sold.weight_kg);
      await book(ctx, sold.key === 'total' ? `harvest:${cycle.id}` : `harvest:partial:${cycle.id}`, {
        account: bank,
        category: BUILT_IN_ID['harvest-sale'],
        nominal: Math.round(sold.weight_kg * sold.price_per_kg),
        day: sold.day,
        metode: 'transfer',
        note: `Panen ${sold.key === 'total' ? '' : 'parsial '}${pond.name} ${kg.toLocaleString('id-ID')} kg size ${sold.size}`,
      });
      await book(ctx, sold.key === 'total' ? `transport:${cycle.id}` : `transport:partial:${cycle.id}`, {
        account: cash,
        category: transport,
        nominal: rupiah(kg * 300),
        day: sold.day,
        metode: 'cash',
        note: `Angkutan panen ${pond.name}`,
      });
    }
  }
}

export const finance: DemoGenerator = { name: 'finance', once, round };
