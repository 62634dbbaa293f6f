import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { saveDraft } from '#local/drafts';
import { clearLocalData, countUnsynced } from '#local/logout-guard';
import { saveRecords } from '#local/outbox';
import { BLOCKS } from '#local/resources';
import { ManualClock, testDb } from '#local/test-kit';

describe('logout guard', () => {
  const db = testDb();
  const clock = new ManualClock();
  afterEach(async () => {
    await Promise.all(db.tables.map((t) => t.clear()));
  });

  async function someData() {
    await db.blocks.put({
      block_id: 'b1',
      farm_id: 'f1',
      block_name: 'A',
      updated_at: 'T',
      deleted_at: null,
      _status: 'synced',
    });
    await saveRecords(db, BLOCKS, [{ farm_id: 'f1', block_name: 'Unsent' }], clock);
    await saveDraft(db, 'f1', 'water-quality', { ph: 8 }, clock);
    await db.syncState.put({ key: 'cursor:blocks:f1', since: 'T' });
    await db.answers.put({ key: 'user', data: { email: 'ani@example.com' }, fetchedAt: 1 });
  }

  it('counts what is not on the server yet', async () => {
    await someData();
    expect(await countUnsynced(db)).toMatchObject({ queued: 1, total: 1 });
  });

  it('keeps queued records and their rows when asked to', async () => {
    await someData();
    await clearLocalData(db, { keepOutbox: true });
    expect((await db.blocks.toArray()).map((b) => b.block_name)).toEqual(['Unsent']);
    expect(await db.outbox.count()).toBe(1);
    expect(await db.drafts.count()).toBe(0);
    expect(await db.syncState.count()).toBe(0);
    // The user's online answers go even when the queue stays.
    expect(await db.answers.count()).toBe(0);
  });

  it('clears everything, queue included, only when told so', async () => {
    await someData();
    await clearLocalData(db, { keepOutbox: false });
    expect(await db.blocks.count()).toBe(0);
    expect((await countUnsynced(db)).total).toBe(0);
  });
});
