import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { Local } from '#local/db';
import { testDb } from '#local/test-kit';
import type { Cycle } from '#shared/contracts/cycle';
import { endCycle, removeCycle, startCycle, updateCycleDates } from './cycle-writes.ts';

const synced: Local<Cycle> = {
  cycle_id: '01950000-0000-7000-8000-0000000000c1',
  farm_id: 'f',
  pond_id: 'p',
  cycle_number: 1,
  start_date: '2025-01-01',
  end_date: 0,
  is_active: true,
  doc: 10,
  created_at: '',
  updated_at: '',
  deleted_at: null,
  _status: 'synced',
};

describe('cycle writes', () => {
  const db = testDb();
  afterEach(async () => {
    await Promise.all(db.tables.map((t) => t.clear()));
  });

  it('starts a cycle on the phone: pending row and a queued POST /api/cycle', async () => {
    const id = await startCycle(db, {
      farmId: 'f',
      pondId: 'p',
      startDate: '2025-03-01',
      today: '2025-03-10',
      cycles: [synced],
    });
    expect(await db.cycles.get(id)).toMatchObject({
      pond_id: 'p',
      start_date: '2025-03-01',
      end_date: 0,
      cycle_number: 2,
      doc: 10,
      _status: 'pending',
    });
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ kind: 'create', method: 'POST', url: '/api/cycle', recordIds: [id] });
    expect(entry.body).toMatchObject({ cycle_id: id, pond_id: 'p', start_date: '2025-03-01' });
  });

  it('ends a cycle as an action that also ends the local row', async () => {
    await db.cycles.put(synced);
    await endCycle(db, synced, '2025-03-01');
    expect(await db.cycles.get(synced.cycle_id)).toMatchObject({
      end_date: '2025-03-01',
      is_active: false,
      doc: 60,
      _status: 'pending',
      _base: { end_date: 0 },
    });
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({
      kind: 'action',
      method: 'POST',
      url: `/api/cycle/${synced.cycle_id}/end`,
      body: { end_date: '2025-03-01' },
    });
  });

  it('re-dates through PUT update and deletes through DELETE', async () => {
    await db.cycles.put(synced);
    await updateCycleDates(db, synced, '2025-01-05', 0, '2025-01-10');
    expect(await db.cycles.get(synced.cycle_id)).toMatchObject({ start_date: '2025-01-05', doc: 6 });
    await removeCycle(db, synced.cycle_id);
    const methods = (await db.outbox.toArray()).map((e) => e.method);
    expect(methods).toEqual(['DELETE']); // the unsent edit folded into the delete
    expect(await db.cycles.get(synced.cycle_id)).toMatchObject({ _deleted: true });
  });
});
