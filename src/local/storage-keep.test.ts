import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveRecords } from '#local/outbox';
import { SAMPLINGS } from '#local/resources';
import {
  isQuotaError,
  keepStorage,
  onStorageFull,
  resetKeepStorage,
  StorageFullError,
  storageProblem,
  storageState,
} from '#local/storage-keep';
import { testDb } from '#local/test-kit';

const FARM = '01950000-0000-7000-8000-000000000001';
const POND = '01950000-0000-7000-8000-0000000000a1';
const sampling = (id: string) => ({
  id,
  farm_id: FARM,
  pond_id: POND,
  sampled_on: '2025-03-01',
  shrimp_count: 50,
  sample_weight: 400,
});
const full = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError');

afterEach(() => {
  vi.restoreAllMocks();
  resetKeepStorage();
});

describe('a save on a full phone', () => {
  it('gives back the room of photos the server holds, then saves', async () => {
    const db = testDb();
    await db.photos.put({
      id: 'p1',
      farm_id: FARM,
      record_type: 'sampling',
      record_id: 'x',
      url: '/uploads/p1.jpg',
      blob: new Blob([new Uint8Array(64)], { type: 'image/jpeg' }),
      _status: 'synced',
    } as never);
    await db.photos.put({
      id: 'p2',
      farm_id: FARM,
      record_type: 'sampling',
      record_id: 'x',
      url: null,
      blob: new Blob([new Uint8Array(64)], { type: 'image/jpeg' }),
      _status: 'pending',
    } as never);
    const add = db.outbox.bulkAdd.bind(db.outbox);
    vi.spyOn(db.outbox, 'bulkAdd').mockImplementationOnce(() => {
      throw full();
    });
    vi.spyOn(db.outbox, 'bulkAdd').mockImplementation(add);
    const ids = await saveRecords(db, SAMPLINGS, [sampling('s1')]);
    expect(ids).toHaveLength(1);
    expect(await db.mirror(SAMPLINGS.table).get('s1')).toMatchObject({ _status: 'pending' });
    expect((await db.photos.get('p1'))?.blob).toBeUndefined();
    // A photo not yet uploaded keeps its only copy.
    expect((await db.photos.get('p2'))?.blob).toBeInstanceOf(Blob);
  });

  it('with nothing to free: says so, rejects, and keeps every record saved before', async () => {
    const db = testDb();
    await saveRecords(db, SAMPLINGS, [sampling('s0')]);
    const heard = vi.fn();
    const off = onStorageFull(heard);
    vi.spyOn(db.outbox, 'bulkAdd').mockImplementation(() => {
      throw full();
    });
    await expect(saveRecords(db, SAMPLINGS, [sampling('s1')])).rejects.toBeInstanceOf(StorageFullError);
    off();
    expect(heard).toHaveBeenCalledTimes(1);
    expect(await db.mirror(SAMPLINGS.table).get('s0')).toBeDefined();
    expect(await db.mirror(SAMPLINGS.table).get('s1')).toBeUndefined();
    expect(await db.outbox.count()).toBe(1);
  });

  it('knows a quota failure however deep Dexie wraps it', () => {
    expect(isQuotaError(full())).toBe(true);
    expect(isQuotaError({ name: 'AbortError', inner: { name: 'QuotaExceededError' } })).toBe(true);
    expect(isQuotaError(new Error('x', { cause: full() }))).toBe(true);
    expect(isQuotaError(new Error('ConstraintError'))).toBe(false);
  });

  it('tells a full phone from a database that does not open, and both from other errors', () => {
    expect(storageProblem({ name: 'AbortError', inner: full() })).toBe('full');
    expect(storageProblem({ name: 'OpenFailedError', inner: { name: 'InvalidStateError' } })).toBe(
      'unavailable',
    );
    expect(storageProblem({ name: 'DatabaseClosedError' })).toBe('unavailable');
    expect(storageProblem({ name: 'MissingAPIError' })).toBe('unavailable');
    expect(storageProblem(new Error('x', { cause: { name: 'UnknownError' } }))).toBe('unavailable');
    expect(storageProblem({ code: 'network', name: 'ApiError' })).toBeNull();
    expect(storageProblem(new TypeError('x is undefined'))).toBeNull();
    expect(storageProblem('OpenFailedError')).toBeNull();
    expect(storageProblem(null)).toBeNull();
  });
});

describe('asking the browser to keep the data', () => {
  const api = (persisted: boolean, grant: boolean) => ({
    persisted: vi.fn(async () => persisted),
    persist: vi.fn(async () => grant),
    estimate: vi.fn(async () => ({ usage: 12_000_000, quota: 1_200_000_000 })),
  });

  it('asks once, and not at all when already kept', async () => {
    const fresh = api(false, true);
    expect(await keepStorage(fresh)).toBe(true);
    expect(await keepStorage(fresh)).toBe(true);
    expect(fresh.persist).toHaveBeenCalledTimes(1);
    resetKeepStorage();
    const kept = api(true, false);
    expect(await keepStorage(kept)).toBe(true);
    expect(kept.persist).not.toHaveBeenCalled();
  });

  it('reports the state and the room used; unknown without the API', async () => {
    expect(await storageState(api(false, false))).toEqual({
      persisted: false,
      usage: 12_000_000,
      quota: 1_200_000_000,
    });
    expect(await keepStorage(null)).toBeNull();
    expect(await storageState(null)).toEqual({ persisted: null, usage: null, quota: null });
  });
});
