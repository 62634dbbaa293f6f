import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_ID, transactionDateProblem } from '#shared/domain/finance';
import {
  addMember,
  createFarm,
  type FarmSetup,
  ownerWithFarm,
  type QuickUser,
  quickUser,
  setPermission,
} from '#test/helpers/farm-fixtures';
import { createTestApp } from '#test/helpers/test-app';
import type { App } from '../../app.ts';

let app: App;
let owner: QuickUser;
let farm: FarmSetup;
beforeAll(async () => {
  ({ app, owner, farm } = await ownerWithFarm(1, createTestApp));
});
afterAll(() => app.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (user: QuickUser, method: Method, url: string, payload?: unknown) =>
  app.inject({
    method,
    url: `${url}${url.includes('?') ? '&' : '?'}lang=en`,
    headers: user.auth,
    payload: payload as object,
  });

async function account(name = 'Kas', start = '2025-01-01', farmId = farm.farmId, user = owner) {
  const res = await call(user, 'POST', '/api/account', { farm_id: farmId, name, created_at: start });
  expect(res.statusCode).toBe(201);
  return res.json().data.account_id as string;
}
const book = (accountId: string, body: Record<string, unknown>, user = owner) =>
  call(user, 'POST', '/api/transaction', {
    account_id: accountId,
    category_transaction_id: BUILT_IN_ID.feed,
    metode: 'cash',
    nominal: 1000,
    transaction_date: '2025-02-01',
    ...body,
  });

describe('accounts', () => {
  it('lists an account with income, expenses and balance as integer rupiah text', async () => {
    const id = await account('Kas utama');
    expect(
      (await book(id, { nominal: 5_000_000, category_transaction_id: BUILT_IN_ID['harvest-sale'] }))
        .statusCode,
    ).toBe(201);
    expect((await book(id, { nominal: 1_250_000 })).statusCode).toBe(201);
    const res = await call(owner, 'GET', `/api/account?farm_id=${farm.farmId}`);
    const row = res.json().data.find((a: { account_id: string }) => a.account_id === id);
    expect(row).toMatchObject({
      income: '5000000',
      expenses: '1250000',
      balance: '3750000',
      is_open: true,
      end_date: 0,
    });
  });

  it('a replayed create stores one copy', async () => {
    const id = uuidv7();
    const body = { account_id: id, farm_id: farm.farmId, name: 'Bank', created_at: '2025-01-01' };
    expect((await call(owner, 'POST', '/api/account', body)).statusCode).toBe(201);
    expect((await call(owner, 'POST', '/api/account', body)).statusCode).toBe(200);
    const n = await app.ctx.db.selectFrom('finance_accounts').select('id').where('id', '=', id).execute();
    expect(n).toHaveLength(1);
  });

  it('closed: refuses new transactions, edits and deletes; reopened takes them again', async () => {
    const id = await account('Tutup');
    const tx = (await book(id, { transaction_date: '2025-03-01' })).json().data.transaction_record_id;
    const early = await call(owner, 'PUT', `/api/account/${id}/update`, { end_date: '2025-02-01' });
    expect(early.statusCode).toBe(400);
    expect(early.json().errors.end_date[0]).toContain('2025-03-01');
    expect(
      (await call(owner, 'PUT', `/api/account/${id}/update`, { end_date: '2025-03-31' })).json().data,
    ).toMatchObject({
      is_open: false,
      end_date: '2025-03-31',
    });
    const refused = await book(id, { transaction_date: '2025-03-15' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'finance-account-closed' });
    expect(refused.json().message).toMatch(/closed/);
    expect((await call(owner, 'PUT', `/api/transaction/${tx}/update`, { nominal: 5 })).statusCode).toBe(409);
    expect((await call(owner, 'DELETE', `/api/transaction/${tx}/delete`)).statusCode).toBe(409);
    expect((await call(owner, 'PUT', `/api/account/${id}/update`, { end_date: 0 })).json().data.is_open).toBe(
      true,
    );
    expect((await book(id, { transaction_date: '2025-04-01' })).statusCode).toBe(201);
  });

  it('refuses a transaction dated before the account opened', async () => {
    const id = await account('Baru', '2025-06-01');
    const res = await book(id, { transaction_date: '2025-05-31' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.transaction_date[0]).toContain('2025-06-01');
    // The same rule the form asks (#shared/domain/finance), as a key a device can word later.
    expect(res.json().issues.transaction_date).toEqual([transactionDateProblem('2025-05-31', '2025-06-01')]);
  });

  it('deletes an empty account, refuses one holding transactions', async () => {
    const empty = await account('Kosong');
    expect((await call(owner, 'DELETE', `/api/account/${empty}/delete`)).statusCode).toBe(200);
    const used = await account('Dipakai');
    await book(used, {});
    const res = await call(owner, 'DELETE', `/api/account/${used}/delete`);
    expect(res.json()).toMatchObject({ code: 'finance-account-in-use' });
  });
});

describe('transactions: bad input', () => {
  let id: string;
  beforeAll(async () => {
    id = await account('Validasi');
  });
  it.each([
    ['zero', 0],
    ['negative', -5000],
    ['over Rp 1 trillion', 1_000_000_000_001],
    ['a fraction', 1500.5],
    ['a string', '1000'],
    ['a boolean', true],
    ['null', null],
  ])('refuses an amount that is %s', async (_, nominal) => {
    const res = await book(id, { nominal });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation-failed');
  });

  it('accepts exactly Rp 1 trillion and keeps it exact (BIGINT)', async () => {
    const res = await book(id, { nominal: 1_000_000_000_000 });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.nominal).toBe(1_000_000_000_000);
  });

  it('refuses 1e309 in the raw body', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/transaction?lang=en',
      headers: { ...owner.auth, 'content-type': 'application/json' },
      payload: `{"account_id":"${id}","category_transaction_id":"${BUILT_IN_ID.feed}","metode":"cash","nominal":1e309,"transaction_date":"2025-02-01"}`,
    });
    expect(res.statusCode).toBe(400);
  });

  it('refuses an unknown category and another farm’s category with a field message', async () => {
    const res = await book(id, { category_transaction_id: uuidv7() });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.category_transaction_id[0]).toBe('Category not found on this farm.');
    const other = await quickUser(app, 'other-cat');
    const otherFarm = await createFarm(app, other, 0);
    const cat = await call(other, 'POST', '/api/account/category', {
      farm_id: otherFarm.farmId,
      type: 'out',
      category_icon: 'fuel',
      category_transaction_name: 'Solar',
    });
    const res2 = await book(id, { category_transaction_id: cat.json().data.category_transaction_id });
    expect(res2.json().errors.category_transaction_id).toBeDefined();
  });

  it('refuses another farm’s account as a field error that reveals nothing', async () => {
    const other = await quickUser(app, 'other-acc');
    const otherFarm = await createFarm(app, other, 0);
    const theirs = await account('Milik lain', '2025-01-01', otherFarm.farmId, other);
    const res = await book(theirs, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.account_id[0]).toBe('Account not found on this farm.');
    const unknown = await book(uuidv7(), {});
    expect(unknown.json()).toEqual(res.json());
  });

  it('refuses NUL and a lone surrogate in the note, an unknown method and a bad date', async () => {
    expect((await book(id, { note: 'a\u0000b' })).statusCode).toBe(400);
    expect((await book(id, { note: 'a\ud800b' })).statusCode).toBe(400);
    expect((await book(id, { metode: 'bitcoin' })).statusCode).toBe(400);
    expect((await book(id, { transaction_date: '2025-02-30' })).statusCode).toBe(400);
  });
});

