import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttentionItem } from '#shared/contracts/attention';
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

/**
 * Same-slot readings from two devices (issue 29 point 6, ADR 0063): two keepers' readings
 * of one pond, day and slot are on the attention board until resolved; "keep both" is
 * remembered (slot_kept_at, pulled by devices), keeping one or merging uses the normal
 * update and soft delete; bad input answers a translated 4xx, never a 5xx.
 */
let app: App;
let owner: QuickUser;
let keeperA: QuickUser;
let keeperB: QuickUser;
let viewer: QuickUser;
let farm: FarmSetup;
let otherFarm: FarmSetup;
const today = farmToday();

beforeAll(async () => {
  ({ app, owner, farm } = await ownerWithFarm(2, createTestApp));
  otherFarm = await createFarm(app, owner, 1);
  keeperA = await quickUser(app, 'keepera');
  keeperB = await quickUser(app, 'keeperb');
  viewer = await quickUser(app, 'viewer');
  const ponds = { [farm.pondIds[0] as string]: 1, [farm.pondIds[1] as string]: 1 };
  await addMember(app, farm.farmId, keeperA, 3, ponds);
  await addMember(app, farm.farmId, keeperB, 3, ponds);
  await addMember(app, farm.farmId, viewer, 3, { [farm.pondIds[0] as string]: 0 });
  for (const pondId of farm.pondIds) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/cycle',
      headers: owner.auth,
      payload: { cycle_id: uuidv7(), pond_id: pondId, start_date: today },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
  }
});
afterAll(() => app.close());

async function record(
  user: QuickUser,
  pondId: string,
  time: string,
  values: Record<string, number>,
  kind = 'general',
): Promise<string> {
  const id = uuidv7();
  const res = await app.inject({
    method: 'POST',
    url: `/api/water/${kind}/bulk`,
    headers: user.auth,
    payload: { items: [{ id, pond_id: pondId, measured_at: `${today}T${time}:00+07:00`, ...values }] },
  });
  expect(res.json().data.results[0].status, res.body).toBe('ok');
  return id;
}

const keepBoth = (user: QuickUser, farmId: string, ids: string[], kind = 'general', lang = 'en') =>
  app.inject({
    method: 'POST',
    url: `/api/water/${kind}/keepBoth?lang=${lang}`,
    headers: user.auth,
    payload: { farm_id: farmId, ids },
  });

async function doubles(pondId: string): Promise<AttentionItem[]> {
  const res = await app.inject({ url: `/api/attention?farm_id=${farm.farmId}`, headers: owner.auth });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.items as AttentionItem[]).filter(
    (i) => i.kind === 'same_slot' && i.pond_id === pondId,
  );
}

describe('the board shows a slot recorded twice', () => {
  it('two keepers in one morning: one item naming the count, slot, day and where to resolve', async () => {
    const pond = farm.pondIds[0] as string;
    await record(keeperA, pond, '06:05', { ph: 7.8 });
    await record(keeperB, pond, '06:40', { ph: 7.9, do: 5 });
    const items = await doubles(pond);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      severity: 'warning',
      reason: 'double',
      figures: { count: 2, reading: 'general', slot: 'morning', day: today },
      link: `/farm/${farm.farmId}/water-quality/add?pond_id=${pond}`,
    });
    const board = await app.inject({ url: `/api/attention?farm_id=${farm.farmId}`, headers: owner.auth });
    expect(board.json().data.checked).toContain('same_slot');
  });

  it('readings of different kinds or slots are no double', async () => {
    const pond = farm.pondIds[1] as string;
    await record(keeperA, pond, '06:05', { ph: 7.8 });
    await record(keeperB, pond, '14:00', { ph: 8.2 });
    await record(keeperB, pond, '06:10', { tom: 40 }, 'chemical');
    expect(await doubles(pond)).toEqual([]);
  });
});

describe('keep both', () => {
  it('is remembered on both readings, answered as stored, and the slot leaves the board', async () => {
    const pond = farm.pondIds[1] as string;
    const a = await record(keeperA, pond, '22:00', { ph: 8 });
    const b = await record(keeperB, pond, '22:30', { ph: 8.1 });
    expect(await doubles(pond)).toHaveLength(1);
    const res = await keepBoth(keeperB, farm.farmId, [a, b]);
    expect(res.statusCode, res.body).toBe(200);
    const kept = res.json().data as { id: string; slot_kept_at: string | null }[];
    expect(kept.map((r) => r.id).sort()).toEqual([a, b].sort());
    expect(kept.every((r) => typeof r.slot_kept_at === 'string')).toBe(true);
    expect(await doubles(pond)).toEqual([]);
    // Devices learn it from their pull: the readings changed since before the decision.
    const pulled = await app.inject({
      url: `/api/water/general?farm_id=${farm.farmId}&since=${encodeURIComponent(new Date(Date.now() - 60_000).toISOString())}`,
      headers: keeperA.auth,
    });
    const rows = pulled.json().data as { id: string; slot_kept_at: string | null }[];
    expect(rows.find((r) => r.id === a)?.slot_kept_at).not.toBeNull();
    // A replay changes nothing and answers the same.
    const again = await keepBoth(keeperB, farm.farmId, [a, b]);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.find((r: { id: string }) => r.id === a).slot_kept_at).toBe(
      kept.find((r) => r.id === a)?.slot_kept_at,
    );
    // A third reading in the slot was no part of that decision: flagged again.
    await record(keeperA, pond, '23:00', { ph: 8.2 });
    expect((await doubles(pond))[0]?.figures.count).toBe(3);
  });
});

