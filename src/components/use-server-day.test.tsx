// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deviceToday } from '#local/day-coverage';
import { getDb } from '#local/db';
import { ANCO, FINANCE_TRANSACTIONS } from '#local/resources';
import { cursorKey } from '#local/sync/pull';
import { addDays } from '#shared/domain/chart-range';
import { resetFetched } from './use-fetched.ts';
import { serverExtra, useServerDay } from './use-server-day.tsx';

const db = getDb();
afterEach(async () => {
  cleanup();
  resetFetched();
  await Promise.all(db.tables.map((t) => t.clear()));
});

const row = (id: string) => ({ id, farm_id: 'f', pond_id: 'p', check_date: '' });
const day = (n: number) => addDays(deviceToday(), -n);
const use = (key: string, onDay: string | undefined, fetch: (d: string) => Promise<{ id: string }[]>) =>
  renderHook(() => useServerDay({ key, farmId: 'f', day: onDay, resources: [ANCO], fetch }));

describe('useServerDay: a day the mirror does not keep, from the server', () => {
  it('asks nothing for a day the mirror covers, nor without a day', async () => {
    await db.syncState.put({ key: cursorKey(ANCO.name, 'f'), pulledAt: 1 } as never);
    const fetch = vi.fn(async () => [row('a')]);
    const { result } = use('kept', day(3), fetch);
    await waitFor(() => expect(result.current).toEqual({ extra: [], state: 'kept' }));
    expect(use('none', undefined, fetch).result.current.state).toBe('kept');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('adds the server’s rows of an older day the device does not hold (changed once taken in); its own copy wins', async () => {
    await db.syncState.put({ key: cursorKey(ANCO.name, 'f'), pulledAt: 1 } as never);
    // edited and deleted on the device, not sent yet
    await db.anco.bulkPut([
      { ...row('mine'), _status: 'pending' },
      { ...row('gone'), _status: 'pending', _deleted: true },
    ] as never);
    const fetch = vi.fn(async () => [row('mine'), row('gone'), row('theirs')]);
    const { result } = use('older', day(75), fetch);
    await waitFor(() => expect(result.current.state).toBe('fetched'));
    expect(fetch).toHaveBeenCalledWith(day(75));
    expect(result.current.extra).toEqual([{ ...row('theirs'), _status: 'synced', _server: true }]);
  });

  it('finds the device’s own copy by the list’s key when its rows are not keyed by id (transactions)', async () => {
    await db.syncState.put({ key: cursorKey(FINANCE_TRANSACTIONS.name, 'f'), pulledAt: 1 } as never);
    const tx = (id: string) => ({ transaction_record_id: id, farm_id: 'f', transaction_date: day(500) });
    await db.financeTransactions.put({ ...tx('mine'), _status: 'pending' } as never);
    const fetch = vi.fn(async () => [tx('mine'), tx('theirs')]);
    const { result } = renderHook(() =>
      useServerDay({
        key: 'finance',
        farmId: 'f',
        day: day(500),
        resources: [FINANCE_TRANSACTIONS],
        fetch,
        idOf: (r: { transaction_record_id: string }) => r.transaction_record_id,
      }),
    );
    await waitFor(() => expect(result.current.state).toBe('fetched'));
    expect(result.current.extra).toEqual([{ ...tx('theirs'), _status: 'synced', _server: true }]);
  });

  it('says offline when it cannot ask, and asks before the first pull whatever the day', async () => {
    const { result } = use('offline', day(1), () => Promise.reject(new Error('network')));
    await waitFor(() => expect(result.current).toEqual({ extra: [], state: 'offline' }));
  });
});

describe('serverExtra: a row taken in for an edit never leaves the screen', () => {
  const id = (r: { id: string }) => r.id;
  const answer = [row('taken'), row('other'), row('gone')];
  const held = { held: ['taken', 'gone'], deleted: ['gone'] };
  it('keeps a row the device now holds until the screen’s own list shows it (their queries answer apart)', () => {
    // Taken into the mirror for an edit; the screen's list has not read it yet.
    expect(serverExtra(answer, held, id, ['mine']).map(id)).toEqual(['taken', 'other']);
    // Its list has it now: shown once, from there.
    expect(serverExtra(answer, held, id, ['mine', 'taken']).map(id)).toEqual(['other']);
  });
  it('drops a row deleted on the device, and without the screen’s ids every row the device holds', () => {
    expect(serverExtra(answer, held, id, []).map(id)).toEqual(['taken', 'other']);
    expect(serverExtra(answer, held, id).map(id)).toEqual(['other']);
    expect(serverExtra(answer, held, id)[0]).toMatchObject({ _status: 'synced', _server: true });
  });
});
