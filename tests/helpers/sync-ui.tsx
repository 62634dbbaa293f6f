import { cleanup } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { initReactI18next } from 'react-i18next';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createSyncRuntime, type SyncRuntime } from '../../src/app/sync-runtime.ts';
import { ConfirmProvider } from '../../src/components/confirm-dialog.tsx';
import { uiLocales } from '../../src/components/locales.ts';
import { ToastProvider } from '../../src/components/toast.tsx';
import { resetFetched } from '../../src/components/use-fetched.ts';
import { syncLocales } from '../../src/features/sync/locales.ts';
import { getDb } from '../../src/local/db.ts';
import { saveRecords } from '../../src/local/outbox.ts';
import { BLOCKS, PONDS } from '../../src/local/resources.ts';
import { createSessionStore } from '../../src/local/session-store.ts';
import { provideSyncControl, resetSyncStatusForTests } from '../../src/local/sync/status.ts';
import { MESSAGES } from '../../src/shared/i18n/messages.ts';
import { clientFarm } from './client-farm.ts';

export const FARM = '01950000-0000-7000-8000-00000000000f';
const BLOCK = '01950000-0000-7000-8000-0000000000b1';

/**
 * The sync UI under test: Indonesian strings (English loaded too, for a switch), the real sync runtime over fake-indexeddb,
 * signed out (no engine runs, so actions reach the local layer and nothing is sent).
 * Registers the hooks of the calling test file.
 */
export function setupSyncUiHarness() {
  const db = getDb();
  let runtime: SyncRuntime;
  beforeAll(async () => {
    await i18next.use(initReactI18next).init({
      lng: 'id',
      resources: {
        id: { common: MESSAGES.id, ui: uiLocales.id, sync: syncLocales.id },
        en: { common: MESSAGES.en, ui: uiLocales.en, sync: syncLocales.en },
      },
      interpolation: { escapeValue: false },
    });
    runtime = createSyncRuntime({ db, session: createSessionStore(null), storage: null });
    provideSyncControl(runtime);
  });
  afterAll(() => {
    runtime.dispose();
    resetSyncStatusForTests();
  });
  afterEach(async () => {
    cleanup();
    resetFetched();
    await Promise.all(db.tables.map((t) => t.clear()));
  });
  return { db };
}

/** One pond create refused by the server (its block was deleted meanwhile), one block waiting. */
export async function seedRefusedPond(): Promise<string> {
  const db = getDb();
  await db.farms.put({ ...clientFarm(FARM, 'Tambak Uji'), _status: 'synced' });
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

export const withProviders = (node: ReactNode) => (
  <ToastProvider>
    <ConfirmProvider>{node}</ConfirmProvider>
  </ToastProvider>
);

/**
 * The router as the sync UI uses it: links render as plain anchors and navigation goes to
 * the given spy. Use inside `vi.mock('@tanstack/react-router', …)` (see the sync tests).
 */
export function routerStub(navigate: (to: unknown) => unknown) {
  return {
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
  };
}
