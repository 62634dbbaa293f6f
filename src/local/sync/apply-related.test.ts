import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerRecord } from '#local/db';
import { enqueueAction, updateRecord } from '#local/outbox';
import { WAREHOUSE_ITEMS } from '#local/resources';
import { applyAnswer } from '#local/sync/apply-answer';
import type { Answer } from '#local/sync/classify';
import { ManualClock, testDb } from '#local/test-kit';

/**
 * A write's answer may name records its effect changed besides its own (`related`,
 * EnvelopeWithRelated). They reach the mirror with the acknowledgement, so the warehouse
 * never shows a restock as sent while its item still has the stock from before it.
 */

const item = (qty: number, extra: ServerRecord = {}): ServerRecord => ({
  warehouse_id: 'w1',
  farm_id: 'f1',
  product_id: 'p1',
  product_name: 'Pakan',
  category_id: 1,
  category_name: 'Pakan',
  qty,
  unit: 'Kg',
  minimum_stock: 2,
  price: 15000,
  stock_state: 'ok',
  created_at: '2025-03-01T00:00:00.000Z',
  updated_at: '2025-03-01T00:00:00.000Z',
  deleted_at: null,
  ...extra,
});

const movement = (qty: number): ServerRecord => ({
  id: 'm1',
  farm_id: 'f1',
  warehouse_id: 'w1',
  kind: 'store',
  qty,
  unit_price: 15000,
  value: qty * 15000,
  pond_id: null,
  cycle_id: null,
  used_on: '2025-03-01',
  time: null,
  note: null,
  purchase_order_id: null,
  created_by: null,
  created_at: '2025-03-01T06:00:00.000Z',
  updated_at: '2025-03-01T06:00:00.000Z',
  deleted_at: null,
});

const answer = (body: unknown): Answer => ({ kind: 'response', status: 200, body });

describe('applyAnswer with related records', () => {
  const db = testDb();
  const clock = new ManualClock();
  afterEach(async () => {
    await Promise.all(db.tables.map((t) => t.clear()));
  });

  async function sentRestock(rows: ServerRecord[] = [movement(10)], method: 'POST' | 'DELETE' = 'POST') {
    await db.warehouseItems.put({ ...item(0), _status: 'synced' } as never);
    const id = await enqueueAction(
      db,
      {
        method,
        url: '/api/warehouse/w1/store',
        body: { id: 'm1', qty: 10 },
        table: 'warehouseMovements',
        rows,
      },
      clock,
    );
    await db.outbox.update(id, { status: 'sending' });
    const entry = (await db.outbox.get(id))!;
    return { id: entry.id, revision: entry.revision };
  }

  it('puts the item with its new stock in the mirror together with the acknowledgement', async () => {
    const ref = await sentRestock();
    const body = { message: 'ok', data: movement(10), related: { warehouseItems: [item(10)] } };
    expect((await applyAnswer(db, [ref], answer(body), clock)).verdict).toBe('ok');
    expect(await db.warehouseMovements.get('m1')).toMatchObject({ qty: 10, _status: 'synced' });
    expect(await db.warehouseItems.get('w1')).toMatchObject({ qty: 10, _status: 'synced' });
  });

  it('keeps what the user changed on an item whose own edit is still queued', async () => {
    const ref = await sentRestock();
    await updateRecord(db, WAREHOUSE_ITEMS, 'w1', { minimum_stock: 5 }, clock);
    const body = { message: 'ok', data: movement(10), related: { warehouseItems: [item(10)] } };
    await applyAnswer(db, [ref], answer(body), clock);
    const row = await db.warehouseItems.get('w1');
    expect(row).toMatchObject({ qty: 10, minimum_stock: 5, _status: 'pending' });
    expect(row?._base).toMatchObject({ qty: 10, minimum_stock: 2 });
  });

  it('applies nothing from an answer that arrives again (a replay after a newer pull)', async () => {
    const ref = await sentRestock();
    const body = { message: 'ok', data: movement(10), related: { warehouseItems: [item(10)] } };
    await applyAnswer(db, [ref], answer(body), clock);
    await db.warehouseItems.put({ ...item(4), _status: 'synced' } as never); // a later pull
    expect((await applyAnswer(db, [ref], answer(body), clock)).verdict).toBe('stale');
    expect(await db.warehouseItems.get('w1')).toMatchObject({ qty: 4 });
  });

  it('ignores related lists it has no mirror for, and malformed ones', async () => {
    const ref = await sentRestock();
    const body = {
      message: 'ok',
      data: movement(10),
      related: { nope: [item(99)], warehouseItems: 'x', farms: [null, 3] },
    };
    expect((await applyAnswer(db, [ref], answer(body), clock)).verdict).toBe('ok');
    expect(await db.warehouseItems.get('w1')).toMatchObject({ qty: 0 });
  });

  it('removes a row its acknowledged action deleted (a restock taken back), never shows it again', async () => {
    await db.warehouseMovements.put({ ...movement(10), _status: 'synced' } as never);
    const ref = await sentRestock([{ ...movement(10), _deleted: true } as never], 'DELETE');
    const body = { message: 'ok', data: null, related: { warehouseItems: [item(0)] } };
    await applyAnswer(db, [ref], answer(body), clock);
    expect(await db.warehouseMovements.get('m1')).toBeUndefined();
    expect(await db.warehouseItems.get('w1')).toMatchObject({ qty: 0, _status: 'synced' });
  });
});
