import { describe, expect, it } from 'vitest';
import { UpsertBatcher } from './upsert-batcher.ts';

type Row = { id: string; bad?: boolean };
const rows = (...ids: string[]): Row[] => ids.map((id) => ({ id }));

/** A write whose statements end only when the test says so; records what each carried. */
function heldWrite() {
  const calls: { ids: string[]; overwritable: string[]; end: () => void; fail: (e: Error) => void }[] = [];
  const write = (batch: Row[], overwritable: string[]) =>
    new Promise<Set<string>>((resolve, reject) => {
      const ids = batch.map((r) => r.id);
      const end = () =>
        batch.some((r) => r.bad)
          ? reject(new Error('bad row'))
          : resolve(new Set(ids.filter((id) => !id.startsWith('kept'))));
      calls.push({ ids, overwritable, end, fail: reject });
    });
  return { calls, write };
}
const settle = () => new Promise((r) => setImmediate(r));

describe('UpsertBatcher', () => {
  it('sends a write at once while a statement slot is free', async () => {
    const { calls, write } = heldWrite();
    const b = new UpsertBatcher(write, 2, 1000);
    const first = b.submit({ rows: rows('a'), overwritable: [] });
    const second = b.submit({ rows: rows('b'), overwritable: ['b'] });
    expect(calls.map((c) => c.ids)).toEqual([['a'], ['b']]);
    for (const c of calls) c.end();
    expect(await first).toEqual(new Set(['a']));
    expect(await second).toEqual(new Set(['b']));
  });

  it('sends the writes that waited for a slot together, and answers each its own ids', async () => {
    const { calls, write } = heldWrite();
    const b = new UpsertBatcher(write, 1, 1000);
    const first = b.submit({ rows: rows('a'), overwritable: [] });
    const later = [
      b.submit({ rows: rows('b1', 'kept-b'), overwritable: ['b1'] }),
      b.submit({ rows: rows('c1'), overwritable: [] }),
      b.submit({ rows: rows('d1', 'd2'), overwritable: ['d2'] }),
    ];
    expect(calls).toHaveLength(1);
    calls[0].end();
    await first;
    await settle();
    expect(calls.map((c) => c.ids)).toEqual([['a'], ['b1', 'kept-b', 'c1', 'd1', 'd2']]);
    expect(calls[1].overwritable).toEqual(['b1', 'd2']);
    calls[1].end();
    expect(await Promise.all(later)).toEqual([new Set(['b1']), new Set(['c1']), new Set(['d1', 'd2'])]);
  });

  it('never puts one id twice in a statement: the second write waits for the next one', async () => {
    const { calls, write } = heldWrite();
    const b = new UpsertBatcher(write, 1, 1000);
    const first = b.submit({ rows: rows('a'), overwritable: [] });
    const replayA = b.submit({ rows: rows('x', 'y'), overwritable: [] });
    const replayB = b.submit({ rows: rows('y'), overwritable: [] });
    const other = b.submit({ rows: rows('z'), overwritable: [] });
    calls[0].end();
    await first;
    await settle();
    expect(calls[1].ids).toEqual(['x', 'y', 'z']);
    calls[1].end();
    await Promise.all([replayA, other]);
    await settle();
    expect(calls[2].ids).toEqual(['y']);
    calls[2].end();
    expect(await replayB).toEqual(new Set(['y']));
  });

  it('keeps a statement within its rows, taking the waiting writes in order', async () => {
    const { calls, write } = heldWrite();
    const b = new UpsertBatcher(write, 1, 3);
    const all = [
      b.submit({ rows: rows('a'), overwritable: [] }),
      b.submit({ rows: rows('b1', 'b2'), overwritable: [] }),
      b.submit({ rows: rows('c1', 'c2'), overwritable: [] }),
      b.submit({ rows: rows('d1'), overwritable: [] }),
    ];
    for (let i = 0; i < 3; i++) {
      calls[i].end();
      await settle();
    }
    expect(calls.map((c) => c.ids)).toEqual([['a'], ['b1', 'b2'], ['c1', 'c2', 'd1']]);
    await Promise.all(all);
  });

  it('writes each job of a failed batch on its own: only the job with the bad row fails', async () => {
    const { calls, write } = heldWrite();
    const b = new UpsertBatcher(write, 1, 1000);
    const first = b.submit({ rows: rows('a'), overwritable: [] });
    const good = b.submit({ rows: rows('g'), overwritable: [] });
    const bad = b.submit({ rows: [{ id: 'b', bad: true }], overwritable: [] }).then(
      () => 'written',
      (e: Error) => e.message,
    );
    const good2 = b.submit({ rows: rows('h'), overwritable: [] });
    calls[0].end();
    await first;
    await settle();
    calls[1].end();
    for (let i = 2; i < 5; i++) {
      await settle();
      calls[i].end();
    }
    expect(calls.map((c) => c.ids)).toEqual([['a'], ['g', 'b', 'h'], ['g'], ['b'], ['h']]);
    expect(await good).toEqual(new Set(['g']));
    expect(await bad).toBe('bad row');
    expect(await good2).toEqual(new Set(['h']));
  });
});
