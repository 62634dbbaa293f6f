// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { getDb } from '#local/db';
import { saveRecordsNow } from '#local/outbox';
import { SAMPLINGS } from '#local/resources';
import { resetLiveCache, useLiveMirror } from './use-live-mirror.ts';

const db = getDb();
afterEach(async () => {
  resetLiveCache();
  await Promise.all(db.tables.map((t) => t.clear()));
});

/** Mounts a screen reading the samplings' count; returns every value it rendered, the first one first. */
async function mount() {
  const seen: (number | undefined)[] = [];
  const view = renderHook(() => {
    const result = useLiveMirror('test:samplings', (read) => read.samplings.count());
    seen.push(result.data);
    return result;
  });
  await waitFor(() => expect(view.result.current.data).toBeDefined());
  return { seen, unmount: view.unmount, now: () => view.result.current.data };
}

describe('useLiveMirror’s kept values', () => {
  it('shows a screen opened again at once with what it read, unless a save was made meanwhile', async () => {
    const first = await mount();
    expect(first.now()).toBe(0);
    first.unmount();
    // Nothing saved: the kept value shows on the first render.
    const again = await mount();
    expect(again.seen[0]).toBe(0);
    again.unmount();
    await saveRecordsNow(db, SAMPLINGS, [
      {
        id: 's1',
        farm_id: 'f1',
        pond_id: 'p1',
        cycle_id: 'c1',
        sampled_on: '2026-12-02',
        shrimp_count: 50,
        sample_weight: 300,
      },
    ]);
    // A sampling was saved while the screen was closed: no stale 0, loading until it reads 1.
    const after = await mount();
    expect(after.seen[0]).toBeUndefined();
    await waitFor(() => expect(after.now()).toBe(1));
    expect(after.seen).not.toContain(0);
  });
});
