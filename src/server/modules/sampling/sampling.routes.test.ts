import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  type FarmSetup,
  ownerWithFarm,
  type QuickUser,
  quickUser,
} from '#test/helpers/farm-fixtures';
import { createTestApp } from '#test/helpers/test-app';
import type { App } from '../../app.ts';
import { farmToday } from '../../kernel/farm-clock.ts';

let app: App;
let owner: QuickUser;
let farm: FarmSetup;
const cycles: string[] = [];
const day = (offset: number) => {
  const d = new Date(`${farmToday()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

beforeAll(async () => {
  ({ app, owner, farm } = await ownerWithFarm(4, createTestApp));
  // Ponds 0–2 have an active cycle started 30 days ago; pond 3 has none.
  for (const pondId of farm.pondIds.slice(0, 3)) {
    const id = uuidv7();
    cycles.push(id);
    await app.ctx.db
      .insertInto('cycles')
      .values({ id, farm_id: farm.farmId, pond_id: pondId, cycle_number: 1, start_date: day(-30) })
      .execute();
  }
});
afterAll(() => app.close());

const sample = (pondId: string, extra: Record<string, unknown> = {}) => ({
  id: uuidv7(),
  pond_id: pondId,
  sampled_on: day(-1),
  shrimp_count: 50,
  sample_weight: 400,
  hollow: 2,
  molting: 1,
  ...extra,
});
const bulk = (user: QuickUser, items: unknown[]) =>
  app.inject({ method: 'POST', url: '/api/sampling/bulk?lang=en', headers: user.auth, payload: { items } });
const stored = (ids: string[]) =>
  app.ctx.db.selectFrom('samplings').selectAll().where('id', 'in', ids).execute();
const put = (user: QuickUser, id: string, payload: Record<string, unknown>) =>
  app.inject({ method: 'PUT', url: `/api/sampling/${id}/update?lang=en`, headers: user.auth, payload });

describe('POST /api/sampling/bulk', () => {
  it('stores one sampling per pond of an entry, and one copy when the entry is replayed', async () => {
    const items = farm.pondIds.slice(0, 3).map((p) => sample(p));
    const first = await bulk(owner, items);
    const replay = await bulk(owner, items);
    for (const res of [first, replay]) {
      expect(res.statusCode).toBe(200);
      expect(res.json().data.results).toEqual(items.map((i) => ({ id: i.id, status: 'ok' })));
    }
    const rows = await stored(items.map((i) => i.id));
    expect(rows).toHaveLength(3);
    expect(rows.find((r) => r.pond_id === farm.pondIds[0])).toMatchObject({
      cycle_id: cycles[0],
      hollow: 2,
      pale: 0,
    });
  });

  it('refuses bad items alone, with translated field messages, and stores the good ones', async () => {
    const good = sample(farm.pondIds[0]);
    const bad = [
      sample(farm.pondIds[0], { sample_weight: 0 }),
      sample(farm.pondIds[0], { sample_weight: -5, shrimp_count: 0 }),
      sample(farm.pondIds[0], { hollow: 51 }),
      sample(farm.pondIds[0], { shrimp_count: 10.5, pale: 1.5 }),
      sample(farm.pondIds[0], { sampled_on: day(2) }),
      sample(farm.pondIds[0], { sampled_on: day(-40) }),
      sample(farm.pondIds[0], { shrimp_count: '50', sample_weight: '400' }),
      sample(farm.pondIds[3]),
    ];
    const res = await bulk(owner, [good, ...bad]);
    const results = res.json().data.results;
    expect(results[0]).toEqual({ id: good.id, status: 'ok' });
    expect(results[1].errors).toEqual({ sample_weight: ['The sample weight must be more than 0 g.'] });
    expect(Object.keys(results[2].errors).sort()).toEqual(['sample_weight', 'shrimp_count']);
    expect(results[3].errors).toEqual({ hollow: ['Cannot be more than the shrimp in the sample (50).'] });
    expect(Object.keys(results[4].errors).sort()).toEqual(['pale', 'shrimp_count']);
    expect(results[5].errors).toEqual({ sampled_on: ['The date cannot be in the future.'] });
    expect(results[6].errors).toEqual({
      sampled_on: ['The date cannot be before stocking or the cycle start.'],
    });
    expect(Object.keys(results[7].errors).sort()).toEqual(['sample_weight', 'shrimp_count']);
    expect(results[8].errors).toEqual({ pond_id: ['This pond has no active cycle. Start a cycle first.'] });
    for (const r of results.slice(1)) expect(r).toMatchObject({ status: 'error', code: 'validation-failed' });
    expect(await stored(bad.map((b) => b.id))).toHaveLength(0);
  });

  it('refuses a sampling on an ended or harvested cycle, and before the stocking day', async () => {
    const pond = farm.pondIds[2];
    await app.ctx.db
      .insertInto('stocks')
      .values({
        id: uuidv7(),
        farm_id: farm.farmId,
        pond_id: pond,
        cycle_id: cycles[2],
        stock_date: day(-20),
        seed_net: 100_000,
        seed_actual: 100_000,
      })
      .execute();
    const early = await bulk(owner, [sample(pond, { sampled_on: day(-25) })]);
    expect(early.json().data.results[0].errors).toEqual({
      sampled_on: ['The date cannot be before stocking or the cycle start.'],
    });
    await app.ctx.db
      .updateTable('stocks')
      .set({ is_harvest: true })
      .where('cycle_id', '=', cycles[2])
      .execute();
    const harvested = await bulk(owner, [sample(pond)]);
    expect(harvested.json().data.results[0]).toMatchObject({ status: 'error', code: 'cycle-ended' });
  });

  it('answers per item: another farm’s pond is not-found, a viewer’s item is refused', async () => {
    const stranger = await quickUser(app, 'stranger');
    const res = await bulk(stranger, [sample(farm.pondIds[0])]);
    expect(res.json().data.results[0]).toMatchObject({ status: 'error', code: 'not-found' });
    const viewer = await quickUser(app, 'viewer');
    await addMember(app, farm.farmId, viewer, 3, { [farm.pondIds[0]]: 0 });
    const v = await bulk(viewer, [sample(farm.pondIds[0])]);
    expect(v.json().data.results[0]).toMatchObject({ status: 'error', code: 'pond-access-denied' });
  });
});

describe('GET, PUT and DELETE /api/sampling', () => {
  it('lists by pond and cycle; a pull with since sees edits and deletions', async () => {
    const s = sample(farm.pondIds[1]);
    await bulk(owner, [s]);
    const since = new Date(Date.now() - 60_000).toISOString();
    const list = await app.inject({
      url: `/api/sampling?farm_id=${farm.farmId}&pond_id=${farm.pondIds[1]}&cycle_id=${cycles[1]}&timediff=7`,
      headers: owner.auth,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.find((r: { id: string }) => r.id === s.id)).toMatchObject({
      sample_weight: 400,
      shrimp_count: 50,
      sampled_on: day(-1),
      version: 1,
    });
    const edited = await put(owner, s.id, { sample_weight: 450.5, pale: 3 });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ sample_weight: 450.5, pale: 3, shrimp_count: 50, version: 2 });
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/sampling/${s.id}/delete`,
      headers: owner.auth,
    });
    expect(del.statusCode).toBe(200);
    const pulled = await app.inject({
      url: `/api/sampling?farm_id=${farm.farmId}&since=${encodeURIComponent(since)}`,
      headers: owner.auth,
    });
    expect(pulled.json().data.find((r: { id: string }) => r.id === s.id).deleted_at).not.toBeNull();
    const again = await app.inject({
      method: 'DELETE',
      url: `/api/sampling/${s.id}/delete`,
      headers: owner.auth,
    });
    expect(again.statusCode).toBe(200);
  });

  it('refuses an edit that breaks the rules, never coercing, and changes nothing', async () => {
    const s = sample(farm.pondIds[1], { hollow: 10 });
    await bulk(owner, [s]);
    const below = await put(owner, s.id, { shrimp_count: 5 });
    expect(below.statusCode).toBe(400);
    expect(below.json().errors).toEqual({ hollow: ['Cannot be more than the shrimp in the sample (5).'] });
    const typed = await put(owner, s.id, { sample_weight: '450', shrimp_count: true });
    expect(typed.statusCode).toBe(400);
    expect(Object.keys(typed.json().errors).sort()).toEqual(['sample_weight', 'shrimp_count']);
    const zero = await put(owner, s.id, { sample_weight: 0 });
    expect(zero.json().errors).toEqual({ sample_weight: ['The sample weight must be more than 0 g.'] });
    const future = await put(owner, s.id, { sampled_on: day(3) });
    expect(future.statusCode).toBe(400);
    const [row] = await stored([s.id]);
    expect(row).toMatchObject({ shrimp_count: 50, hollow: 10, version: 1 });
  });

  it('keeps to the 24-hour own-record rule and pond access; 404 for another farm', async () => {
    const keeper = await quickUser(app, 'keeper');
    await addMember(app, farm.farmId, keeper, 3, { [farm.pondIds[1]]: 1 });
    const mine = sample(farm.pondIds[1]);
    expect((await bulk(keeper, [mine])).json().data.results[0].status).toBe('ok');
    expect((await put(keeper, mine.id, { pale: 4 })).statusCode).toBe(200);
    await app.ctx.db
      .updateTable('samplings')
      .set({ created_at: new Date(Date.now() - 25 * 3_600_000) })
      .where('id', '=', mine.id)
      .execute();
    const late = await put(keeper, mine.id, { pale: 5 });
    expect(late.statusCode).toBe(403);
    expect(late.json().code).toBe('own-record-expired');
    const ownerRow = sample(farm.pondIds[1]);
    await bulk(owner, [ownerRow]);
    const others = await put(keeper, ownerRow.id, { pale: 1 });
    expect(others.statusCode).toBe(403);
    const stranger = await quickUser(app, 'stranger2');
    expect((await put(stranger, ownerRow.id, { pale: 1 })).statusCode).toBe(404);
    const list = await app.inject({ url: `/api/sampling?farm_id=${farm.farmId}`, headers: stranger.auth });
    expect(list.statusCode).toBe(404);
  });

  it('refuses edits and deletes on a cycle that ended', async () => {
    const pond = farm.pondIds[0];
    const s = sample(pond);
    await bulk(owner, [s]);
    await app.ctx.db
      .updateTable('cycles')
      .set({ end_date: day(0) })
      .where('id', '=', cycles[0])
      .execute();
    const edit = await put(owner, s.id, { pale: 1 });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().code).toBe('cycle-ended');
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/sampling/${s.id}/delete`,
      headers: owner.auth,
    });
    expect(del.json().code).toBe('cycle-ended');
    const create = await bulk(owner, [sample(pond, { cycle_id: cycles[0] })]);
    expect(create.json().data.results[0].code).toBe('cycle-ended');
    // The entry's answer was lost before the cycle closed: its replay is the stored record.
    const replay = await bulk(owner, [s]);
    expect(replay.json().data.results[0]).toEqual({ id: s.id, status: 'ok' });
    const changed = await bulk(owner, [{ ...s, pale: 3 }]);
    expect(changed.json().data.results[0]).toMatchObject({ status: 'error' });
    expect(await stored([s.id])).toHaveLength(1);
    await app.ctx.db.updateTable('cycles').set({ end_date: null }).where('id', '=', cycles[0]).execute();
  });
});

describe("a new device's first pull (live=true, ADR 0086)", () => {
  it('lists the samplings of running cycles only; the whole list keeps the finished ones', async () => {
    // Pond 2's cycle was ended by an earlier test; ponds 0 and 1 run.
    const done = sample(farm.pondIds[0], { sampled_on: day(-5) });
    const running = sample(farm.pondIds[1], { sampled_on: day(-5) });
    const saved = await bulk(owner, [done, running]);
    expect(saved.json().data.results, saved.body).toEqual(
      [done, running].map((s) => ({ id: s.id, status: 'ok' })),
    );
    await app.ctx.db
      .updateTable('cycles')
      .set({ end_date: day(0) })
      .where('id', '=', cycles[0])
      .execute();
    const ids = async (query: string) => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/sampling?farm_id=${farm.farmId}${query}`,
        headers: owner.auth,
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as { id: string }[]).map((s) => s.id);
    };
    const live = await ids('&live=true');
    expect(live).toContain(running.id);
    expect(live).not.toContain(done.id);
    expect(await ids('')).toEqual(expect.arrayContaining([done.id, running.id]));
    const wrong = await app.inject({
      method: 'GET',
      url: `/api/sampling?farm_id=${farm.farmId}&live=1e309`,
      headers: owner.auth,
    });
    expect(wrong.statusCode).toBe(400);
    await app.ctx.db.updateTable('cycles').set({ end_date: null }).where('id', '=', cycles[0]).execute();
  });
});
