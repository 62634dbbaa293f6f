import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_ID } from '#shared/domain/finance';
import {
  addMember,
  type FarmSetup,
  ownerWithFarm,
  type QuickUser,
  quickUser,
} from '#test/helpers/farm-fixtures';
import { jpegBytes, photoBody } from '#test/helpers/photo-fixtures';
import { createTestApp } from '#test/helpers/test-app';
import type { App } from '../../app.ts';

/**
 * Photos of records that may have no pond (issues 14 and 16): a note (with or without a
 * pond, the cycle permission) and a finance transaction's receipt (the finance rules:
 * invisible as 404 where finance is hidden or not granted).
 */
let app: App;
let owner: QuickUser;
let farm: FarmSetup;
let jpeg: Buffer;
beforeAll(async () => {
  ({ app, owner, farm } = await ownerWithFarm(2, createTestApp));
  jpeg = await jpegBytes(40, 30);
});
afterAll(() => app.close());

const send = (user: QuickUser, fields: Record<string, string>) => {
  const body = photoBody(fields, { data: jpeg });
  return app.inject({
    method: 'POST',
    url: '/api/photos?lang=en',
    headers: { ...user.auth, ...body.headers },
    payload: body.payload,
  });
};
const listIds = async (user: QuickUser, type?: string) => {
  const res = await app.inject({
    url: `/api/photos?farm_id=${farm.farmId}${type ? `&record_type=${type}` : ''}`,
    headers: user.auth,
  });
  expect(res.statusCode).toBe(200);
  return (res.json().data as { id: string }[]).map((p) => p.id);
};
const inject = (user: QuickUser, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: user.auth, payload });

async function newNote(pondId: string | null): Promise<string> {
  const id = uuidv7();
  const res = await inject(owner, 'POST', '/api/note', {
    id,
    farm_id: farm.farmId,
    pond_id: pondId,
    note_date: new Date().toISOString().slice(0, 10),
    title: 'Air keruh',
    tags: ['air'],
    description: 'Foto terlampir',
  });
  expect(res.statusCode).toBeLessThan(300);
  return id;
}

async function newTransaction(): Promise<string> {
  const acc = await inject(owner, 'POST', '/api/account', {
    farm_id: farm.farmId,
    name: 'Kas',
    created_at: '2025-01-01',
  });
  const res = await inject(owner, 'POST', '/api/transaction', {
    account_id: acc.json().data.account_id,
    category_transaction_id: BUILT_IN_ID.feed,
    metode: 'cash',
    nominal: 1_250_000,
    transaction_date: '2025-02-01',
    note: 'Pakan',
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.transaction_record_id;
}

describe('photos of notes', () => {
  it('attaches a photo to a farm-wide note and to a pond note; a keeper of one pond sees the farm-wide one and their pond’s', async () => {
    const farmWide = await newNote(null);
    const inPond2 = await newNote(farm.pondIds[1]);
    const a = uuidv7();
    const b = uuidv7();
    const first = await send(owner, { id: a, record_type: 'note', record_id: farmWide });
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({ record_type: 'note', record_id: farmWide, pond_id: null });
    expect((await send(owner, { id: b, record_type: 'note', record_id: inPond2 })).statusCode).toBe(201);
    expect(await listIds(owner, 'note')).toEqual(expect.arrayContaining([a, b]));

    const keeper = await quickUser(app, 'keeper');
    await addMember(app, farm.farmId, keeper, 3, { [farm.pondIds[0]]: 1 });
    const seen = await listIds(keeper);
    expect(seen).toContain(a);
    expect(seen).not.toContain(b);
    // The keeper did not write the note: its photos are not theirs to delete.
    const del = await inject(keeper, 'DELETE', `/api/note/photo/${a}/delete?lang=en`);
    expect(del.statusCode).toBe(403);
  });

  it('deleting a note deletes its photos, and a pull with since sees them go', async () => {
    const note = await newNote(farm.pondIds[0]);
    const id = uuidv7();
    expect((await send(owner, { id, record_type: 'note', record_id: note })).statusCode).toBe(201);
    const since = new Date(Date.now() - 60_000).toISOString();
    expect((await inject(owner, 'DELETE', `/api/note/${note}/delete`)).statusCode).toBe(200);
    expect(await listIds(owner, 'note')).not.toContain(id);
    const pulled = await app.inject({
      url: `/api/photos?farm_id=${farm.farmId}&since=${encodeURIComponent(since)}`,
      headers: owner.auth,
    });
    expect(pulled.json().data.find((p: { id: string }) => p.id === id)?.deleted_at).not.toBeNull();
  });
});

describe('receipt photos of finance transactions', () => {
  it('attaches, lists and deletes a receipt photo through the transaction route', async () => {
    const tx = await newTransaction();
    const id = uuidv7();
    const res = await send(owner, { id, record_type: 'transaction', record_id: tx });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ record_type: 'transaction', record_id: tx, pond_id: null });
    expect(await listIds(owner, 'transaction')).toContain(id);
    expect((await inject(owner, 'DELETE', `/api/transaction/photo/${id}/delete`)).statusCode).toBe(200);
    expect(await listIds(owner, 'transaction')).not.toContain(id);
  });

  it('a member without finance gets 404 and does not see receipts; a farm that hides finance hides them from everyone', async () => {
    const tx = await newTransaction();
    const id = uuidv7();
    expect((await send(owner, { id, record_type: 'transaction', record_id: tx })).statusCode).toBe(201);
    const keeper = await quickUser(app, 'keeper');
    await addMember(app, farm.farmId, keeper, 3, { [farm.pondIds[0]]: 2 });
    expect((await send(keeper, { id: uuidv7(), record_type: 'transaction', record_id: tx })).statusCode).toBe(
      404,
    );
    expect(await listIds(keeper)).not.toContain(id);
    expect((await inject(keeper, 'DELETE', `/api/transaction/photo/${id}/delete`)).statusCode).toBe(404);

    await app.ctx.db
      .updateTable('farms')
      .set({ is_hide_finance: true })
      .where('id', '=', farm.farmId)
      .execute();
    app.ctx.farmAccess.changed();
    try {
      expect(await listIds(owner)).not.toContain(id);
      expect((await inject(owner, 'DELETE', `/api/transaction/photo/${id}/delete`)).statusCode).toBe(404);
    } finally {
      await app.ctx.db
        .updateTable('farms')
        .set({ is_hide_finance: false })
        .where('id', '=', farm.farmId)
        .execute();
      app.ctx.farmAccess.changed();
    }
  });

  it('deleting a transaction deletes its receipt photos', async () => {
    const tx = await newTransaction();
    const id = uuidv7();
    expect((await send(owner, { id, record_type: 'transaction', record_id: tx })).statusCode).toBe(201);
    expect((await inject(owner, 'DELETE', `/api/transaction/${tx}/delete`)).statusCode).toBe(200);
    expect(await listIds(owner, 'transaction')).not.toContain(id);
    const row = await app.ctx.db
      .selectFrom('record_photos')
      .select('deleted_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
  });
});