describe('transactions', () => {
  it('a replayed create stores one copy; edits merge; delete is soft', async () => {
    const acc = await account('Replay');
    const tid = uuidv7();
    expect((await book(acc, { transaction_record_id: tid })).statusCode).toBe(201);
    expect((await book(acc, { transaction_record_id: tid })).statusCode).toBe(200);
    const upd = await call(owner, 'PUT', `/api/transaction/${tid}/update`, {
      nominal: 2500,
      note: 'pakan 2 sak',
    });
    expect(upd.json().data).toMatchObject({ nominal: 2500, note: 'pakan 2 sak', version: 2 });
    expect((await call(owner, 'DELETE', `/api/transaction/${tid}/delete`)).statusCode).toBe(200);
    const list = await call(owner, 'GET', `/api/transaction?farm_id=${farm.farmId}&account_id=${acc}`);
    expect(list.json().data).toHaveLength(0);
  });

  it('filters by account, type, method, category and date range', async () => {
    const acc = await account('Filter');
    await book(acc, { transaction_date: '2025-02-01', metode: 'transfer' });
    await book(acc, { transaction_date: '2025-02-10', category_transaction_id: BUILT_IN_ID.fuel });
    await book(acc, { transaction_date: '2025-03-01', category_transaction_id: BUILT_IN_ID['harvest-sale'] });
    const q = (s: string) =>
      call(owner, 'GET', `/api/transaction?farm_id=${farm.farmId}&account_id=${acc}${s}`);
    expect((await q('&type=in')).json().data).toHaveLength(1);
    expect((await q('&metode=transfer')).json().data).toHaveLength(1);
    expect((await q(`&category_transaction_id=${BUILT_IN_ID.fuel}`)).json().data).toHaveLength(1);
    expect(
      (await q('&from=2025-02-05&to=2025-02-28'))
        .json()
        .data.map((t: { transaction_date: string }) => t.transaction_date),
    ).toEqual(['2025-02-10']);
    expect((await q('&from=2025-03-01&to=2025-02-01')).statusCode).toBe(400);
  });
});

