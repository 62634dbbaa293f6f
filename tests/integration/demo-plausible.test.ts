import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { survivalRate } from '#shared/domain/figures';
import { type App, createTestApp } from '#test/helpers/test-app';
import { addDays } from '../../scripts/demo/calendar.ts';
import { loadDemo } from '../../scripts/demo/load.ts';
import { HEALTHY_PONDS, SEEDED_PROBLEMS, seededOf } from '../../scripts/demo/seeded-problems.ts';

/**
 * Issue 28 point 5 and issue 31 point 5: the demo farm is plausible (SR, stock, prices)
 * and carries its seeded problems, relative to the day it is loaded. Loaded live at 15:30
 * on the farm's clock: the day so far, its latest water slot 14:00, nothing after.
 */
let app: App;
let farmId: string;
const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
const now = new Date(`${today}T15:30:00+07:00`);
let lastSlot = '';
let slotDay = '';
const pondIds = new Map<string, string>();

beforeAll(async () => {
  app = await createTestApp();
  ({ farmId, lastSlot, slotDay } = await loadDemo(app, app.ctx.db, { seed: 3, ponds: 10, days: 200, now }));
  const ponds = await app.ctx.db
    .selectFrom('ponds')
    .select(['id', 'name'])
    .where('farm_id', '=', farmId)
    .execute();
  for (const p of ponds) pondIds.set(p.name, p.id);
}, 300_000);
afterAll(() => app.close());

const db = () => app.ctx.db;
const pond = (name: string) => pondIds.get(name) as string;

async function deathsByDay(pondName: string) {
  const rows = await db()
    .selectFrom('deaths')
    .innerJoin('cycles', 'cycles.id', 'deaths.cycle_id')
    .select(['deaths.died_on', 'deaths.count'])
    .where('deaths.pond_id', '=', pond(pondName))
    .where('cycles.end_date', 'is', null)
    .where('deaths.deleted_at', 'is', null)
    .execute();
  // The driver answers DATE columns as Dates at UTC midnight.
  const byDay = new Map(rows.map((r) => [new Date(r.died_on).toISOString().slice(0, 10), r.count]));
  const lastWeek = Array.from({ length: 7 }, (_, i) => byDay.get(addDays(today, -1 - i)) ?? 0);
  return { today: byDay.get(today) ?? 0, weekAverage: lastWeek.reduce((a, b) => a + b, 0) / 7 };
}

async function latestWater(pondName: string) {
  return db()
    .selectFrom('water_general')
    .select(['measured_at', 'ph', 'do', 'temperature', 'salinity'])
    .where('pond_id', '=', pond(pondName))
    .where('deleted_at', 'is', null)
    .orderBy('measured_at', 'desc')
    .limit(3)
    .execute();
}

async function lastTwoAnco(pondName: string) {
  const rows = await db()
    .selectFrom('anco_checks')
    .select(['check_date', 'data_anco'])
    .where('pond_id', '=', pond(pondName))
    .where('deleted_at', 'is', null)
    .orderBy('check_date', 'desc')
    .limit(2)
    .execute();
  return rows.map((r) => {
    const trays = (typeof r.data_anco === 'string' ? JSON.parse(r.data_anco) : r.data_anco) as {
      status: string;
    }[];
    return trays.map((t) => t.status);
  });
}

