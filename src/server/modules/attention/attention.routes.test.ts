import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttentionBoard, AttentionItem } from '#shared/contracts/attention';
import { ATTENTION_DEFAULTS } from '#shared/domain/attention';
import {
  addMember,
  createFarm,
  type FarmSetup,
  type QuickUser,
  quickUser,
} from '#test/helpers/farm-fixtures';
import { createTestApp } from '#test/helpers/test-app';
import type { App } from '../../app.ts';
import { farmToday } from '../../kernel/farm-clock.ts';

/**
 * The board of a scripted farm: ponds 1–8 each carry one kind of problem, pond 9 is
 * healthy; facts are written straight into the tables the board reads (the writes and
 * their checks are their own modules' tests).
 */
let app: App;
let owner: QuickUser;
let keeper: QuickUser;
let outsider: QuickUser;
let farm: FarmSetup;
let healthyFarm: FarmSetup;
const cycleOf = new Map<string, string>();
const stockOf = new Map<string, string>();

const DAY = 86_400_000;
const today = farmToday();
const dayBefore = (n: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) - n * DAY).toISOString().slice(0, 10);
/** An instant of a farm day (WIB) at HH:mm. */
const at = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00+07:00`);
const slotOf = (hhmm: string) => (hhmm < '12:00' ? 'morning' : hhmm < '18:00' ? 'afternoon' : 'evening');

async function startCycle(f: FarmSetup, pondId: string, daysAgo = 20, seed = 100_000) {
  const db = app.ctx.db;
  const cycleId = uuidv7();
  const stockId = uuidv7();
  await db
    .insertInto('cycles')
    .values({
      id: cycleId,
      farm_id: f.farmId,
      pond_id: pondId,
      cycle_number: 1,
      start_date: dayBefore(daysAgo),
    })
    .execute();
  await db
    .insertInto('stocks')
    .values({
      id: stockId,
      farm_id: f.farmId,
      pond_id: pondId,
      cycle_id: cycleId,
      stock_date: dayBefore(daysAgo),
      seed_net: seed,
      seed_actual: seed,
    })
    .execute();
  cycleOf.set(pondId, cycleId);
  stockOf.set(pondId, stockId);
}

async function water(
  f: FarmSetup,
  pondId: string,
  day: string,
  hhmm: string,
  values: { ph?: number; do?: number },
) {
  await app.ctx.db
    .insertInto('water_general')
    .values({
      id: uuidv7(),
      farm_id: f.farmId,
      pond_id: pondId,
      cycle_id: cycleOf.get(pondId) ?? null,
      measured_at: at(day, hhmm),
      utc_offset: 420,
      time_of_day: slotOf(hhmm),
      ph: values.ph ?? null,
      do: values.do ?? null,
    })
    .execute();
}

/** A normal day of readings in every slot (morning pH 7.7, afternoon 8.1, evening 7.9). */
async function normalDay(f: FarmSetup, pondId: string, day: string) {
  await water(f, pondId, day, '06:00', { ph: 7.7, do: 4.6 });
  await water(f, pondId, day, '14:00', { ph: 8.1, do: 6.2 });
  await water(f, pondId, day, '22:00', { ph: 7.9, do: 5.1 });
}

async function sampled(f: FarmSetup, pondId: string, day: string, weight = '500') {
  await app.ctx.db
    .insertInto('samplings')
    .values({
      id: uuidv7(),
      farm_id: f.farmId,
      pond_id: pondId,
      cycle_id: cycleOf.get(pondId) as string,
      sampled_on: day,
      shrimp_count: 100,
      sample_weight: weight,
    })
    .execute();
}

async function trays(f: FarmSetup, pondId: string, day: string, feeding: number, statuses: string[]) {
  await app.ctx.db
    .insertInto('anco_checks')
    .values({
      id: uuidv7(),
      farm_id: f.farmId,
      pond_id: pondId,
      cycle_id: cycleOf.get(pondId) as string,
      check_date: day,
      feeding_time: feeding,
      checked_at: '09:00',
      data_anco: JSON.stringify(statuses.map((status, i) => ({ tray: i + 1, status }))),
    })
    .execute();
}

async function died(f: FarmSetup, pondId: string, day: string, count: number) {
  await app.ctx.db
    .insertInto('deaths')
    .values({
      id: uuidv7(),
      farm_id: f.farmId,
      pond_id: pondId,
      cycle_id: cycleOf.get(pondId) as string,
      stock_id: stockOf.get(pondId) as string,
      died_on: day,
      count,
    })
    .execute();
}

async function item(f: FarmSetup, name: string, qty: string, minimum: string, category = 1) {
  const productId = uuidv7();
  const itemId = uuidv7();
  await app.ctx.db
    .insertInto('warehouse_products')
    .values({
      id: productId,
      farm_id: f.farmId,
      category_id: category,
      name_id: name,
      name_en: `${name} (en)`,
      unit: 'Kg',
    })
    .execute();
  await app.ctx.db
    .insertInto('warehouse_items')
    .values({
      id: itemId,
      farm_id: f.farmId,
      product_id: productId,
      qty,
      unit: 'Kg',
      minimum_stock: minimum,
      price: 0,
    })
    .execute();
  return itemId;
}

/** A healthy pond: readings in every slot yesterday and today, trays eaten, steady deaths, sampled, FCR ≈ 1.2. */
async function healthy(f: FarmSetup, pondId: string) {
  await startCycle(f, pondId);
  for (const day of [dayBefore(1), today]) {
    await normalDay(f, pondId, day);
    await trays(f, pondId, day, 1, ['habis', 'habis', 'sisa_sedikit', 'habis']);
  }
  for (let i = 0; i <= 8; i += 1) await died(f, pondId, dayBefore(i), 40);
  await sampled(f, pondId, dayBefore(3));
}

async function board(user: QuickUser, farmId: string, lang = 'id') {
  const res = await app.inject({ url: `/api/attention?farm_id=${farmId}&lang=${lang}`, headers: user.auth });
  return { status: res.statusCode, data: res.json().data as AttentionBoard, body: res.json() };
}

/**
 * A pond's items but same-slot doubles: ponds 1–3 get their problem reading tonight beside
 * the normal 22:00 one, a double of its own (ADR 0063), checked once in the first test.
 */
const about = (items: AttentionItem[], pondId: string) =>
  items.filter((i) => i.pond_id === pondId && i.kind !== 'same_slot');

beforeAll(async () => {
  app = await createTestApp();
  owner = await quickUser(app, 'Owner');
  keeper = await quickUser(app, 'Keeper');
  outsider = await quickUser(app, 'Outsider');
  farm = await createFarm(app, owner, 10);
  healthyFarm = await createFarm(app, owner, 2);
  const p = farm.pondIds;
  // The keeper sees ponds 1 and 9 only.
  await addMember(app, farm.farmId, keeper, 4, { [p[0]]: 1, [p[8]]: 1 });
  for (const pondId of p.slice(0, 9)) await healthy(farm, pondId);
  // 1: DO 1.8 tonight (critical); 2: DO 3.4 tonight (low).
  await water(farm, p[0], today, '22:30', { do: 1.8 });
  await water(farm, p[1], today, '22:30', { do: 3.4 });
  // 3: morning pH 7.3, under the morning range 7.5–8.0, and a day swing of 0.8.
  await water(farm, p[2], today, '22:30', { ph: 8.1 });
  await water(farm, p[2], today, '23:00', { ph: 7.3 });
  // 4: a lot left on the trays at the last two checks.
  await trays(farm, p[3], today, 2, ['sisa_banyak', 'sisa_banyak', 'sisa_banyak', 'habis']);
  await trays(farm, p[3], today, 3, ['sisa_banyak', 'sisa_banyak', 'sisa_sedikit', 'sisa_banyak']);
  // 5: 400 deaths today against 40 a day before (a jump).
  await died(farm, p[4], today, 360);
  // 6: last sampled 12 days ago.
  await app.ctx.db.deleteFrom('samplings').where('pond_id', '=', p[5]).execute();
  await sampled(farm, p[5], dayBefore(12));
  // 7: no evening reading yesterday, and an ABW of 4 g today after 5 g three days ago (a slip).
  await sampled(farm, p[6], today, '400');
  await app.ctx.db
    .deleteFrom('water_general')
    .where('pond_id', '=', p[6])
    .where('measured_at', '=', at(dayBefore(1), '22:00'))
    .execute();
  // 8: FCR 3 (900 kg of feed for a biomass of about 300 kg).
  const feedId = await item(farm, 'Pakan 1', '100', '0', 5);
  await app.ctx.db
    .insertInto('warehouse_movements')
    .values({
      id: uuidv7(),
      farm_id: farm.farmId,
      warehouse_id: feedId,
      kind: 'use',
      qty: '900',
      unit_price: 0,
      value: 0,
      pond_id: p[7],
      cycle_id: cycleOf.get(p[7]) as string,
      used_on: today,
    })
    .execute();
  await item(farm, 'Kapur', '-3', '0');
  await item(farm, 'Vitamin C', '2', '5');
  await item(farm, 'Probiotik', '20', '5');
  // The keeper's phone reported refused records.
  app.ctx.alerts.reportSyncFailure(keeper.id, 'device-keeper', 3);
  await app.ctx.alerts.idle();
  // A farm with nothing wrong.
  for (const pondId of healthyFarm.pondIds) await healthy(healthyFarm, pondId);
});
afterAll(() => app.close());

describe('GET /api/attention', () => {
  it('lists each problem with its severity, reason, figures and link, the critical first', async () => {
    const { status, data } = await board(owner, farm.farmId);
    expect(status).toBe(200);
    const p = farm.pondIds;
    const f = farm.farmId;
    expect(data.items[0]).toMatchObject({
      kind: 'water_do',
      severity: 'critical',
      pond_id: p[0],
      reason: 'critical',
      figures: { value: 1.8, limit: 4, critical: 2, slot: 'evening' },
      link: `/farm/${f}/water-quality/add?pond_id=${p[0]}`,
    });
    expect(about(data.items, p[1])).toMatchObject([
      { kind: 'water_do', severity: 'warning', reason: 'low', figures: { value: 3.4, limit: 4 } },
    ]);
    expect(
      data.items
        .filter((i) => i.kind === 'same_slot')
        .map((i) => [i.pond_id, i.figures.count, i.figures.slot])
        .sort(),
    ).toEqual([p[0], p[1], p[2]].map((id) => [id, p[2] === id ? 3 : 2, 'evening']).sort());
    const ph = about(data.items, p[2]);
    expect(ph.map((i) => i.kind).sort()).toEqual(['ph_swing', 'water_ph']);
    expect(ph.find((i) => i.kind === 'water_ph')).toMatchObject({
      reason: 'low',
      figures: { value: 7.3, limit: 7.8 },
    });
    expect(ph.find((i) => i.kind === 'ph_swing')).toMatchObject({ figures: { value: 0.8, limit: 0.5 } });
    expect(about(data.items, p[3])).toMatchObject([
      { kind: 'trays_left', link: `/farm/${f}/feed-tray/add?pond_id=${p[3]}`, figures: { count: 2 } },
    ]);
    expect(about(data.items, p[4])).toMatchObject([
      { kind: 'deaths', reason: 'jump', figures: { value: 400, day: today } },
    ]);
    expect(about(data.items, p[5])).toMatchObject([
      {
        kind: 'sampling',
        reason: 'overdue',
        figures: { days: 12, limit: 7 },
        link: `/farm/${f}/sampling/add?pond_id=${p[5]}`,
      },
    ]);
    expect(about(data.items, p[6])).toMatchObject([
      { kind: 'missed_slot', reason: 'yesterday', figures: { slot: 'evening', day: dayBefore(1) } },
      {
        kind: 'abw_drop',
        reason: 'dropped',
        figures: { value: 4, previous: 5, pct: 20, day: today },
        link: `/farm/${f}/pond/${p[6]}`,
      },
    ]);
    expect(about(data.items, p[7])).toMatchObject([{ kind: 'fcr', reason: 'high', figures: { limit: 1.6 } }]);
    // Pond 9 is healthy; pond 10 has no cycle running.
    expect(about(data.items, p[8])).toEqual([]);
    expect(about(data.items, p[9])).toEqual([]);
    const stock = data.items.filter((i) => i.kind === 'stock_low');
    expect(stock.map((i) => [i.subject, i.severity, i.reason])).toEqual([
      ['Kapur', 'critical', 'negative'],
      ['Vitamin C', 'warning', 'below'],
    ]);
    expect(data.items.filter((i) => i.kind === 'sync_refused')).toMatchObject([
      { subject: 'Keeper', figures: { count: 1 }, link: `/farm/${f}/settings?tab=users` },
    ]);
    expect(data.checked).toHaveLength(14);
  });

  it('names warehouse items in the language asked for', async () => {
    const { data } = await board(owner, farm.farmId, 'en');
    expect(data.items.filter((i) => i.kind === 'stock_low').map((i) => i.subject)).toEqual([
      'Kapur (en)',
      'Vitamin C (en)',
    ]);
  });

  it('has no item on a healthy farm, and says what it checked', async () => {
    const { status, data } = await board(owner, healthyFarm.farmId);
    expect(status).toBe(200);
    expect(data.items).toEqual([]);
    expect(data.checked).toContain('water_do');
    expect(data.today).toBe(today);
  });

  it('shows a restricted keeper his own ponds only, and only what his role may see', async () => {
    const { status, data } = await board(keeper, farm.farmId);
    expect(status).toBe(200);
    const ponds = data.items.filter((i) => i.pond_id !== null).map((i) => i.pond_id);
    expect(new Set(ponds)).toEqual(new Set([farm.pondIds[0]]));
    expect(data.checked).not.toContain('sync_refused');
  });

  it('answers 404 to someone of another farm, and 400 to a malformed farm id', async () => {
    expect((await board(outsider, farm.farmId)).status).toBe(404);
    const bad = await app.inject({ url: '/api/attention?farm_id=nope', headers: owner.auth });
    expect(bad.statusCode).toBe(400);
  });
});

describe('/api/attentionSetting', () => {
  const put = (user: QuickUser, thresholds: unknown) =>
    app.inject({
      method: 'PUT',
      url: '/api/attentionSetting',
      headers: user.auth,
      payload: { farm_id: healthyFarm.farmId, thresholds },
    });

  it('answers the defaults until the farm stores its own, then judges by them', async () => {
    const first = await app.inject({
      url: `/api/attentionSetting?farm_id=${healthyFarm.farmId}`,
      headers: owner.auth,
    });
    expect(first.json().data).toEqual({
      farm_id: healthyFarm.farmId,
      thresholds: ATTENTION_DEFAULTS,
      is_default: true,
    });
    // 40 deaths a day of 100,000 is 0.04 %: a 0.01 % limit flags both ponds.
    const saved = await put(owner, { ...ATTENTION_DEFAULTS, death_share_pct: 0.01 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.is_default).toBe(false);
    const { data } = await board(owner, healthyFarm.farmId);
    expect(data.items.map((i) => [i.kind, i.reason])).toEqual([
      ['deaths', 'share'],
      ['deaths', 'share'],
    ]);
    await put(owner, ATTENTION_DEFAULTS);
    expect((await board(owner, healthyFarm.farmId)).data.items).toEqual([]);
  });

  it('judges the trays by as many latest checks as the farm asks (the older eaten check counts at three)', async () => {
    const trayItem = async () =>
      (await board(owner, farm.farmId)).data.items.filter(
        (i) => i.kind === 'trays_left' && i.pond_id === farm.pondIds[3],
      );
    const setChecks = (checks: number) =>
      app.inject({
        method: 'PUT',
        url: '/api/attentionSetting',
        headers: owner.auth,
        payload: { farm_id: farm.farmId, thresholds: { ...ATTENTION_DEFAULTS, trays_left_checks: checks } },
      });
    expect(await trayItem()).toHaveLength(1);
    expect((await setChecks(3)).statusCode).toBe(200);
    expect(await trayItem()).toEqual([]);
    await setChecks(ATTENTION_DEFAULTS.trays_left_checks);
    expect(await trayItem()).toHaveLength(1);
  });

  it('refuses non-numbers and impossible ranges with a translated message per field, saving nothing', async () => {
    const text = await put(owner, { ...ATTENTION_DEFAULTS, fcr_max: 'abc' });
    expect(text.statusCode).toBe(400);
    const impossible = await app.inject({
      method: 'PUT',
      url: '/api/attentionSetting?lang=en',
      headers: owner.auth,
      payload: {
        farm_id: healthyFarm.farmId,
        thresholds: {
          ...ATTENTION_DEFAULTS,
          death_share_pct: 150,
          death_jump_factor: 0.5,
          due_afternoon: 8,
          fcr_max: -1,
        },
      },
    });
    expect(impossible.statusCode).toBe(400);
    expect(impossible.json().errors).toEqual({
      'thresholds.death_share_pct': ['Must be more than 0 and at most 100.'],
      'thresholds.death_jump_factor': ['Must be more than 1.'],
      'thresholds.due_afternoon': ['Must be later than the hour of the slot before.'],
      'thresholds.fcr_max': ['Must be more than 0.'],
    });
    const after = await app.inject({
      url: `/api/attentionSetting?farm_id=${healthyFarm.farmId}`,
      headers: owner.auth,
    });
    expect(after.json().data.thresholds).toEqual(ATTENTION_DEFAULTS);
  });

  it('refuses thresholds beyond sense (1e300) with the field’s maximum, translated, saving nothing', async () => {
    const huge = (lang: string) =>
      app.inject({
        method: 'PUT',
        url: `/api/attentionSetting?lang=${lang}`,
        headers: owner.auth,
        payload: {
          farm_id: healthyFarm.farmId,
          thresholds: { ...ATTENTION_DEFAULTS, do_critical: 1e300, fcr_max: 11, death_jump_min: 2_000_000 },
        },
      });
    const en = await huge('en');
    expect(en.statusCode).toBe(400);
    expect(en.json().errors).toEqual({
      'thresholds.do_critical': ['At most 30.'],
      'thresholds.fcr_max': ['At most 10.'],
      'thresholds.death_jump_min': ['At most 1000000.'],
    });
    expect((await huge('id')).json().errors['thresholds.do_critical']).toEqual(['Maksimal 30.']);
    const after = await app.inject({
      url: `/api/attentionSetting?farm_id=${healthyFarm.farmId}`,
      headers: owner.auth,
    });
    expect(after.json().data.thresholds).toEqual(ATTENTION_DEFAULTS);
  });

  it('lets only those who may edit the farm settings save; 404 for another farm', async () => {
    await addMember(app, healthyFarm.farmId, keeper, 4);
    expect((await put(keeper, ATTENTION_DEFAULTS)).statusCode).toBe(403);
    expect((await put(outsider, ATTENTION_DEFAULTS)).statusCode).toBe(404);
  });
});
