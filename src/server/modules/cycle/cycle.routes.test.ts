import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysOfCulture } from '#shared/domain/figures';
import {
  addMember,
  createFarm,
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
beforeAll(async () => {
  ({ app, owner, farm } = await ownerWithFarm(6, createTestApp));
});
afterAll(() => app.close());

const start = (user: QuickUser, pondId: string, startDate: string, cycleId?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/cycle',
    headers: user.auth,
    payload: { pond_id: pondId, start_date: startDate, ...(cycleId ? { cycle_id: cycleId } : {}) },
  });
const end = (user: QuickUser, id: string, endDate: string, key?: string) =>
  app.inject({
    method: 'POST',
    url: `/api/cycle/${id}/end?lang=en`,
    headers: { ...user.auth, ...(key ? { 'idempotency-key': key } : {}) },
    payload: { end_date: endDate },
  });
const get = (user: QuickUser, query: string) =>
  app.inject({ method: 'GET', url: `/api/cycle?${query}`, headers: user.auth });

describe('POST /api/cycle', () => {
  it('starts an active cycle: end_date 0, number 1, DOC counted to today', async () => {
    const res = await start(owner, farm.pondIds[0], '2025-01-01');
    expect(res.statusCode).toBe(201);
    const cycle = res.json().data;
    expect(cycle).toMatchObject({
      pond_id: farm.pondIds[0],
      farm_id: farm.farmId,
      cycle_number: 1,
      end_date: 0,
      is_active: true,
    });
    expect(cycle.doc).toBe(daysOfCulture('2025-01-01', farmToday()));
  });

  it('allows one active cycle per pond', async () => {
    await start(owner, farm.pondIds[1], '2025-02-01');
    const again = await app.inject({
      method: 'POST',
      url: '/api/cycle?lang=en',
      headers: owner.auth,
      payload: { pond_id: farm.pondIds[1], start_date: '2025-03-01' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'cycle-active-exists',
      message: 'This pond still has an active cycle.',
    });
  });

  it('answers the stored cycle when the same cycle_id is replayed', async () => {
    const id = uuidv7();
    const first = await start(owner, farm.pondIds[2], '2025-02-01', id);
    const replay = await start(owner, farm.pondIds[2], '2025-02-01', id);
    expect(first.statusCode).toBe(201);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().data).toEqual(first.json().data);
    const count = await app.ctx.db
      .selectFrom('cycles')
      .select('id')
      .where('pond_id', '=', farm.pondIds[2])
      .execute();
    expect(count).toHaveLength(1);
  });

  it('numbers cycles per pond after the previous one ended', async () => {
    const first = (await start(owner, farm.pondIds[3], '2024-01-01')).json().data;
    expect((await end(owner, first.cycle_id, '2024-04-09')).statusCode).toBe(200);
    const second = await start(owner, farm.pondIds[3], '2024-05-01');
    expect(second.json().data.cycle_number).toBe(2);
  });
});

describe('POST /api/cycle/:id/end', () => {
  it('ends once; the same Idempotency-Key replays the answer, another key gets cycle-ended', async () => {
    const cycle = (await start(owner, farm.pondIds[4], '2025-01-01')).json().data;
    const key = uuidv7();
    const first = await end(owner, cycle.cycle_id, '2025-01-10', key);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ end_date: '2025-01-10', is_active: false, doc: 10 });
    const replay = await end(owner, cycle.cycle_id, '2025-01-10', key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().data).toEqual(first.json().data);
    const other = await end(owner, cycle.cycle_id, '2025-01-11', uuidv7());
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: 'cycle-ended', message: 'This cycle has already ended.' });
    expect((await end(owner, cycle.cycle_id, '2025-01-11')).json().code).toBe('cycle-ended');
  });

  it('refuses an end date before the start with a field error', async () => {
    const cycle = (await start(owner, farm.pondIds[5], '2025-03-01')).json().data;
    const res = await end(owner, cycle.cycle_id, '2025-02-01', uuidv7());
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.end_date).toEqual(['The end date cannot be before the start date.']);
  });
});

