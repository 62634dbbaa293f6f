import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { DEATHS } from '#local/resources';
import { applyHistory, applyPull, inSlices, nextSlice } from '#local/sync/apply-rows';
import { deathRecord, testDb } from '#local/test-kit';

/** ADR 0133: a long write goes in slices, each its own transaction, the page given its turn between. */
const FARM = 'f1';
const death = (n: number, count = n, updated_at?: string) =>
  deathRecord(`d${String(n).padStart(5, '0')}`, count, updated_at);
const deaths = (n: number) => Array.from({ length: n }, (_, i) => death(i + 1));

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

  /** Counts the committed write transactions over `deaths` while `run` runs, and calls `after(n)` after the n-th. */
  async function countingCommits(run: () => Promise<unknown>, after?: (n: number) => void): Promise<number> {
    let commits = 0;
    const listen = (parts: Record<string, unknown>) => {
      if (!Object.keys(parts).some((part) => part.includes('/deaths/'))) return;
      commits += 1;
      after?.(commits);
    };
    Dexie.on('storagemutated', listen);
    try {
      await run();
    } finally {
      Dexie.on('storagemutated').unsubscribe(listen);
    }
    return commits;
  }

  it('writes a first pull of 1,500 rows into an empty mirror whole, in more than one transaction', async () => {
    let applied = 0;
    const commits = await countingCommits(async () => {
      applied = await applyPull(db, DEATHS, FARM, deaths(1500), true);
    });
    expect(applied).toBe(1500);
    expect(await db.deaths.count()).toBe(1500);
    expect(commits).toBeGreaterThan(1);
    expect((await db.deaths.get('d01500'))?._status).toBe('synced');
  });

  it('keeps what changed on the phone between two slices of the rest, and takes only newer versions', async () => {
    // The running part is in; one row has an unsent edit, another a newer version.
    await db.deaths.bulkPut([
      { ...death(10, 99), _status: 'pending' },
      { ...death(700, 70, '2026-03-01T00:00:00.000Z'), _status: 'synced' },
    ] as never);
    let applied = 0;
    const commits = await countingCommits(
      async () => {
        applied = await applyHistory(db, DEATHS, deaths(1200));
      },
      // After the first slice the keeper edits a record of a later slice.
      (n) => {
        if (n === 1) void db.deaths.put({ ...death(1100, 5), _status: 'pending' } as never);
      },
    );
    expect(commits).toBeGreaterThan(2);
    expect(applied).toBe(1197);
    const rows = await db.deaths.bulkGet(['d00010', 'd00700', 'd01100', 'd01200']);
    expect(rows.map((r) => [r?.count, r?._status])).toEqual([
      [99, 'pending'],
      [70, 'synced'],
      [5, 'pending'],
      [1200, 'synced'],
    ]);
  });
});
