// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getDb } from '#local/db';
import { FARM_SNAPSHOT_KEY, farmSnapshot, keepFarmSnapshot } from '#local/farm-snapshot';
import { clearLocalData } from '#local/logout-guard';
import { sessionStore } from '#local/session-store';
import { resetSyncStatusForTests } from '#local/sync/status';
import type { User } from '#shared/contracts/account';
import { clientFarm } from '#test/helpers/client-farm';
import { mirrorNewFarm } from './farm-data.tsx';
import { FarmGate } from './farm-gate.tsx';
import { resetFetched } from './use-fetched.ts';

const navigate = vi.hoisted(() => vi.fn());
vi.mock('@tanstack/react-router', () => ({
  useParams: () => ({ farm_id: 'f1' }),
  useNavigate: () => navigate,
}));

const db = getDb();
const farm = (name: string, role_id = 1) => clientFarm('f1', name, role_id);
const signIn = (id: string) => sessionStore.set({ token: `t-${id}`, user: { id } as User, pu_id: '' });
const gate = () => render(<FarmGate>{(f) => <h1>{`${f.name} (${f.role_id})`}</h1>}</FarmGate>);

beforeEach(() => signIn('u1'));
afterEach(async () => {
  cleanup();
  navigate.mockClear();
  resetFetched();
  resetSyncStatusForTests();
  sessionStore.clear();
  localStorage.clear();
  await Promise.all(db.tables.map((t) => t.clear()));
});

describe('FarmGate on a cold start', () => {
  it('draws the farm as last opened while the local copy has not answered, then as the copy says', async () => {
    keepFarmSnapshot('u1', farm('Tambak Lama', 2));
    gate();
    expect(screen.getByRole('heading').textContent).toBe('Tambak Lama (2)');
    await db.farms.put({ ...farm('Tambak Baru', 3), _status: 'synced' });
    await db.syncState.put({ key: 'cursor:farms:*', pulledAt: 1 });
    await waitFor(() => expect(screen.getByRole('heading').textContent).toBe('Tambak Baru (3)'));
    // The copy's farm is what the next start draws.
    await waitFor(() => expect(farmSnapshot('u1', 'f1')?.name).toBe('Tambak Baru'));
  });

  it('never draws another user’s farm, nor another farm than the route’s', () => {
    keepFarmSnapshot('u2', farm('Tambak Orang Lain'));
    gate();
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.getByRole('status')).toBeTruthy();
    expect(farmSnapshot('u2', 'f2')).toBeUndefined();
  });

  it('is forgotten when the local data is cleared at sign-out', async () => {
    keepFarmSnapshot('u1', farm('Tambak Lama'));
    await clearLocalData(db, { keepOutbox: false });
    expect(localStorage.getItem(FARM_SNAPSHOT_KEY)).toBeNull();
  });
});

describe('FarmGate after a farm is made or joined', () => {
  it('draws the new farm at once: never the list from before, which would send the user to register', async () => {
    // The user had no farm: the list was read, empty, and the gate sent them to register one.
    await db.syncState.put({ key: 'cursor:farms:*', pulledAt: 1 });
    gate();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith({ href: '/farm-registration', replace: true }));
    cleanup();
    navigate.mockClear();
    // Made (or joined), then its home opens straight away.
    await mirrorNewFarm(farm('Tambak Baru', 1));
    gate();
    expect(screen.getByRole('heading').textContent).toBe('Tambak Baru (1)');
    expect(navigate).not.toHaveBeenCalled();
  });
});
