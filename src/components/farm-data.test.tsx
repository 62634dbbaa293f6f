// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getDb } from '#local/db';
import { resetSyncStatusForTests, setSyncStatus } from '#local/sync/status';
import type { Block } from '#shared/contracts/farm';
import { clientFarm } from '#test/helpers/client-farm';
import { useBlocks, useFarms } from './farm-data.tsx';
import { resetFetched } from './use-fetched.ts';

vi.mock('@tanstack/react-router', () => ({ useParams: () => ({}) }));

const db = getDb();
afterEach(async () => {
  cleanup();
  resetFetched();
  resetSyncStatusForTests();
  setSyncStatus({ pullFailed: false });
  await Promise.all(db.tables.map((t) => t.clear()));
});

const farm = (farm_id: string, name: string) => clientFarm(farm_id, name);
const block = (block_id: string, farm_id: string, block_name: string): Block => ({
  block_id,
  farm_id,
  block_name,
  updated_at: '',
  deleted_at: null,
});

describe('farm-data hooks over the Dexie mirror', () => {
  it('loads while the farm list was never pulled, then lists farms in numeric name order', async () => {
    const { result } = renderHook(() => useFarms());
    await new Promise((r) => setTimeout(r, 50));
    expect(result.current).toMatchObject({ data: undefined, loading: true });

    await db.farms.bulkPut([
      { ...farm('f10', 'Tambak 10'), _status: 'synced' },
      { ...farm('f2', 'Tambak 2'), _status: 'synced' },
    ]);
    await db.syncState.put({ key: 'cursor:farms:*', pulledAt: 1 });
    await waitFor(() => expect(result.current.data?.map((f) => f.name)).toEqual(['Tambak 2', 'Tambak 10']));
    expect(result.current.loading).toBe(false);
  });

  it('tells "pulled and empty" (registration) from "never reached the server" (retry)', async () => {
    const { result } = renderHook(() => useFarms());
    setSyncStatus({ pullFailed: true });
    await waitFor(() => expect(result.current.error).toMatchObject({ code: 'network' }));
    expect(result.current.data).toBeUndefined();

    await db.syncState.put({ key: 'cursor:farms:*', pulledAt: 1 });
    await waitFor(() => expect(result.current.data).toEqual([]));
    expect(result.current.error).toBeUndefined();
  });

  it("lists one farm's blocks, hides local deletions, keeps pending rows with their status", async () => {
    await db.blocks.bulkPut([
      { ...block('b10', 'f1', 'Blok 10'), _status: 'synced' },
      { ...block('b2', 'f1', 'Blok 2'), _status: 'pending', _outboxId: 'e1', _base: null },
      { ...block('bx', 'f1', 'Blok X'), _status: 'pending', _deleted: true },
      { ...block('o1', 'f2', 'Other farm'), _status: 'synced' },
    ]);
    const { result } = renderHook(() => useBlocks('f1'));
    await waitFor(() => expect(result.current.data?.map((b) => b.block_name)).toEqual(['Blok 2', 'Blok 10']));
    expect(result.current.data?.[0]._status).toBe('pending');
  });
});