describe('keep one and merge per field use the normal edit and delete', () => {
  it('merging: the kept reading takes the other one’s DO, the other is soft-deleted, the flag goes', async () => {
    const pond = farm.pondIds[0] as string;
    expect(await doubles(pond)).toHaveLength(1);
    const [a, b] = await morningIds(pond);
    const edit = await app.inject({
      method: 'PUT',
      url: `/api/water/general/${a}/update`,
      headers: owner.auth,
      payload: { do: 5 },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/water/general/${b}/delete`,
      headers: owner.auth,
    });
    expect(del.statusCode, del.body).toBe(200);
    expect(await doubles(pond)).toEqual([]);
    const row = await app.ctx.db
      .selectFrom('water_general')
      .select(['ph', 'do'])
      .where('id', '=', a)
      .executeTakeFirst();
    expect(row).toEqual({ ph: '7.8', do: '5' });
  });
});

/** The general morning readings of a pond today, oldest first. */
async function morningIds(pondId: string): Promise<string[]> {
  const rows = await app.ctx.db
    .selectFrom('water_general')
    .select('id')
    .where('pond_id', '=', pondId)
    .where('time_of_day', '=', 'morning')
    .where('deleted_at', 'is', null)
    .orderBy('measured_at')
    .execute();
  return rows.map((r) => r.id);
}

describe('bad input answers a translated 4xx', () => {
  it('readings of different slots: 400 readings-not-same-slot, in the caller’s language, nothing kept', async () => {
    const pond = farm.pondIds[0] as string;
    const a = await record(keeperA, pond, '14:00', { ph: 8.3 });
    const b = await record(keeperA, pond, '22:00', { ph: 8.1 });
    for (const [lang, text] of [
      ['en', 'not of the same pond, day and time slot'],
      ['id', 'bukan dari kolam, hari dan waktu ukur yang sama'],
    ]) {
      const res = await keepBoth(keeperA, farm.farmId, [a, b], 'general', lang);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe('readings-not-same-slot');
      expect(res.json().message).toContain(text);
    }
    const c = await record(keeperB, farm.pondIds[1] as string, '14:05', { ph: 8.3 });
    expect((await keepBoth(keeperA, farm.farmId, [a, c])).json().code).toBe('readings-not-same-slot');
    const kept = await app.ctx.db
      .selectFrom('water_general')
      .select('slot_kept_at')
      .where('id', '=', a)
      .executeTakeFirst();
    expect(kept?.slot_kept_at).toBeNull();
  });

  it('ids of another farm, an unknown or a deleted reading: 404, translated', async () => {
    const pond = farm.pondIds[0] as string;
    const a = await record(keeperA, pond, '15:00', { ph: 8.3 });
    const foreign = await record(owner, otherFarm.pondIds[0] as string, '15:00', { ph: 8.3 });
    const res = await keepBoth(keeperA, farm.farmId, [a, foreign], 'general', 'id');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Data tidak ditemukan.');
    // Naming the other farm does not help a keeper who is no member there.
    expect((await keepBoth(keeperA, otherFarm.farmId, [a, foreign])).statusCode).toBe(404);
    expect((await keepBoth(keeperA, farm.farmId, [a, uuidv7()])).statusCode).toBe(404);
    // A general reading's id sent to the chemical route is unknown there.
    const b = await record(keeperB, pond, '15:10', { ph: 8.4 });
    expect((await keepBoth(keeperA, farm.farmId, [a, b], 'chemical')).statusCode).toBe(404);
  });

  it('a malformed body is a 400 with field errors; a view-only member is refused 403', async () => {
    const pond = farm.pondIds[0] as string;
    const a = await record(keeperA, pond, '16:00', { ph: 8.3 });
    const b = await record(keeperB, pond, '16:10', { ph: 8.4 });
    for (const ids of [[a], [a, a], ['not-a-uuid', b]]) {
      const res = await keepBoth(keeperA, farm.farmId, ids);
      expect(res.statusCode, JSON.stringify(ids)).toBe(400);
    }
    const res = await keepBoth(viewer, farm.farmId, [a, b]);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().code).toBe('pond-access-denied');
  });
});
