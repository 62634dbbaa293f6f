// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConfirmProvider } from '#components/confirm-dialog';
import { ToastProvider } from '#components/toast';
import { getDb, type Local } from '#local/db';
import type { Cycle } from '#shared/contracts/cycle';
import type { Farm, Pond } from '#shared/contracts/farm';
import { uiLocales } from '../../components/locales.ts';
import { CyclesCard } from './cycles-card.tsx';
import { cycleLocales } from './locales.ts';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'id',
    resources: { id: { ui: uiLocales.id, cycle: cycleLocales.id } },
    interpolation: { escapeValue: false },
  });
  // happy-dom has no modal dialogs; the shared Dialog falls back to the open attribute.
  HTMLDialogElement.prototype.showModal = undefined as never;
});

const db = getDb();
afterEach(async () => {
  cleanup();
  await Promise.all(db.tables.map((t) => t.clear()));
});

const farm = (status: number): Farm => ({
  farm_id: 'f',
  name: 'Tambak',
  role_id: 1,
  status,
  is_hide_finance: false,
  can_edit_farm: true,
  permissions: [],
  access_pond: [],
  updated_at: '',
});
const pond = { pond_id: 'p', farm_id: 'f', name: 'Kolam 1', access_level: 2 } as Pond;
const active: Local<Cycle> = {
  cycle_id: 'c1',
  farm_id: 'f',
  pond_id: 'p',
  cycle_number: 1,
  start_date: '2025-01-01',
  end_date: 0,
  is_active: true,
  doc: 1,
  created_at: '',
  updated_at: '',
  deleted_at: null,
  _status: 'synced',
};

const renderCard = (status: number) =>
  render(
    <ToastProvider>
      <ConfirmProvider>
        <CyclesCard farm={farm(status)} pond={pond} level={2} db={db} />
      </ConfirmProvider>
    </ToastProvider>,
  );

describe('CyclesCard', () => {
  it('labels cycles "Stok n" on a free farm and "Siklus n" on a pro farm', async () => {
    await db.cycles.put(active);
    renderCard(0);
    expect(await screen.findByText('Stok 1')).toBeTruthy();
    cleanup();
    renderCard(1);
    expect(await screen.findByText('Siklus 1')).toBeTruthy();
    expect(screen.getByText('Aktif')).toBeTruthy();
  });

  it('refuses to start a second cycle while one is active', async () => {
    await db.cycles.put(active);
    renderCard(1);
    await screen.findByText('Siklus 1');
    fireEvent.click(screen.getByRole('button', { name: 'Mulai siklus' }));
    expect(await screen.findByText(/masih punya siklus aktif/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Simpan' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('starts the first cycle on the phone, pending until synced', async () => {
    renderCard(1);
    await screen.findByText('Belum ada siklus di kolam ini.');
    fireEvent.click(screen.getByRole('button', { name: 'Mulai siklus' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Simpan' }));
    await waitFor(async () => expect(await db.cycles.count()).toBe(1));
    expect(await screen.findByText('Siklus 1')).toBeTruthy();
    expect(screen.getByText('Tersimpan di ponsel, menunggu sinyal')).toBeTruthy();
    expect((await db.outbox.toArray()).map((e) => e.url)).toEqual(['/api/cycle']);
  });
});