describe('categories', () => {
  it('lists the built-ins with icons before the farm’s own; a deleted one still names past transactions', async () => {
    const list = await call(owner, 'GET', `/api/account/category?farm_id=${farm.farmId}&type=out`);
    expect(
      list
        .json()
        .data.map((c: { builtin_key: string }) => c.builtin_key)
        .slice(0, 3),
    ).toEqual(['feed', 'seed', 'probiotics']);
    const made = await call(owner, 'POST', '/api/account/category', {
      farm_id: farm.farmId,
      type: 'out',
      category_icon: 'transport',
      category_transaction_name: 'Angkutan',
    });
    const catId = made.json().data.category_transaction_id;
    const acc = await account('Kategori');
    const tx = (await book(acc, { category_transaction_id: catId })).json().data;
    const del = await call(owner, 'POST', `/api/account/category/${catId}/delete`, { farm_id: farm.farmId });
    expect(del.statusCode).toBe(200);
    const after = await call(owner, 'GET', `/api/account/category?farm_id=${farm.farmId}`);
    expect(
      after.json().data.some((c: { category_transaction_id: string }) => c.category_transaction_id === catId),
    ).toBe(false);
    const txs = await call(owner, 'GET', `/api/transaction?farm_id=${farm.farmId}&account_id=${acc}`);
    expect(txs.json().data[0]).toMatchObject({
      transaction_record_id: tx.transaction_record_id,
      category_transaction_name: 'Angkutan',
      category_icon: 'transport',
    });
    expect((await book(acc, { category_transaction_id: catId })).statusCode).toBe(400);
  });

  it('refuses to delete or rename a built-in', async () => {
    const res = await call(owner, 'POST', `/api/account/category/${BUILT_IN_ID.feed}/delete`, {
      farm_id: farm.farmId,
    });
    expect(res.json()).toMatchObject({ code: 'finance-builtin-category' });
    const ren = await call(owner, 'PUT', `/api/account/category/${BUILT_IN_ID.feed}/update`, {
      category_transaction_name: 'x',
    });
    expect(ren.statusCode).toBe(403);
  });
});

describe('who sees finance', () => {
  it('a farm with finance hidden answers 404 to everyone, the admin included', async () => {
    const admin = await quickUser(app, 'hidden-admin');
    const hidden = await createFarm(app, admin, 1);
    const acc = await account('Sembunyi', '2025-01-01', hidden.farmId, admin);
    await app.ctx.db
      .updateTable('farms')
      .set({ is_hide_finance: true })
      .where('id', '=', hidden.farmId)
      .execute();
    app.ctx.farmAccess.changed();
    for (const url of [
      `/api/account?farm_id=${hidden.farmId}`,
      `/api/transaction?farm_id=${hidden.farmId}`,
      `/api/account/category?farm_id=${hidden.farmId}`,
      `/api/totalTransaction?farm_id=${hidden.farmId}`,
      `/api/analysHpp?farm_id=${hidden.farmId}`,
      `/api/getProductivitas?farm_id=${hidden.farmId}`,
    ])
      expect((await call(admin, 'GET', url)).statusCode, url).toBe(404);
    expect((await call(admin, 'PUT', `/api/account/${acc}/update`, { name: 'x' })).statusCode).toBe(404);
  });

  it('a member without the finance permission gets 404; view-only gets 403 on writes', async () => {
    const tech = await quickUser(app, 'tech');
    await addMember(app, farm.farmId, tech, 3);
    expect((await call(tech, 'GET', `/api/account?farm_id=${farm.farmId}`)).statusCode).toBe(404);
    expect((await call(tech, 'GET', `/api/totalTransaction?farm_id=${farm.farmId}`)).statusCode).toBe(404);
    const viewer = await quickUser(app, 'viewer');
    await addMember(app, farm.farmId, viewer, 4);
    await setPermission(app, farm.farmId, 4, 'finance', 0);
    expect((await call(viewer, 'GET', `/api/account?farm_id=${farm.farmId}`)).statusCode).toBe(200);
    const res = await call(viewer, 'POST', '/api/account', { farm_id: farm.farmId, name: 'x' });
    expect(res.statusCode).toBe(403);
  });
});
