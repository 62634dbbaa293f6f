import 'fake-indexeddb/auto';
import { liveQuery } from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEATHS } from '#local/resources';
import { applyHistory, applyPull, historyChoice } from '#local/sync/apply-rows';
import { inSlices, nextSlice, writeQuietly, yieldToPage } from '#local/sync/quiet-write';
import { deathRecord, testDb } from '#local/test-kit';

/** ADR 0133: a long write goes in slices straight to IndexedDB, the page given its turn between, the live queries told once. */
const FARM = 'f1';
const death = (n: number, count = n, updated_at?: string) =>
  deathRecord(`d${String(n).padStart(5, '0')}`, count, updated_at);
const deaths = (n: number) => Array.from({ length: n }, (_, i) => death(i + 1));

/** Resolves once `check` holds, looking again every few ms (at most 5 s). */
async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  const end = Date.now() + 5000;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not reached in 5 s');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('slices of a long write', () => {
  const db = testDb();
  afterEach(async () => {
    await Promise.all(db.tables.map((t) => t.clear()));
  });

  it('sizes the next slice toward 25 ms, at most doubling and within 50–4,000 rows', () => {
    expect(nextSlice(200, 50)).toBe(100);
    expect(nextSlice(200, 10)).toBe(400);
    expect(nextSlice(200, 1)).toBe(400);
    expect(nextSlice(200, 0)).toBe(400);
    expect(nextSlice(100, 1000)).toBe(50);
    expect(nextSlice(3000, 5)).toBe(4000);
  });

  it('waits for a task between two slices on a shown page, not on a hidden one (its timers are throttled)', async () => {
    vi.useFakeTimers();
    try {
      let paused = false;
      const shown = yieldToPage().then(() => {
        paused = true;
      });
      await Promise.resolve();
      expect(paused).toBe(false);
      await vi.runAllTimersAsync();
      await shown;
      expect(paused).toBe(true);
      vi.stubGlobal('document', { visibilityState: 'hidden' });
      // Resolves with no timer run.
      await yieldToPage();
    } finally {
      vi.unstubAllGlobals();
      vi.useRealTimers();
    }
  });

  it('writes every row, a pause between two slices and none after the last', async () => {
    const seen: number[][] = [];
    let pauses = 0;
    const total = await inSlices(
      Array.from({ length: 1000 }, (_, i) => i),
      async (slice) => {
        seen.push([pauses, slice.length]);
        return slice.length;
      },
      async () => {
        pauses += 1;
      },
    );
    expect(total).toBe(1000);
    expect(seen.flatMap(([, n]) => n).reduce((a, b) => a + b, 0)).toBe(1000);
    expect(seen.length).toBeGreaterThan(1);
    expect(pauses).toBe(seen.length - 1);
    // Each slice after the first waited for its pause.
    expect(seen.map(([p]) => p)).toEqual(seen.map((_, i) => i));
    expect(await inSlices([], async () => 1)).toBe(0);
  });

  it('writes a first pull of 1,500 rows into an empty mirror whole; a live query over the table runs again once and sees them all', async () => {
    const counts: number[] = [];
    // A read Dexie keeps a cached answer for: the announcement must drop it, not only wake the query.
    const watch = liveQuery(() => db.deaths.where('farm_id').equals(FARM).toArray()).subscribe((rows) =>
      counts.push(rows.length),
    );
    try {
      await until(() => counts.length === 1);
      expect(await applyPull(db, DEATHS, FARM, deaths(1500), true)).toBe(1500);
      await until(() => counts.at(-1) === 1500);
      expect(counts).toEqual([0, 1500]);
      expect((await db.deaths.get('d01500'))?._status).toBe('synced');
    } finally {
      watch.unsubscribe();
    }
  });

  it('keeps an unsent edit and a newer version of the rest, and adds what is missing', async () => {
    await db.deaths.bulkPut([
      { ...death(10, 99), _status: 'pending' },
      { ...death(700, 70, '2026-03-01T00:00:00.000Z'), _status: 'synced' },
      { ...death(800, 80, '2025-03-01T00:00:00.000Z'), _status: 'synced' },
    ] as never);
    expect(await applyHistory(db, DEATHS, deaths(1200))).toBe(1198);
    const rows = await db.deaths.bulkGet(['d00010', 'd00700', 'd00800', 'd01200']);
    expect(rows.map((r) => [r?.count, r?._status])).toEqual([
      [99, 'pending'],
      [70, 'synced'],
      [800, 'synced'],
      [1200, 'synced'],
    ]);
  });

  it('keeps an edit the keeper makes between two slices', async () => {
    let pauses = 0;
    const written = await writeQuietly(db, 'deaths', deaths(1200), historyChoice, async () => {
      pauses += 1;
      // After the first slice he edits a record of a later slice.
      if (pauses === 1) await db.deaths.put({ ...death(1100, 5), _status: 'pending' } as never);
    });
    expect(pauses).toBeGreaterThan(1);
    expect(written).toBe(1199);
    const rows = await db.deaths.bulkGet(['d00001', 'd01100', 'd01200']);
    expect(rows.map((r) => [r?.count, r?._status])).toEqual([
      [1, 'synced'],
      [5, 'pending'],
      [1200, 'synced'],
    ]);
  });
});
