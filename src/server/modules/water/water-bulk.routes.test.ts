import pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

let app: App;
let owner: QuickUser;
let farm: FarmSetup;
beforeAll(async () => {
  ({ app, owner, farm } = await ownerWithFarm(3, createTestApp));
});
afterAll(() => app.close());

const reading = (pondId: string, extra: Record<string, unknown> = {}) => ({
  id: uuidv7(),
  pond_id: pondId,
  measured_at: '2025-03-01T06:00:00+07:00',
  ph: 8.1,
  do: 5.2,
  temperature: 29.5,
  salinity: 18,
  color: 8,
  weather: 6,
  ...extra,
});
const bulk = (user: QuickUser, items: unknown[], kind = 'general') =>
  app.inject({
    method: 'POST',
    url: `/api/water/${kind}/bulk?lang=en`,
    headers: user.auth,
    payload: { items },
  });
const stored = (
  ids: string[],
  table: 'water_general' | 'water_chemical' | 'water_biological' = 'water_general',
) => app.ctx.db.selectFrom(table).selectAll().where('id', 'in', ids).execute();

describe('POST /api/water/general/bulk', () => {
  it('stores one copy when the same batch is replayed', async () => {
    const items = [
      reading(farm.pondIds[0]),
      reading(farm.pondIds[0], { measured_at: '2025-03-01T14:00:00+07:00' }),
    ];
    const first = await bulk(owner, items);
    const replay = await bulk(owner, items);
    for (const res of [first, replay]) {
      expect(res.statusCode).toBe(200);
      expect(res.json().data.results).toEqual(items.map((i) => ({ id: i.id, status: 'ok' })));
    }
    expect(await stored(items.map((i) => i.id))).toHaveLength(2);
  });

  it('stores the good rows of a batch with one bad row and reports only the bad one', async () => {
    const good = [reading(farm.pondIds[0]), reading(farm.pondIds[1])];
    const bad = reading(farm.pondIds[0], { ph: 15, color: 18, measured_at: 'kemarin' });
    const res = await bulk(owner, [good[0], bad, good[1]]);
    expect(res.statusCode).toBe(200);
    const [r0, r1, r2] = res.json().data.results;
    expect(r0).toEqual({ id: good[0].id, status: 'ok' });
    expect(r2).toEqual({ id: good[1].id, status: 'ok' });
    expect(r1).toEqual({
      id: bad.id,
      status: 'error',
      code: 'validation-failed',
      message: 'The data sent is not valid.',
      errors: {
        ph: ['Must be between 0 and 14 (-99 when not measured).'],
        color: ['Must be between 1 and 17 (-99 when not measured).'],
        measured_at: ['Invalid measurement time (e.g. 2025-03-01T06:00:00+07:00).'],
      },
      // The same messages as keys, for a device to word in the reader's language later.
      issues: {
        ph: [{ key: 'validation.range', params: { min: 0, max: 14 } }],
        color: [{ key: 'validation.range', params: { min: 1, max: 17 } }],
        measured_at: [{ key: 'validation.measured-at' }],
      },
    });
    expect((await stored([...good, bad].map((i) => i.id))).map((r) => r.id).sort()).toEqual(
      good.map((i) => i.id).sort(),
    );
  });

  it('refuses per item a pond the user may not insert into, and stores the others', async () => {
    const tech = await quickUser(app, 'tech');
    await addMember(app, farm.farmId, tech, 3, { [farm.pondIds[0]]: 1, [farm.pondIds[1]]: 0 });
    const ok = reading(farm.pondIds[0]);
    const viewOnly = reading(farm.pondIds[1]);
    const hidden = reading(farm.pondIds[2]);
    const res = await bulk(tech, [ok, viewOnly, hidden]);
    expect(res.json().data.results).toEqual([
      { id: ok.id, status: 'ok' },
      {
        id: viewOnly.id,
        status: 'error',
        code: 'pond-access-denied',
        message: 'You do not have access to this pond.',
      },
      { id: hidden.id, status: 'error', code: 'not-found', message: 'Data not found.' },
    ]);
    expect((await stored([ok.id, viewOnly.id, hidden.id])).map((r) => r.id)).toEqual([ok.id]);
  });

  it('lets an inserter replay its own rows but not overwrite someone else’s', async () => {
    const tech = await quickUser(app, 'tech2');
    await addMember(app, farm.farmId, tech, 3, { [farm.pondIds[0]]: 1 });
    const mine = reading(farm.pondIds[0]);
    await bulk(tech, [mine]);
    const ownersRow = reading(farm.pondIds[0]);
    await bulk(owner, [ownersRow]);
    const res = await bulk(tech, [
      { ...mine, ph: 7.9 },
      { ...ownersRow, ph: 7 },
    ]);
    expect(res.json().data.results.map((r: { status: string; code?: string }) => r.code ?? r.status)).toEqual(
      ['ok', 'pond-access-denied'],
    );
    const rows = await stored([mine.id, ownersRow.id]);
    expect(rows.find((r) => r.id === mine.id)?.ph).toBe('7.9');
    expect(rows.find((r) => r.id === ownersRow.id)?.ph).toBe('8.1');
  });

  it('keeps each writer’s rights and answers when writes arrive at once and go in one statement', async () => {
    const tech = await quickUser(app, 'tech3');
    await addMember(app, farm.farmId, tech, 3, { [farm.pondIds[0]]: 1 });
    const techsOwn = reading(farm.pondIds[0]);
    const techsOther = reading(farm.pondIds[0]);
    const ownersRow = reading(farm.pondIds[0]);
    await bulk(tech, [techsOwn, techsOther]);
    await bulk(owner, [ownersRow]);
    const fresh = Array.from({ length: 8 }, (_, i) => [
      reading(farm.pondIds[i % 3]),
      reading(farm.pondIds[0]),
    ]);
    const replayed = [reading(farm.pondIds[1]), reading(farm.pondIds[2])];
    const answers = await Promise.all([
      ...fresh.map((items) => bulk(owner, items)),
      bulk(tech, [
        { ...techsOwn, ph: 7.9 },
        { ...ownersRow, ph: 7 },
      ]),
      bulk(owner, [{ ...techsOther, ph: 6.8 }]),
      bulk(owner, replayed),
      bulk(owner, replayed),
    ]);
    const codes = answers.map((res) =>
      res.json().data.results.map((r: { status: string; code?: string }) => r.code ?? r.status),
    );
    expect(codes).toEqual([
      ...fresh.map(() => ['ok', 'ok']),
      ['ok', 'pond-access-denied'],
      ['ok'],
      ['ok', 'ok'],
      ['ok', 'ok'],
    ]);
    const rows = await stored([techsOwn.id, techsOther.id, ownersRow.id, ...replayed.map((r) => r.id)]);
    expect(Object.fromEntries(rows.map((r) => [r.id, r.ph]))).toEqual({
      [techsOwn.id]: '7.9',
      [techsOther.id]: '6.8',
      [ownersRow.id]: '8.1',
      [replayed[0].id]: '8.1',
      [replayed[1].id]: '8.1',
    });
    expect(await stored(fresh.flat().map((r) => r.id))).toHaveLength(16);
  });

  it('answers not-found for a pond of another farm and stores nothing there', async () => {
    const stranger = await quickUser(app, 'stranger');
    const other = await createFarm(app, stranger, 1);
    const intruder = reading(farm.pondIds[0]);
    const own = reading(other.pondIds[0]);
    const mismatch = reading(other.pondIds[0], { farm_id: farm.farmId });
    const res = await bulk(stranger, [intruder, own, mismatch]);
    expect(res.json().data.results.map((r: { status: string; code?: string }) => r.code ?? r.status)).toEqual(
      ['not-found', 'ok', 'not-found'],
    );
    expect((await stored([intruder.id, own.id, mismatch.id])).map((r) => r.id)).toEqual([own.id]);
  });

  it('leaves no way, even below the API, to store a reading under a farm its pond is not in', async () => {
    const stranger = await quickUser(app, 'stranger-db');
    const other = await createFarm(app, stranger, 1);
    const db = app.ctx.db;
    for (const table of ['water_general', 'water_chemical', 'water_biological'] as const) {
      const row = {
        id: uuidv7(),
        pond_id: other.pondIds[0],
        farm_id: farm.farmId,
        measured_at: new Date('2025-03-01T00:00:00Z'),
        utc_offset: 420,
        time_of_day: 'morning',
        created_by: owner.id,
      };
      // Checked once per statement (migration 0045): the whole statement fails, good rows too.
      const good = { ...row, id: uuidv7(), farm_id: other.farmId };
      await expect(db.insertInto(table).values([good, row]).execute()).rejects.toThrow(
        /pond not in its farm/,
      );
      await expect(
        db
          .insertInto(table)
          .values({ ...good, cycle_id: uuidv7() })
          .execute(),
      ).rejects.toThrow(/cycle that does not exist/);
      await expect(
        db
          .insertInto(table)
          .values({ ...good, created_by: uuidv7() })
          .execute(),
      ).rejects.toThrow(/user that does not exist/);
      await db.insertInto(table).values(good).execute();
      await expect(
        db.updateTable(table).set({ farm_id: farm.farmId }).where('id', '=', good.id).execute(),
      ).rejects.toThrow(/pond not in its farm/);
      expect(
        (await db.selectFrom(table).select('id').where('id', 'in', [row.id, good.id]).execute()).length,
      ).toBe(1);
    }
    // Nor may a pond named by readings be deleted out from under them.
    await expect(db.deleteFrom('ponds').where('id', '=', other.pondIds[0]).execute()).rejects.toThrow(
      /named by water readings/,
    );
  });

  it('refuses an id already used in another pond as a conflict, leaving that row alone', async () => {
    const original = reading(farm.pondIds[0]);
    await bulk(owner, [original]);
    const res = await bulk(owner, [{ ...original, pond_id: farm.pondIds[1], ph: 6 }]);
    expect(res.json().data.results[0]).toMatchObject({ status: 'error', code: 'conflict' });
    expect((await stored([original.id]))[0]).toMatchObject({ pond_id: farm.pondIds[0], ph: '8.1' });
  });

  it('fills the pond’s active cycle when none is sent and checks a cycle that is sent', async () => {
    const cycle = await app.inject({
      method: 'POST',
      url: '/api/cycle',
      headers: owner.auth,
      payload: { pond_id: farm.pondIds[2], start_date: '2025-01-01' },
    });
    const cycleId = cycle.json().data.cycle_id;
    const filled = reading(farm.pondIds[2]);
    const wrongPond = reading(farm.pondIds[0], { cycle_id: cycleId });
    const res = await bulk(owner, [filled, wrongPond]);
    expect(res.json().data.results[1].errors).toEqual({
      cycle_id: ['This cycle was not found on this pond.'],
    });
    expect((await stored([filled.id]))[0].cycle_id).toBe(cycleId);
  });

  it('labels a reading whose cycle never reached the server (a refused cycle start) with the pond’s active cycle', async () => {
    // Two phones start a cycle on one pond; the server keeps the first and refuses the
    // second. Readings typed against the refused one must still be saved (chaos seed 116).
    const kept = await app.inject({
      method: 'POST',
      url: '/api/cycle',
      headers: owner.auth,
      payload: { pond_id: farm.pondIds[1], start_date: '2025-02-01' },
    });
    const refusedCycleId = uuidv7();
    const onRefused = reading(farm.pondIds[1], { cycle_id: refusedCycleId });
    const noCycleYet = reading(farm.pondIds[0], { cycle_id: uuidv7() });
    const res = await bulk(owner, [onRefused, noCycleYet]);
    expect(res.json().data.results.map((r: { status: string }) => r.status)).toEqual(['ok', 'ok']);
    const rows = await stored([onRefused.id, noCycleYet.id]);
    expect(rows.find((r) => r.id === onRefused.id)?.cycle_id).toBe(kept.json().data.cycle_id);
    expect(rows.find((r) => r.id === noCycleYet.id)?.cycle_id).toBeNull();
  });

  it('reads ponds, farm and active cycles in one statement, however many items name their cycle', async () => {
    const own = await createFarm(app, owner, 3);
    const cycles: string[] = [];
    for (const pondId of own.pondIds) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/cycle',
        headers: owner.auth,
        payload: { pond_id: pondId, start_date: '2025-01-01' },
      });
      cycles.push(res.json().data.cycle_id);
    }
    const named = (i: number) => ({ ...reading(own.pondIds[i % 3]), cycle_id: cycles[i % 3] });
    const statementsOf = async (items: unknown[]) => {
      const sent: string[] = [];
      const query = pg.Client.prototype.query;
      pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
        const q = args[0] as string | { text?: string };
        sent.push(typeof q === 'string' ? q : (q?.text ?? ''));
        return (query as (...a: unknown[]) => unknown).apply(this, args);
      } as typeof query;
      try {
        const res = await bulk(owner, items);
        expect(res.json().data.results.every((r: { status: string }) => r.status === 'ok')).toBe(true);
      } finally {
        pg.Client.prototype.query = query;
      }
      await app.ctx.alerts.idle();
      return sent;
    };
    const items = Array.from({ length: 9 }, (_, i) => named(i));
    const one = await statementsOf([named(0)]);
    const nine = await statementsOf(items);
    // The pond's own cycle is read with the pond: no statement reads cycles on its own.
    expect(nine.filter((q) => q.includes('"cycles"') && !q.includes('"ponds"'))).toEqual([]);
    expect(nine.length).toBe(one.length);
    expect((await stored(items.map((i) => i.id))).map((r) => r.cycle_id).sort()).toEqual(
      items.map((i) => i.cycle_id).sort(),
    );
  });

  describe('ponds kept a few seconds between bulk writes (PondPlacements)', () => {
    const startCycle = async (pondId: string, start_date: string) =>
      (
        await app.inject({
          method: 'POST',
          url: '/api/cycle',
          headers: owner.auth,
          payload: { pond_id: pondId, start_date },
        })
      ).json().data.cycle_id as string;
    const cycleOf = async (item: { id: string }) => (await stored([item.id]))[0]?.cycle_id ?? null;

    it('a cycle started on this instance labels the very next reading sent without one', async () => {
      const own = await createFarm(app, owner, 1);
      const before = reading(own.pondIds[0]);
      expect((await bulk(owner, [before])).json().data.results[0].status).toBe('ok');
      expect(await cycleOf(before)).toBeNull();
      const cycleId = await startCycle(own.pondIds[0], '2025-02-20');
      const after = reading(own.pondIds[0]);
      expect((await bulk(owner, [after])).json().data.results[0].status).toBe('ok');
      expect(await cycleOf(after)).toBe(cycleId);
    });

    it("a cycle or a pond deleted by another instance reaches this one through PostgreSQL's notice", async () => {
      const own = await createFarm(app, owner, 2);
      const first = reading(own.pondIds[0]);
      await bulk(owner, [first, reading(own.pondIds[1])]);
      expect(await cycleOf(first)).toBeNull();
      // Written as another instance would: nothing on this instance sees the statement.
      app.ctx.pondPlacements.close();
      const cycleId = uuidv7();
      try {
        await app.ctx.db
          .insertInto('cycles')
          .values({
            id: cycleId,
            farm_id: own.farmId,
            pond_id: own.pondIds[0],
            cycle_number: 1,
            start_date: '2025-02-20',
            created_by: owner.id,
          })
          .execute();
        await app.ctx.db
          .updateTable('ponds')
          .set({ deleted_at: new Date() })
          .where('id', '=', own.pondIds[1])
          .execute();
      } finally {
        app.ctx.pondPlacements.watchLocalWrites();
      }
      // Kept 5 s without the notice; expect.poll gives up after 1 s.
      await expect
        .poll(async () => {
          const item = reading(own.pondIds[0]);
          await bulk(owner, [item]);
          return cycleOf(item);
        })
        .toBe(cycleId);
      await expect
        .poll(async () => (await bulk(owner, [reading(own.pondIds[1])])).json().data.results[0].code)
        .toBe('not-found');
    });
  });

  it('keeps the last occurrence when one batch carries the same id twice', async () => {
    const first = reading(farm.pondIds[0], { ph: 7.6 });
    const res = await bulk(owner, [first, { ...first, ph: 7.9 }]);
    expect(res.json().data.results.map((r: { status: string }) => r.status)).toEqual(['ok', 'ok']);
    expect((await stored([first.id])).map((r) => r.ph)).toEqual(['7.9']);
  });

  it('stores the instant to the millisecond, its offset and slot, and every value as sent', async () => {
    const r = reading(farm.pondIds[1], {
      measured_at: '2025-03-01T17:59:59.987+08:00',
      ph: 7.25,
      do: 0,
      temperature: 31.125,
      turbidity: -99,
      salinity: null,
      orp: -120.5,
      color: 17,
      weather: 1,
    });
    expect((await bulk(owner, [r])).json().data.results).toEqual([{ id: r.id, status: 'ok' }]);
    const [row] = await stored([r.id]);
    expect(row.measured_at.toISOString()).toBe('2025-03-01T09:59:59.987Z');
    expect(row).toMatchObject({
      utc_offset: 480,
      time_of_day: 'afternoon',
      ph: '7.25',
      do: '0',
      temperature: '31.125',
      turbidity: null,
      salinity: null,
      orp: '-120.5',
      color: 17,
      weather: 1,
    });
  });

  it('refuses a batch without items or with a bad item id as a whole', async () => {
    expect((await bulk(owner, [])).statusCode).toBe(400);
    const res = await bulk(owner, [{ ...reading(farm.pondIds[0]), id: 'not-a-uuid' }]);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['items.0.id']);
  });
});

