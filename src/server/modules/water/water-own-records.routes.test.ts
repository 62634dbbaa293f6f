import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  type FarmSetup,
  ownerWithFarm,
  type QuickUser,
  quickUser,
  setPermission,
} from '#test/helpers/farm-fixtures';
import { createTestApp } from '#test/helpers/test-app';
import type { App } from '../../app.ts';

/**
 * A pond keeper fixes their own typo (issue 12 point 5): a technician (water quality at
 * add, no edit) may edit and delete the readings they entered for 24 hours after saving
 * them; not someone else's, not after 24 hours (403 own-record-expired, translated), not
 * when the farm turned the rule off, and not on a pond they may only view.
 */
let app: App;
let owner: QuickUser;
let farm: FarmSetup;
let keeper: QuickUser;
let other: QuickUser;
beforeAll(async () => {
  ({ app, owner, farm } = await ownerWithFarm(2, createTestApp));
  keeper = await quickUser(app, 'keeper');
  other = await quickUser(app, 'other');
  const ponds = { [farm.pondIds[0] as string]: 2, [farm.pondIds[1] as string]: 1 };
  await addMember(app, farm.farmId, keeper, 3, ponds);
  await addMember(app, farm.farmId, other, 3, ponds);
});
afterAll(() => app.close());

async function enter(user: QuickUser, pond = farm.pondIds[1]): Promise<string> {
  const id = uuidv7();
  const res = await app.inject({
    method: 'POST',
    url: '/api/water/general/bulk',
    headers: user.auth,
    payload: { items: [{ id, pond_id: pond, measured_at: '2025-05-01T06:00:00+07:00', ph: 8.7 }] },
  });
  expect(res.json().data.results[0].status, res.body).toBe('ok');
  return id;
}
const update = (user: QuickUser, id: string, ph: number, lang = 'en') =>
  app.inject({
    method: 'PUT',
    url: `/api/water/general/${id}/update?lang=${lang}`,
    headers: user.auth,
    payload: { ph },
  });
const remove = (user: QuickUser, id: string, lang = 'en') =>
  app.inject({ method: 'DELETE', url: `/api/water/general/${id}/delete?lang=${lang}`, headers: user.auth });
const stored = (id: string) =>
  app.ctx.db.selectFrom('water_general').select(['ph', 'deleted_at']).where('id', '=', id).executeTakeFirst();
/** Moves a reading's creation back in time, as 25 hours passing would. */
const age = (id: string, hours: number) =>
  app.ctx.db
    .updateTable('water_general')
    .set({ created_at: new Date(Date.now() - hours * 3_600_000) })
    .where('id', '=', id)
    .execute();

describe('own readings within 24 hours', () => {
  it('a keeper without edit rights edits and deletes a reading they entered', async () => {
    const id = await enter(keeper);
    const res = await update(keeper, id, 7.7);
    expect(res.statusCode, res.body).toBe(200);
    expect((await stored(id))?.ph).toBe('7.7');
    const second = await enter(keeper);
    expect((await remove(keeper, second)).statusCode).toBe(200);
    expect((await stored(second))?.deleted_at).not.toBeNull();
  });

  it('23 hours after entering it is still theirs to fix', async () => {
    const id = await enter(keeper);
    await age(id, 23);
    expect((await update(keeper, id, 7.6)).statusCode).toBe(200);
  });

  it('refuses after 24 hours with a clear message in both languages, and changes nothing', async () => {
    const id = await enter(keeper);
    await age(id, 25);
    const en = await update(keeper, id, 7.1);
    expect(en.statusCode).toBe(403);
    expect(en.json()).toMatchObject({
      code: 'own-record-expired',
      message:
        'You can change or delete a record you entered only within 24 hours of saving it. Ask a farm manager to change it.',
    });
    const id2 = await remove(keeper, id, 'id');
    expect(id2.statusCode).toBe(403);
    expect(id2.json().message).toBe(
      'Data yang Anda masukkan hanya bisa diubah atau dihapus dalam 24 jam setelah disimpan. Minta manajer tambak untuk mengubahnya.',
    );
    expect(await stored(id)).toMatchObject({ ph: '8.7', deleted_at: null });
    // The farm's managers still can.
    expect((await update(owner, id, 7.1)).statusCode).toBe(200);
  });

  it('never lets a keeper change someone else’s fresh reading', async () => {
    const id = await enter(other);
    const res = await update(keeper, id, 7.0);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('pond-access-denied');
    expect((await remove(keeper, id)).statusCode).toBe(403);
    expect(await stored(id)).toMatchObject({ ph: '8.7', deleted_at: null });
  });

  it('follows the permission matrix: own_records below edit turns the rule off', async () => {
    const id = await enter(keeper);
    await setPermission(app, farm.farmId, 3, 'own_records', -1);
    try {
      const res = await update(keeper, id, 7.3);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('pond-access-denied');
    } finally {
      await setPermission(app, farm.farmId, 3, 'own_records', 2);
    }
    expect((await update(keeper, id, 7.3)).statusCode).toBe(200);
  });

  it('needs the pond still open for entry: own readings on a pond turned view-only stay as they are', async () => {
    const id = await enter(keeper);
    await app.ctx.db
      .updateTable('user_farm_ponds')
      .set({ access_level: 0 })
      .where('pond_id', '=', farm.pondIds[1] as string)
      .execute();
    app.ctx.farmAccess.changed();
    try {
      expect((await update(keeper, id, 7.2)).statusCode).toBe(403);
    } finally {
      await app.ctx.db
        .updateTable('user_farm_ponds')
        .set({ access_level: 1 })
        .where('pond_id', '=', farm.pondIds[1] as string)
        .execute();
      app.ctx.farmAccess.changed();
    }
  });

  it('lists own_records in the permission matrix at edit for every role by default', async () => {
    for (const role of [2, 3, 4]) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/permission?farm_id=${farm.farmId}&role_id=${role}`,
        headers: owner.auth,
      });
      const row = res.json().data.find((p: { feature_name: string }) => p.feature_name === 'own_records');
      expect(row, res.body).toEqual({ feature_name: 'own_records', action: 2 });
    }
  });
});
