// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfirmProvider } from '#components/confirm-dialog';
import { ToastProvider } from '#components/toast';
import {
  provideSyncControl,
  resetSyncStatusForTests,
  type SyncControl,
  setSyncStatus,
} from '#local/sync/status';
import { MESSAGES } from '#shared/i18n/messages';
import { uiLocales } from '../../components/locales.ts';
import { profileLocales } from './locales.ts';
import { LogoutCard } from './logout-card.tsx';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'id',
    resources: { id: { common: MESSAGES.id, ui: uiLocales.id, profile: profileLocales.id } },
    interpolation: { escapeValue: false },
  });
});
afterEach(() => {
  cleanup();
  resetSyncStatusForTests();
});

function control(unsent: number) {
  const fake = {
    countUnsent: vi.fn(async () => unsent),
    signOut: vi.fn(async () => undefined),
    syncNow: vi.fn(async () => undefined),
  };
  provideSyncControl(fake as unknown as SyncControl);
  const waiting = unsent;
  setSyncStatus({
    online: false,
    summary: { queued: waiting, sending: 0, inWorker: 0, held: 0, failed: 0, total: waiting },
  });
  return fake;
}

const renderCard = () =>
  render(
    <ToastProvider>
      <ConfirmProvider>
        <LogoutCard />
      </ConfirmProvider>
    </ToastProvider>,
  );

describe('logout guard', () => {
  it('without unsent records: a plain confirmation, then sign out', async () => {
    const fake = control(0);
    renderCard();
    fireEvent.click(screen.getByRole('button', { name: 'Keluar dari akun' }));
    expect(await screen.findByText('Keluar dari Tambak di perangkat ini?')).toBeTruthy();
    // The dialog's own button may come a moment after its text: wait for it, not the card's.
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Keluar dari akun' })).toHaveLength(2));
    fireEvent.click(screen.getAllByRole('button', { name: 'Keluar dari akun' }).at(-1) as HTMLElement);
    await waitFor(() => expect(fake.signOut).toHaveBeenCalledWith('discard'));
  });

  it('with unsent records: states the count; cancel does nothing; keep signs out and keeps them', async () => {
    const fake = control(3);
    renderCard();
    fireEvent.click(screen.getByRole('button', { name: 'Keluar dari akun' }));
    expect(await screen.findByText('3 data belum terkirim ke server.')).toBeTruthy();
    // The dialog's buttons come with its text; a busy machine may take a moment more.
    fireEvent.click(await screen.findByRole('button', { name: 'Batal' }, { timeout: 5_000 }));
    expect(fake.signOut).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Keluar dari akun' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Keluar, simpan data di ponsel' }));
    await waitFor(() => expect(fake.signOut).toHaveBeenCalledWith('keep'));
  });

  it('discarding them needs a second, explicit confirmation', async () => {
    const fake = control(2);
    renderCard();
    fireEvent.click(screen.getByRole('button', { name: 'Keluar dari akun' }));
    fireEvent.click(await screen.findByRole('button', { name: /Hapus 2 data yang belum terkirim/ }));
    expect(fake.signOut).not.toHaveBeenCalled();
    expect(screen.getByText(/tidak akan pernah sampai ke server/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ya, hapus 2 data dan keluar' }));
    await waitFor(() => expect(fake.signOut).toHaveBeenCalledWith('discard'));
  });
});