describe('the demo farm is plausible', () => {
  it("has every running pond's SR (DOMAIN.md: population + harvested alive over PL stocked) between 70 and 95 %", async () => {
    const running = await db()
      .selectFrom('cycles')
      .innerJoin('stocks', 'stocks.cycle_id', 'cycles.id')
      .innerJoin('ponds', 'ponds.id', 'cycles.pond_id')
      .select(['cycles.id', 'ponds.name', 'stocks.seed_actual'])
      .where('cycles.farm_id', '=', farmId)
      .where('cycles.end_date', 'is', null)
      .execute();
    expect(running.length).toBeGreaterThanOrEqual(8);
    const rates: Record<string, number> = {};
    for (const c of running) {
      const dead = await db()
        .selectFrom('deaths')
        .select((eb) => eb.fn.sum<string>('count').as('n'))
        .where('cycle_id', '=', c.id)
        .where('deleted_at', 'is', null)
        .executeTakeFirstOrThrow();
      // Shrimp harvested alive at a partial harvest survived: survivors = stocked − deaths.
      rates[c.name] = survivalRate(c.seed_actual - Number(dead.n ?? 0), c.seed_actual) as number;
    }
    for (const [name, sr] of Object.entries(rates)) {
      expect(sr, name).toBeGreaterThanOrEqual(70);
      expect(sr, name).toBeLessThanOrEqual(95);
    }
  });

  it('closes its harvested cycles at SR 70–92 % with some partial harvests, at Indonesian farm-gate prices', async () => {
    const harvests = await db()
      .selectFrom('harvests')
      .select(['type', 'size', 'price_per_kg'])
      .where('farm_id', '=', farmId)
      .execute();
    expect(harvests.some((h) => h.type === 'partial')).toBe(true);
    for (const h of harvests) {
      expect(Number(h.price_per_kg)).toBeGreaterThanOrEqual(30_000);
      expect(Number(h.price_per_kg)).toBeLessThanOrEqual(120_000);
    }
  });

  it('has no warehouse stock below zero, and only the seeded items below their minimum', async () => {
    const owner = await db()
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'demo-owner@tambak.invalid')
      .executeTakeFirstOrThrow();
    const token = await app.ctx.sessions.create(owner.id, 'test');
    const res = await app.inject({
      method: 'GET',
      url: `/api/warehouse?farm_id=${farmId}&lang=id`,
      headers: { authorization: `Bearer ${token}` },
    });
    const items = res.json().data as {
      product_id: string;
      product_name: string;
      qty: number;
      minimum_stock: number;
    }[];
    expect(items.length).toBeGreaterThan(5);
    const seeded = seededOf('item_below_min');
    for (const item of items) {
      expect(item.qty, item.product_name).toBeGreaterThan(0);
      const isSeeded = seeded.some((s) => s.item.product_id === item.product_id);
      if (isSeeded) expect(item.qty, item.product_name).toBeLessThan(item.minimum_stock);
      else expect(item.qty, item.product_name).toBeGreaterThanOrEqual(item.minimum_stock);
    }
    for (const s of seeded) expect(items.map((i) => i.product_name)).toContain(s.item.name_id);
  });
});

