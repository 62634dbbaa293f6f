import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { applyJournal, saveRecordsJournaled } from '#local/journal';
import { clearLocalData, countUnsynced } from '#local/logout-guard';
import { prepareCreates } from '#local/outbox';
import { WAREHOUSE_MOVEMENTS } from '#local/resources';
import { readSummary } from '#local/sync/summary';
import { ManualClock, testDb } from '#local/test-kit';

const FARM = 'f1';
const use = (pond: string, time: string) => ({
  farm_id: FARM,
  warehouse_id: 'item-1',
  pond_id: pond,
  type: 'use',
  qty: 2.125,
  used_on: '2026-03-01',
  feed_time: time,
});
const entry = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    use(`p${Math.floor(i / 4)}`, ['06:00', '10:00', '14:00', '18:00'][i % 4]),
  );

describe('journaled saves (large entries in one write)', () => {
  const db = testDb();
  afterEach(async () => {
    await Promise.all(db.tables.map((t) => t.clear()));
  });

  it('a save is one journal write; applied, every row and entry lands once and the journal is empty', async () => {
    const { entryIds, applied } = await saveRecordsJournaled(
      db,
      WAREHOUSE_MOVEMENTS,
      entry(120),
      new ManualClock(),
    );
    expect(entryIds).toHaveLength(120);
    await applied;
    expect(await db.journal.count()).toBe(0);
    expect(await db.warehouseMovements.count()).toBe(120);
    const outbox = await db.outbox.orderBy('id').toArray();
    expect(outbox.map((e) => e.id)).toEqual(entryIds);
    const rows = await db.warehouseMovements.toArray();
    expect(rows.every((r) => r._status === 'pending' && entryIds.includes(r._outboxId as string))).toBe(true);
  });

  it('a document left by a closed app counts as waiting, and is applied once however many callers race', async () => {
    const { rows, entries } = prepareCreates(db, WAREHOUSE_MOVEMENTS, entry(8), new ManualClock());
    await db.journal.add({ id: 'j1', table: 'warehouseMovements', rows, entries });
    expect((await readSummary(db)).queued).toBe(8);
    expect((await countUnsynced(db)).total).toBe(8);
    await Promise.all([applyJournal(db), applyJournal(db), applyJournal(db)]);
    expect(await db.warehouseMovements.count()).toBe(8);
    expect(await db.outbox.count()).toBe(8);
    expect((await readSummary(db)).queued).toBe(8);
  });

  it('a document that cannot be applied stays (still counted) and does not stop the others', async () => {
    const clock = new ManualClock();
    const bad = prepareCreates(db, WAREHOUSE_MOVEMENTS, entry(2), clock);
    // Its first row already exists: the apply aborts as a whole, nothing half-written.
    await db.warehouseMovements.add(bad.rows[0] as never);
    await db.journal.add({ id: 'j1', table: 'warehouseMovements', ...bad });
    const good = prepareCreates(db, WAREHOUSE_MOVEMENTS, entry(3), clock);
    await db.journal.add({ id: 'j2', table: 'warehouseMovements', ...good });
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      await applyJournal(db);
    } finally {
      console.error = original;
    }
    expect(errors).toHaveLength(1);
    expect(await db.journal.count()).toBe(1);
    expect(await db.outbox.count()).toBe(3);
    expect((await readSummary(db)).queued).toBe(5);
  });

  it('an apply that failed does not stop the next one', async () => {
    const { rows, entries } = prepareCreates(db, WAREHOUSE_MOVEMENTS, entry(2), new ManualClock());
    await db.journal.add({ id: 'j1', table: 'warehouseMovements', rows, entries });
    const keys = db.journal.toCollection;
    // The first run cannot even list the journal (as with a database closing under it).
    db.journal.toCollection = () => {
      db.journal.toCollection = keys;
      throw new Error('closing');
    };
    const failed = applyJournal(db);
    // Asked again while the first is running: it runs after it, failed or not.
    const again = applyJournal(db);
    await expect(failed).rejects.toThrow('closing');
    await again;
    expect(await db.outbox.count()).toBe(2);
  });

  it('signing out keeps a journaled save with the other unsent records, or drops it with them', async () => {
    const clock = new ManualClock();
    const first = prepareCreates(db, WAREHOUSE_MOVEMENTS, entry(4), clock);
    await db.journal.add({ id: 'j1', table: 'warehouseMovements', ...first });
    await clearLocalData(db, { keepOutbox: true });
    expect(await db.journal.count()).toBe(0);
    expect(await db.warehouseMovements.count()).toBe(4);
    expect(await db.outbox.count()).toBe(4);
    const second = prepareCreates(db, WAREHOUSE_MOVEMENTS, entry(4), clock);
    await db.journal.add({ id: 'j2', table: 'warehouseMovements', ...second });
    await clearLocalData(db, { keepOutbox: false });
    expect(await db.journal.count()).toBe(0);
    expect(await db.warehouseMovements.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });
});
