import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { deleteRecord, enqueueAction, saveRecords, updateRecord } from '#local/outbox';
import { BLOCKS, PONDS, WATER_GENERAL } from '#local/resources';
import { ManualClock, testDb } from '#local/test-kit';

const FARM = '01950000-0000-7000-8000-000000000001';
const POND = '01950000-0000-7000-8000-000000000002';
const reading = (ph: number) => ({
  farm_id: FARM,
  pond_id: POND,
  measured_at: '2025-03-01T06:00:00+07:00',
  ph,
});

describe('saveRecords', () => {
  const db = testDb();
  const clock = new ManualClock();
  afterEach(async () => {
    await Promise.all(db.tables.map((t) => t.clear()));
  });

  it('writes the record as pending and its outbox entry together', async () => {
    const [entryId] = await saveRecords(db, WATER_GENERAL, [reading(7.9)], clock);
    const [row] = await db.waterGeneral.toArray();
    const entry = await db.outbox.get(entryId);
    expect(row).toMatchObject({ ph: 7.9, _status: 'pending', _outboxId: entryId, _base: null });
    expect(row.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(entry).toMatchObject({
      kind: 'create',
      method: 'POST',
      url: '/api/water/general/bulk',
      bulk: true,
      table: 'waterGeneral',
      recordIds: [row.id],
      status: 'queued',
      attempts: 0,
      revision: 0,
    });
    expect(entry?.body).toEqual({ ...reading(7.9), id: row.id });
  });

  it('stores neither the record nor the entry when the outbox write fails', async () => {
    const boom = () => {
      throw new Error('disk full');
    };
    db.outbox.hook('creating', boom);
    try {
      await expect(saveRecords(db, WATER_GENERAL, [reading(7.9), reading(8.1)], clock)).rejects.toThrow();
    } finally {
      db.outbox.hook('creating').unsubscribe(boom);
    }
    expect(await db.waterGeneral.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('stores neither when a record id already exists (no silent overwrite)', async () => {
    const [first] = await saveRecords(db, WATER_GENERAL, [reading(7.9)], clock);
    const id = (await db.outbox.get(first))?.recordIds[0];
    await expect(
      saveRecords(db, WATER_GENERAL, [reading(8), { ...reading(8.2), id }], clock),
    ).rejects.toThrow();
    expect(await db.waterGeneral.count()).toBe(1);
    expect(await db.outbox.count()).toBe(1);
  });

  it('gives each record its own entry, in FIFO id order', async () => {
    const ids = await saveRecords(db, WATER_GENERAL, [reading(7), reading(7.5), reading(8)], clock);
    expect(ids).toEqual([...ids].sort());
    expect((await db.outbox.orderBy('id').toArray()).map((e) => e.body)).toMatchObject([
      { ph: 7 },
      { ph: 7.5 },
      { ph: 8 },
    ]);
  });
});

describe('updateRecord and deleteRecord', () => {
  const db = testDb();
  const clock = new ManualClock();
  afterEach(async () => {
    await Promise.all(db.tables.map((t) => t.clear()));
  });
  const syncedBlock = {
    block_id: 'b1',
    farm_id: FARM,
    block_name: 'Blok A',
    updated_at: 'T0',
    deleted_at: null,
  };

  it('folds an edit into the queued create, with a new revision', async () => {
    const [entryId] = await saveRecords(db, WATER_GENERAL, [reading(7)], clock);
    const id = (await db.outbox.get(entryId))!.recordIds[0];
    await updateRecord(db, WATER_GENERAL, id, { ph: 7.4 }, clock);
    const entries = await db.outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: 'create', revision: 1, body: { ph: 7.4, id } });
    expect(await db.waterGeneral.get(id)).toMatchObject({ ph: 7.4, _status: 'pending', _outboxId: entryId });
  });

  it('queues a PUT for a synced record and keeps the server version as base', async () => {
    await db.blocks.put({ ...syncedBlock, _status: 'synced' });
    await updateRecord(db, BLOCKS, 'b1', { block_name: 'Blok B' }, clock);
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ kind: 'update', method: 'PUT', url: '/api/block/b1/update' });
    expect(entry.body).toMatchObject({ block_name: 'Blok B' });
    expect(await db.blocks.get('b1')).toMatchObject({
      block_name: 'Blok B',
      _status: 'pending',
      _outboxId: entry.id,
      _base: syncedBlock,
    });
  });

  it('queues only the changed fields of an edit, with the version it started from (issue 12)', async () => {
    const row = { ...reading(7), id: 'r1', do: 5, temperature: 28, version: 4, conflicts: [] };
    await db.waterGeneral.put({ ...row, _status: 'synced' } as never);
    // The edit dialog hands over every field of its form; only pH was changed.
    await updateRecord(db, WATER_GENERAL, 'r1', { ph: 7.6, do: 5, temperature: 28 }, clock);
    const [entry] = await db.outbox.toArray();
    expect(entry.body).toEqual({ ph: 7.6 });
    expect(entry.patch).toMatchObject({ baseVersion: 4, editedAt: clock.now() });
    expect(entry.patch?.device).toMatch(/^[0-9a-f-]{36}$/);
    clock.advance(60_000);
    // A second edit while the first waits folds in: the field sets merge, the base stays.
    await updateRecord(db, WATER_GENERAL, 'r1', { do: 6.1 }, clock);
    const entries = await db.outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ revision: 1, body: { ph: 7.6, do: 6.1 } });
    expect(entries[0].patch).toMatchObject({ baseVersion: 4, editedAt: clock.now() });
    // Nothing changed: nothing queued.
    await updateRecord(db, WATER_GENERAL, 'r1', { ph: 7.6 }, clock);
    expect((await db.outbox.toArray())[0].revision).toBe(1);
  });

  it("leaves local-only fields out of the edit (a pond's block name travels as block_id)", async () => {
    await db.ponds.put({
      pond_id: 'p9',
      farm_id: FARM,
      block_id: 'b1',
      block_name: 'Blok A',
      name: 'Kolam 9',
      area: 900,
      version: 2,
      _status: 'synced',
    } as never);
    await updateRecord(
      db,
      PONDS,
      'p9',
      { block_id: 'b2', block_name: 'Blok B', name: 'Kolam 9', area: 900 },
      clock,
    );
    const [entry] = await db.outbox.toArray();
    expect(entry.body).toEqual({ block_id: 'b2' });
    expect(await db.ponds.get('p9')).toMatchObject({ block_name: 'Blok B', _status: 'pending' });
  });

  it('an edit behind an entry on the wire starts from the same base version', async () => {
    await db.waterGeneral.put({
      ...reading(7),
      id: 'r2',
      version: 2,
      conflicts: [],
      _status: 'synced',
    } as never);
    await updateRecord(db, WATER_GENERAL, 'r2', { ph: 7.1 }, clock);
    const [first] = await db.outbox.toArray();
    await db.outbox.update(first.id, { status: 'sending' });
    await updateRecord(db, WATER_GENERAL, 'r2', { ph: 7.3 }, clock);
    const entries = await db.outbox.orderBy('id').toArray();
    expect(entries.map((e) => [e.body, e.patch?.baseVersion])).toEqual([
      [{ ph: 7.1 }, 2],
      [{ ph: 7.3 }, 2],
    ]);
    expect(entries[1].patch?.device).toBe(entries[0].patch?.device);
  });

  it('appends a new entry when the owning one is already on the wire', async () => {
    const [createId] = await saveRecords(db, WATER_GENERAL, [reading(7)], clock);
    await db.outbox.update(createId, { status: 'sending' });
    const id = (await db.outbox.get(createId))!.recordIds[0];
    await updateRecord(db, WATER_GENERAL, id, { ph: 7.2 }, clock);
    const entries = await db.outbox.orderBy('id').toArray();
    expect(entries.map((e) => e.kind)).toEqual(['create', 'update']);
    expect(entries[0].body).toMatchObject({ ph: 7 });
    expect((await db.waterGeneral.get(id))?._outboxId).toBe(entries[1].id);
  });

  it('keeps the body of a create sent once (its answer lost): the edit goes behind it', async () => {
    // The server stores a create's first body only; a resent create with the edit folded
    // in would be answered with the stored record and the edit lost (chaos seeds 3014, 3118).
    const [createId] = await saveRecords(db, WATER_GENERAL, [reading(7)], clock);
    await db.outbox.update(createId, { sent: true }); // back in the queue after a lost answer
    const id = (await db.outbox.get(createId))!.recordIds[0];
    await updateRecord(db, WATER_GENERAL, id, { ph: 7.2 }, clock);
    const entries = await db.outbox.orderBy('id').toArray();
    expect(entries.map((e) => [e.kind, e.revision, e.body])).toEqual([
      ['create', 0, { ...reading(7), id }],
      ['update', 0, { ph: 7.2 }],
    ]);
    expect(entries[1].patch?.baseVersion).toBe(1);
    expect(await db.waterGeneral.get(id)).toMatchObject({ ph: 7.2, _outboxId: entries[1].id });
  });

  it('queues a DELETE for a create sent once instead of forgetting it (the server may hold it)', async () => {
    const [createId] = await saveRecords(db, WATER_GENERAL, [reading(7)], clock);
    await db.outbox.update(createId, { sent: true });
    const id = (await db.outbox.get(createId))!.recordIds[0];
    await deleteRecord(db, WATER_GENERAL, id, clock);
    const entries = await db.outbox.toArray();
    expect(entries.map((e) => [e.kind, e.method])).toEqual([['delete', 'DELETE']]);
    expect(await db.waterGeneral.get(id)).toMatchObject({ _deleted: true, _status: 'pending' });
  });

  it('forgets a create that never left the device when it is deleted', async () => {
    const [entryId] = await saveRecords(db, WATER_GENERAL, [reading(7)], clock);
    const id = (await db.outbox.get(entryId))!.recordIds[0];
    await deleteRecord(db, WATER_GENERAL, id, clock);
    expect(await db.waterGeneral.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('queues a DELETE for a synced record and hides it until accepted', async () => {
    await db.blocks.put({ ...syncedBlock, _status: 'synced' });
    await deleteRecord(db, BLOCKS, 'b1', clock);
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ kind: 'delete', method: 'DELETE', url: '/api/block/b1/delete' });
    expect(await db.blocks.get('b1')).toMatchObject({
      _deleted: true,
      _status: 'pending',
      _base: syncedBlock,
    });
    await expect(updateRecord(db, BLOCKS, 'b1', { block_name: 'x' }, clock)).rejects.toThrow(/deleted/);
  });

  it('turns a queued update into the DELETE (one request, same place in the queue)', async () => {
    await db.blocks.put({ ...syncedBlock, _status: 'synced' });
    await updateRecord(db, BLOCKS, 'b1', { block_name: 'Blok B' }, clock);
    await deleteRecord(db, BLOCKS, 'b1', clock);
    const entries = await db.outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: 'delete', method: 'DELETE', revision: 1, body: null });
    expect((await db.blocks.get('b1'))?._base).toEqual(syncedBlock);
  });

  it('queues an action with its local effect in the same transaction', async () => {
    await db.blocks.put({ ...syncedBlock, _status: 'synced' });
    const entryId = await enqueueAction(
      db,
      {
        method: 'POST',
        url: '/api/block/b1/archive',
        body: { x: 1 },
        table: 'blocks',
        rows: [{ block_id: 'b1', block_name: 'Arsip' }],
      },
      clock,
    );
    expect(await db.outbox.get(entryId)).toMatchObject({
      kind: 'action',
      recordIds: ['b1'],
      table: 'blocks',
    });
    expect(await db.blocks.get('b1')).toMatchObject({
      block_name: 'Arsip',
      _status: 'pending',
      _base: syncedBlock,
    });
  });
});