describe('the demo farm carries its seeded problems, and its healthy ponds none', () => {
  it('lists every kind the attention board looks for', () => {
    const kinds = new Set(SEEDED_PROBLEMS.map((p) => p.kind));
    expect([...kinds].sort()).toEqual(
      ['critical_do', 'death_jump', 'item_below_min', 'low_do', 'missed_slot', 'trays_left'].sort(),
    );
    expect(seededOf('trays_left').length).toBeGreaterThanOrEqual(2);
  });

  it('has the low and critical DO as the latest reading of their ponds, today', async () => {
    expect([slotDay, lastSlot]).toEqual([today, '14:00']);
    for (const p of [...seededOf('low_do', lastSlot), ...seededOf('critical_do', lastSlot)]) {
      const [latest] = await latestWater(p.pond);
      expect(latest?.measured_at.toISOString(), p.pond).toBe(
        new Date(`${today}T${p.slot}:00+07:00`).toISOString(),
      );
      expect(Number(latest?.do), p.pond).toBe(p.value);
      expect(Number(latest?.do)).toBeLessThan(p.kind === 'critical_do' ? 2 : 4);
    }
  });

  it('has "a lot left" on every tray in the last two anco checks of the seeded ponds', async () => {
    for (const p of seededOf('trays_left')) {
      const checks = await lastTwoAnco(p.pond);
      expect(checks, p.pond).toHaveLength(2);
      for (const trays of checks) expect(new Set(trays), p.pond).toEqual(new Set(['sisa_banyak']));
    }
  });

  it("has today's deaths of the seeded pond jump against its last 7 days", async () => {
    for (const p of seededOf('death_jump')) {
      const d = await deathsByDay(p.pond);
      expect(d.weekAverage).toBeGreaterThan(0);
      expect(d.today / d.weekAverage, p.pond).toBeGreaterThanOrEqual(p.factor * 0.8);
    }
  });

  it('misses the seeded slot (the latest passed) today, and no other passed slot of any running pond', async () => {
    const rows = await db()
      .selectFrom('water_general')
      .innerJoin('ponds', 'ponds.id', 'water_general.pond_id')
      .select(['ponds.name', 'water_general.measured_at'])
      .where('water_general.farm_id', '=', farmId)
      .where('water_general.measured_at', '>=', new Date(`${today}T00:00:00+07:00`))
      .execute();
    const taken = new Set(rows.map((r) => `${r.name} ${r.measured_at.toISOString()}`));
    const slotAt = (slot: string) => new Date(`${today}T${slot}:00+07:00`).toISOString();
    for (const p of seededOf('missed_slot', lastSlot)) {
      expect(taken.has(`${p.pond} ${slotAt(p.slot)}`), p.pond).toBe(false);
      expect(taken.has(`${p.pond} ${slotAt('06:00')}`), p.pond).toBe(true);
    }
    for (const name of HEALTHY_PONDS) {
      for (const slot of ['06:00', '14:00']) expect(taken.has(`${name} ${slotAt(slot)}`), name).toBe(true);
      // 22:00 has not come yet.
      expect(taken.has(`${name} ${slotAt('22:00')}`), name).toBe(false);
    }
  });

  it('records nothing at a time still to come: water, trays, samplings, warehouse uses', async () => {
    const water = await db()
      .selectFrom('water_general')
      .select((eb) => eb.fn.max('measured_at').as('last'))
      .where('farm_id', '=', farmId)
      .executeTakeFirstOrThrow();
    expect(new Date(water.last as Date).getTime()).toBeLessThanOrEqual(now.getTime());
    const trays = await db()
      .selectFrom('anco_checks')
      .select(['check_date', 'checked_at'])
      .where('farm_id', '=', farmId)
      .where('check_date', '=', today)
      .execute();
    for (const t of trays) expect(String(t.checked_at) <= '15:30', String(t.checked_at)).toBe(true);
    const uses = await db()
      .selectFrom('warehouse_movements')
      .select(['used_on', 'time'])
      .where('farm_id', '=', farmId)
      .where('used_on', '=', today)
      .where('time', 'is not', null)
      .execute();
    expect(uses.length).toBeGreaterThan(0);
    for (const u of uses) expect(String(u.time) <= '15:30', String(u.time)).toBe(true);
  });

  it("keeps the healthy ponds' water within DOMAIN.md's slot ranges, their trays eaten and deaths steady", async () => {
    const ranges = {
      morning: { ph: [7.5, 8.0] },
      afternoon: { ph: [8.0, 8.5] },
      evening: { ph: [7.8, 8.3] },
    } as const;
    for (const name of HEALTHY_PONDS) {
      const readings = await latestWater(name);
      expect(readings).toHaveLength(3);
      const phs: number[] = [];
      for (const r of readings) {
        const hour = Number(new Date(r.measured_at.getTime() + 7 * 3_600_000).toISOString().slice(11, 13));
        const slot = hour < 12 ? 'morning' : hour < 18 ? 'afternoon' : 'evening';
        const [lo, hi] = ranges[slot].ph;
        phs.push(Number(r.ph));
        expect(Number(r.ph), `${name} ${slot} pH`).toBeGreaterThanOrEqual(lo);
        expect(Number(r.ph), `${name} ${slot} pH`).toBeLessThanOrEqual(hi);
        expect(Number(r.do), `${name} DO`).toBeGreaterThanOrEqual(4);
        expect(Number(r.temperature), `${name} temperature`).toBeGreaterThanOrEqual(28);
        expect(Number(r.temperature), `${name} temperature`).toBeLessThanOrEqual(32);
        expect(Number(r.salinity), `${name} salinity`).toBeGreaterThanOrEqual(15);
        expect(Number(r.salinity), `${name} salinity`).toBeLessThanOrEqual(25);
      }
      expect(Math.max(...phs) - Math.min(...phs), `${name} pH swing`).toBeLessThanOrEqual(0.5);
      for (const trays of await lastTwoAnco(name)) expect(trays, name).not.toContain('sisa_banyak');
      const d = await deathsByDay(name);
      expect(d.today, name).toBeLessThanOrEqual(d.weekAverage * 1.5);
    }
  });
});
