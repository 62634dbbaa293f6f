// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getDb } from '#local/db';
import { refetch, resetFetched, useFetched } from './use-fetched.ts';

const db = getDb();
afterEach(async () => {
  cleanup();
  resetFetched();
  await db.answers.clear();
});

describe('useFetched: online answers kept in the mirror', () => {
  it('asks once, keeps the answer in the mirror and shows it', async () => {
    const loader = vi.fn(async () => ({ name: 'Ani' }));
    const { result } = renderHook(() => useFetched('user', loader));
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current).toMatchObject({ data: { name: 'Ani' }, loading: false }));
    expect(await db.answers.get('user')).toMatchObject({ data: { name: 'Ani' } });
    renderHook(() => useFetched('user', loader));
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('keeps the last answer when a new ask fails, with the error', async () => {
    await db.answers.put({ key: 'roles', data: ['owner'], fetchedAt: 1 });
    const offline = new Error('network');
    const { result } = renderHook(() => useFetched('roles', () => Promise.reject(offline)));
    await waitFor(() =>
      expect(result.current).toMatchObject({ data: ['owner'], error: offline, loading: false }),
    );
  });

  it('asks again on refetch of its prefix, and the screen shows the new answer', async () => {
    let count = 0;
    const { result } = renderHook(() => useFetched('users:f1', async () => ++count));
    await waitFor(() => expect(result.current.data).toBe(1));
    await refetch('users:');
    await waitFor(() => expect(result.current.data).toBe(2));
    await refetch('roles');
    expect(count).toBe(2);
  });

  it('a second screen on the same key joins the ask under way and shows its failure', async () => {
    const offline = new Error('network');
    const loader = vi.fn(() => Promise.reject(offline));
    const first = renderHook(() => useFetched('alert-setting:f1', loader));
    const second = renderHook(() => useFetched('alert-setting:f1', loader));
    await waitFor(() => expect(second.result.current).toMatchObject({ error: offline, loading: false }));
    expect(first.result.current).toMatchObject({ error: offline, loading: false });
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('a failed ask is made again when the signal comes back, and the screen shows the answer', async () => {
    let online = false;
    const loader = vi.fn(async () => {
      if (!online) throw new Error('network');
      return { day: '2026-09-01', rows: 3 };
    });
    const { result } = renderHook(() => useFetched('server-day:pond-day:anco:p1:2026-09-01', loader));
    await waitFor(() => expect(result.current).toMatchObject({ loading: false, data: undefined }));
    expect(result.current.error).toBeInstanceOf(Error);
    online = true;
    globalThis.dispatchEvent(new Event('online'));
    await waitFor(() => expect(result.current.data).toEqual({ day: '2026-09-01', rows: 3 }));
    expect(loader).toHaveBeenCalledTimes(2);
    // Back online with nothing failed: no new ask.
    globalThis.dispatchEvent(new Event('online'));
    expect(loader).toHaveBeenCalledTimes(2);
  });

  it('asks nothing without a key', () => {
    const loader = vi.fn(async () => 1);
    const { result } = renderHook(() => useFetched(null, loader));
    expect(result.current).toMatchObject({ data: undefined, loading: false });
    expect(loader).not.toHaveBeenCalled();
  });
});
