import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { deleteRecord, enqueueAction, saveRecords, updateRecord } from '#local/outbox';
import { WATER_GENERAL } from '#local/resources';
import { applyAnswer, markInWorker } from '#local/sync/apply-answer';
import type { Answer } from '#local/sync/classify';
import { discardEntry } from '#local/sync/failed-actions';
import { ManualClock, testDb } from '#local/test-kit';

const reading = (ph: number) => ({
  farm_id: 'f1',
  pond_id: 'p1',
  measured_at: '2025-03-01T06:00:00+07:00',
  ph,
});
const okFor = (ids: string[]): Answer => ({
  kind: 'response',
  status: 200,
  body: { message: 'ok', data: { results: ids.map((id) => ({ id, status: 'ok' })) } },
});

describe('applyAnswer', () => {
  const db = testDb();
  const clock = new ManualClock();
  afterEach(async () => {
    await Promise.all(db.tables.map((t) => t.clear()));
  });

  async function sentCreate(ph = 7) {
    const [entryId] = await saveRecords(db, WATER_GENERAL, [reading(ph)], clock);
    await db.outbox.update(entryId, { status: 'sending' });
    const entry = (await db.outbox.get(entryId))!;
    return { entry, id: entry.recordIds[0], ref: { id: entryId, revision: entry.revision } };
  }

  it('is harmless when the same answer is applied twice (a replay)', async () => {
    const { id, ref } = await sentCreate();
    expect((await applyAnswer(db, [ref], okFor([id]), clock)).verdict).toBe('ok');
    const after = await db.waterGeneral.get(id);
    expect((await applyAnswer(db, [ref], okFor([id]), clock)).verdict).toBe('stale');
    expect(await db.waterGeneral.get(id)).toEqual(after);
    expect(await db.outbox.count()).toBe(0);
  });

  it('ignores an answer to an older revision: the newer edit still gets sent', async () => {
    const { id, ref } = await sentCreate();
    // The page took the entry back (queued again) and the user edited it meanwhile.
    await db.outbox.update(ref.id, { status: 'queued' });
    await updateRecord(db, WATER_GENERAL, id, { ph: 7.6 }, clock);
    expect((await applyAnswer(db, [ref], okFor([id]), clock)).verdict).toBe('stale');
    expect(await db.waterGeneral.get(id)).toMatchObject({ ph: 7.6, _status: 'pending' });
    expect(await db.outbox.get(ref.id)).toMatchObject({ status: 'queued', revision: 1 });
  });

  it('leaves a row alone that a newer entry owns (edit made while the create was on the wire)', async () => {
    const { id, ref } = await sentCreate();
    await updateRecord(db, WATER_GENERAL, id, { ph: 7.8 }, clock);
    const outcome = await applyAnswer(db, [ref], okFor([id]), clock);
    expect(outcome.synced).toEqual([]);
    expect(await db.waterGeneral.get(id)).toMatchObject({ ph: 7.8, _status: 'pending' });
    expect(await db.outbox.count()).toBe(1); // the update, still to be sent
  });

  it('keeps what the server accepted under a newer delete: a refused delete, discarded, brings the record back', async () => {
    const { id, ref } = await sentCreate(7.2);
    await deleteRecord(db, WATER_GENERAL, id, clock);
    await applyAnswer(db, [ref], okFor([id]), clock);
    expect(await db.waterGeneral.get(id)).toMatchObject({ _deleted: true, _base: { ph: 7.2 } });
    const del = (await db.outbox.toArray())[0];
    expect(del).toMatchObject({ kind: 'delete' });
    await db.outbox.update(del.id, { status: 'sending' });
    const forbidden: Answer = {
      kind: 'response',
      status: 403,
      body: { message: 'forbidden', code: 'forbidden' },
    };
    await applyAnswer(db, [{ id: del.id, revision: del.revision }], forbidden, clock);
    expect(await db.waterGeneral.get(id)).toMatchObject({ _status: 'failed', _deleted: true });
    await discardEntry(db, del.id);
    expect(await db.waterGeneral.get(id)).toMatchObject({ ph: 7.2, _status: 'synced' });
  });

  it('drops a refused entry whose rows were all superseded, keeping the newer one', async () => {
    const { id, ref } = await sentCreate();
    await updateRecord(db, WATER_GENERAL, id, { ph: 7.8 }, clock);
    const refused: Answer = {
      kind: 'response',
      status: 400,
      body: { message: 'bad', code: 'validation-failed' },
    };
    await applyAnswer(db, [ref], refused, clock);
    expect(await db.outbox.get(ref.id)).toBeUndefined();
    expect((await db.outbox.toArray())[0]).toMatchObject({ kind: 'update', status: 'queued' });
  });

  it('takes the server version of each record an action answers as a list (keep both)', async () => {
    const { id, ref } = await sentCreate();
    // "Keep both" queued while the create was on the wire: the create's answer finds the row owned by the action.
    const actionId = await enqueueAction(
      db,
      {
        method: 'POST',
        url: '/api/water/general/keepBoth',
        table: 'waterGeneral',
        rows: [{ id, slot_kept_at: 'x' }],
      },
      clock,
    );
    await applyAnswer(db, [ref], okFor([id]), clock);
    await db.outbox.update(actionId, { status: 'sending' });
    const stored = {
      id,
      ph: 7,
      created_at: '2025-03-01T06:01:00.000Z',
      slot_kept_at: '2025-03-01T06:02:00.000Z',
    };
    const answer: Answer = { kind: 'response', status: 200, body: { message: 'ok', data: [stored] } };
    const action = (await db.outbox.get(actionId))!;
    const outcome = await applyAnswer(db, [{ id: actionId, revision: action.revision }], answer, clock);
    expect(outcome.verdict).toBe('ok');
    expect(await db.waterGeneral.get(id)).toMatchObject({ ...stored, _status: 'synced' });
  });

  it('moves entries to the worker only while they are being sent', async () => {
    const { ref } = await sentCreate();
    expect(await markInWorker(db, [ref], clock.now())).toEqual([ref.id]);
    expect(await markInWorker(db, [ref], clock.now())).toEqual([]);
    const queued: Answer = {
      kind: 'response',
      status: 503,
      body: { message: 'q', code: 'queued-by-worker' },
    };
    expect((await applyAnswer(db, [ref], queued, clock)).verdict).toBe('in-worker');
    expect(await db.outbox.get(ref.id)).toMatchObject({ status: 'in-worker', since: clock.now() });
  });
});
