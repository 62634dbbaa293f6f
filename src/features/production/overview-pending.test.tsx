// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getDb } from '#local/db';
import { cursorKey } from '#local/sync/pull';
import { useOverview } from './overview-data.ts';

vi.mock('#local/api-client', async (original) => {
  const actual = await original<typeof import('#local/api-client')>();
  return { ...actual, api: { get: async () => Promise.reject(new Error('no server here')) } };
});

const db = getDb();
afterEach(async () => {
  cleanup();
  await Promise.all(db.tables.map((t) => t.clear()));
});

describe('the overview before the stockings are on the device', () => {
  it('says its rows are still to come until the stockings were pulled once, then that no pond is stocked', async () => {
    const { result, rerender } = renderHook(() => useOverview(db, 'f1'));
    await waitFor(() => expect(result.current).toBeDefined());
    expect(result.current?.rows).toEqual([]);
    expect(result.current?.pending.stocks).toBe(true);
    await db.syncState.put({ key: cursorKey('stocks', 'f1'), since: 'T1', pulledAt: 1 });
    rerender();
    await waitFor(() => expect(result.current?.pending.stocks).toBe(false));
    expect(result.current?.rows).toEqual([]);
  });
});