describe('POST /api/water/chemical/bulk and /biological/bulk', () => {
  it('use the same rules with their own fields', async () => {
    const chem = {
      id: uuidv7(),
      pond_id: farm.pondIds[0],
      measured_at: '2025-03-01T06:00:00+07:00',
      alkalinity: 120,
      tan: -99,
    };
    const bio = {
      id: uuidv7(),
      pond_id: farm.pondIds[0],
      measured_at: '2025-03-01T06:00:00+07:00',
      tvc: 800,
      plankton: -5,
    };
    // A tiny count prints in exponent form ("1e-7"), which PostgreSQL's numeric reads.
    const tiny = { ...bio, id: uuidv7(), plankton: 1e-7, tbc: 123456789012 };
    expect((await bulk(owner, [chem], 'chemical')).json().data.results[0].status).toBe('ok');
    const res = await bulk(owner, [bio], 'biological');
    expect(res.json().data.results[0].errors).toEqual({
      plankton: ['Must be between 0 and 1000000000000 (-99 when not measured).'],
    });
    expect((await stored([chem.id], 'water_chemical'))[0]).toMatchObject({ alkalinity: '120', tan: null });
    expect((await bulk(owner, [tiny], 'biological')).json().data.results[0].status).toBe('ok');
    expect((await stored([tiny.id], 'water_biological'))[0]).toMatchObject({
      plankton: '0.0000001',
      tbc: '123456789012',
      tvc: '800',
    });
  });
});
