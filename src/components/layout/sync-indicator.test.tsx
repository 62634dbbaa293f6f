// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { initReactI18next } from 'react-i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { provideSyncControl, resetSyncStatusForTests } from '#app/sync-status';
import { ConfirmProvider } from '#components/confirm-dialog';
import { SyncIndicator } from '#components/layout/sync-indicator';
import { ToastProvider } from '#components/toast';
import { resetResources } from '#components/use-resource';
import { getDb } from '#local/db';
import { saveRecords } from '#local/outbox';
import { BLOCKS, PONDS } from '#local/resources';
import { createSessionStore } from '#local/session-store';
import { MESSAGES } from '#shared/i18n/messages';
import { createSyncRuntime, type SyncRuntime } from '../../app/sync-runtime.ts';
import { syncLocales } from '../../features/sync/locales.ts';
import { uiLocales } from '../locales.ts';

const navigate = vi.fn();
vi.mock('@tanstack/react-router', () => ({
  Link: ({
    to,
    children,
    activeProps: _a,
    ...rest
  }: {
    to: string;
    children: ReactNode;
    activeProps?: unknown;
  }) => (
    <a href={to} {...rest}>
      {children}
    </a>
  ),
  useNavigate: () => navigate,
}));

const db = getDb();
let runtime: SyncRuntime;
const FARM = '01950000-0000-7000-8000-00000000000f';
const BLOCK = '01950000-0000-7000-8000-0000000000b1';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'id',
    resources: { id: { common: MESSAGES.id, ui: uiLocales.id, sync: syncLocales.id } },
    interpolation: { escapeValue: false },
  });
  // The real runtime over fake-indexeddb, signed out: no engine runs, so the screen's
  // actions reach the local layer (retryEntry / discardEntry) and nothing is sent.
  runtime = createSyncRuntime({ db, session: createSessionStore(null), storage: null });
  provideSyncControl(runtime);
});
afterAll(() => {
  runtime.dispose();
  resetSyncStatusForTests();
});
afterEach(async () => {
  cleanup();
  resetResources();
  await Promise.all(db.tables.map((t) => t.clear()));
});

/** One pond create refused by the server (its block was deleted meanwhile), one block waiting. */
async function seed() {
  await db.farms.put({
    farm_id: FARM,
    name: 'Tambak Uji',
    role_id: 1,
    status: 0,
    is_hide_finance: false,
    can_edit_farm: true,
    permissions: [],
    access_pond: [],
    updated_at: '',
    _status: 'synced',
  });
  const [pondEntry] = await saveRecords(db, PONDS, [
    { farm_id: FARM, block_id: BLOCK, name: 'Kolam 20', area: 900 },
  ]);
  await saveRecords(db, BLOCKS, [{ farm_id: FARM, block_name: 'Blok Malam' }]);
  const error = {
    code: 'validation-failed',
    message: 'Data yang dikirim tidak valid.',
    fields: { block_id: ['Data tidak ditemukan.'] },
  };
  const entry = await db.outbox.get(pondEntry);
  await db.outbox.put({ ...entry!, status: 'failed', attempts: 1, lastError: error });
  const row = (await db.ponds.toArray())[0];
  await db.ponds.put({ ...row, _status: 'failed', _error: error });
  return pondEntry;
}

const wrap = (node: ReactNode) => (
  <ToastProvider>
    <ConfirmProvider>{node}</ConfirmProvider>
  </ToastProvider>
);

describe('sync indicator', () => {
  it('shows live counts from the outbox: waiting, and failed in red', async () => {
    render(wrap(<SyncIndicator />));
    await seed();
    const link = await screen.findByRole('link', { name: /1 data menunggu dikirim, 1 gagal/ });
    expect(link.getAttribute('href')).toBe('/sync');
    expect(link.getAttribute('data-state')).toBe('failed');
    await saveRecords(db, BLOCKS, [{ farm_id: FARM, block_name: 'Blok Pagi' }]);
    await screen.findByRole('link', { name: /2 data menunggu dikirim, 1 gagal/ });
  });
});
