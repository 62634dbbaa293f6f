import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { deleteRecord, saveRecords, updateRecord } from '#local/outbox';
import { BLOCKS, WATER_GENERAL } from '#local/resources';
import { discardEntry, retryEntry } from '#local/sync/failed-actions';
import { drainOutbox } from '#local/sync/push';
import { listFailed, readSummary } from '#local/sync/summary';
import { bulkOk, FakeServer, ManualClock, status, testDb } from '#local/test-kit';

const FARM = 'f1';
const synced = { block_id: 'b1', farm_id: FARM, block_name: 'Blok A', updated_at: 'T0', deleted_at: null };
const refused = status(400, {
  message: 'Nama sudah dipakai',
  code: 'validation-failed',
  errors: { block_name: ['dipakai'] },
});

describe('failed records', () => {
  const db = testDb();
  const clock = new ManualClock();
  afterEach(async () => {
    await Promise.all(db.tables.map((t) => t.clear()));
  });
  const drain = (server: FakeServer) => drainOutbox({ db, transport: server.transport, clock });

  async function failedCreate() {
    const [entryId] = await saveRecords(db, BLOCKS, [{ farm_id: FARM, block_name: 'Blok A' }], clock);
    await drain(new FakeServer(refused));
    const entry = (await db.outbox.get(entryId))!;
    return { entryId, id: entry.recordIds[0] };
  }

  it('lists each refused write with its reason and record', async () => {
    const { entryId, id } = await failedCreate();
    const [item] = await listFailed(db);
    expect(item.entry).toMatchObject({
      id: entryId,
      status: 'failed',
      lastError: { message: 'Nama sudah dipakai' },
    });
    expect(item.records.map((r) => r.block_id)).toEqual([id]);
    expect(item.records[0]._error?.fields).toEqual({ block_name: ['dipakai'] });
    expect(await readSummary(db)).toMatchObject({ failed: 1, total: 1 });
  });

  it('retries with a new Idempotency-Key and settles the record', async () => {
    const { entryId, id } = await failedCreate();
    expect(await retryEntry(db, entryId, clock)).toBe(true);
    expect(await db.blocks.get(id)).toMatchObject({ _status: 'pending' });
    expect((await db.blocks.get(id))?._error).toBeUndefined();
    const server = new FakeServer(bulkOk);
    await drain(server);
    expect(server.requests[0].headers?.['Idempotency-Key']).toBe(`${entryId}.1`);
    expect(await db.blocks.get(id)).toMatchObject({ _status: 'synced' });
  });

  it('requeues a failed record when the user edits it', async () => {
    const { entryId, id } = await failedCreate();
    await updateRecord(db, BLOCKS, id, { block_name: 'Blok A2' }, clock);
    expect(await db.outbox.get(entryId)).toMatchObject({
      status: 'queued',
      attempts: 0,
      body: { block_name: 'Blok A2' },
    });
    const server = new FakeServer(bulkOk);
    await drain(server);
    expect(server.requests[0].body).toMatchObject({ block_name: 'Blok A2' });
    expect(await db.outbox.count()).toBe(0);
  });

  it('discards a refused create: the record disappears', async () => {
    const { entryId, id } = await failedCreate();
    expect(await discardEntry(db, entryId)).toEqual([{ table: 'blocks', id, entryId }]);
    expect(await db.blocks.get(id)).toBeUndefined();
    expect(await db.outbox.count()).toBe(0);
  });

  it('discards a refused edit: the server version comes back', async () => {
    await db.blocks.put({ ...synced, _status: 'synced' });
    await updateRecord(db, BLOCKS, 'b1', { block_name: 'Local' }, clock);
    await drain(new FakeServer(refused));
    const [entry] = await db.outbox.toArray();
    await discardEntry(db, entry.id);
    expect(await db.blocks.get('b1')).toEqual({ ...synced, _status: 'synced' });
  });

  it('discards a refused delete: the record shows again', async () => {
    await db.blocks.put({ ...synced, _status: 'synced' });
    await deleteRecord(db, BLOCKS, 'b1', clock);
    await drain(new FakeServer(status(409, { message: 'Blok masih berisi kolam', code: 'block-not-empty' })));
    expect(await db.blocks.get('b1')).toMatchObject({ _deleted: true, _status: 'failed' });
    const [entry] = await db.outbox.toArray();
    await discardEntry(db, entry.id);
    expect(await db.blocks.get('b1')).toEqual({ ...synced, _status: 'synced' });
  });

  it('refuses to discard an entry that is on the wire right now', async () => {
    const [entryId] = await saveRecords(db, WATER_GENERAL, [{ farm_id: FARM, pond_id: 'p', ph: 7 }], clock);
    await db.outbox.update(entryId, { status: 'sending' });
    await expect(discardEntry(db, entryId)).rejects.toThrow(/being sent/);
  });
});