describe('PUT /api/cycle/:id/update and DELETE /api/cycle/:id/delete', () => {
  it('re-dates a cycle and refuses reopening while another cycle of the pond is active', async () => {
    const [old] = (await get(owner, `pond_id=${farm.pondIds[3]}`)).json().data;
    const moved = await app.inject({
      method: 'PUT',
      url: `/api/cycle/${old.cycle_id}/update`,
      headers: owner.auth,
      payload: { start_date: '2024-01-02' },
    });
    expect(moved.json().data).toMatchObject({ start_date: '2024-01-02', end_date: '2024-04-09', doc: 99 });
    const reopen = await app.inject({
      method: 'PUT',
      url: `/api/cycle/${old.cycle_id}/update`,
      headers: owner.auth,
      payload: { start_date: '2024-01-02', end_date: 0 },
    });
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json().code).toBe('cycle-active-exists');
  });

  it('soft-deletes: gone from lists, but a since pull reports it with deleted_at', async () => {
    const before = (await get(owner, `farm_id=${farm.farmId}`)).json();
    const victim = before.data.find((c: { pond_id: string }) => c.pond_id === farm.pondIds[5]);
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/cycle/${victim.cycle_id}/delete`,
      headers: owner.auth,
    });
    expect(del.statusCode).toBe(200);
    const list = (await get(owner, `pond_id=${farm.pondIds[5]}`)).json().data;
    expect(list).toEqual([]);
    const pulled = (await get(owner, `farm_id=${farm.farmId}&since=${before.server_time}`)).json().data;
    // The pull overlaps the previous one a little (pull-window.ts), so look for the row.
    const gone = pulled.find((c: { cycle_id: string }) => c.cycle_id === victim.cycle_id);
    expect(gone.deleted_at).not.toBeNull();
    expect((await get(owner, `cycle_id=${victim.cycle_id}`)).statusCode).toBe(404);
  });
});

describe('cycle authorization', () => {
  it('answers 404 to a user of another farm and changes nothing', async () => {
    const stranger = await quickUser(app, 'stranger');
    await createFarm(app, stranger, 1);
    const [cycle] = (await get(owner, `pond_id=${farm.pondIds[0]}`)).json().data;
    const calls = [
      get(stranger, `cycle_id=${cycle.cycle_id}`),
      get(stranger, `pond_id=${farm.pondIds[0]}`),
      get(stranger, `farm_id=${farm.farmId}`),
      start(stranger, farm.pondIds[0], '2025-01-01'),
      end(stranger, cycle.cycle_id, '2025-06-01', uuidv7()),
      app.inject({ method: 'DELETE', url: `/api/cycle/${cycle.cycle_id}/delete`, headers: stranger.auth }),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(404);
    const [after] = (await get(owner, `pond_id=${farm.pondIds[0]}`)).json().data;
    expect(after).toEqual(cycle);
  });

  it('lets a technician see only the ponds of its access and start cycles only where it may insert', async () => {
    const tech = await quickUser(app, 'tech');
    const own = await createFarm(app, owner, 2);
    await addMember(app, own.farmId, tech, 3, { [own.pondIds[0]]: 0 });
    await start(owner, own.pondIds[1], '2025-01-01');
    expect((await get(tech, `farm_id=${own.farmId}`)).json().data).toEqual([]);
    expect((await get(tech, `pond_id=${own.pondIds[1]}`)).statusCode).toBe(404);
    const denied = await start(tech, own.pondIds[0], '2025-01-01');
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('pond-access-denied');
  });
});

describe("cycle days after the farm's today", () => {
  const plus = (day: string, n: number) =>
    new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
  const future = 'The date cannot be in the future.';

  it('refuses a start or end day after the farm today (start, end, re-date); today itself passes', async () => {
    const today = farmToday();
    const { pondIds } = await createFarm(app, owner, 1);
    for (const day of [plus(today, 1), '2999-12-31']) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/cycle?lang=en',
        headers: owner.auth,
        payload: { pond_id: pondIds[0], start_date: day },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ start_date: [future] });
    }
    expect((await get(owner, `pond_id=${pondIds[0]}`)).json().data).toEqual([]);

    const cycle = (await start(owner, pondIds[0], plus(today, -3))).json().data;
    const update = (payload: object) =>
      app.inject({
        method: 'PUT',
        url: `/api/cycle/${cycle.cycle_id}/update?lang=en`,
        headers: owner.auth,
        payload,
      });
    const later = await update({ start_date: plus(today, 1) });
    expect(later.statusCode).toBe(400);
    expect(later.json().errors).toEqual({ start_date: [future] });
    const endLater = await update({ end_date: '2999-01-01' });
    expect(endLater.statusCode).toBe(400);
    expect(endLater.json().errors).toEqual({ end_date: [future] });
    const ended = await end(owner, cycle.cycle_id, plus(today, 1), uuidv7());
    expect(ended.statusCode).toBe(400);
    expect(ended.json().errors).toEqual({ end_date: [future] });
    const stored = (await get(owner, `cycle_id=${cycle.cycle_id}`)).json().data[0];
    expect(stored).toMatchObject({ start_date: plus(today, -3), end_date: 0 });

    // The farm's today is not the future: a cycle started or ended today is stored.
    expect((await update({ start_date: today })).statusCode).toBe(200);
    expect((await end(owner, cycle.cycle_id, today, uuidv7())).json().data).toMatchObject({
      end_date: today,
      is_active: false,
    });
  });
});
