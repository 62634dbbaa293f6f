// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setSyncStatus } from '#local/sync/status';
import { FARM, seedRefusedPond, setupSyncUiHarness, withProviders } from '#test/helpers/sync-ui.tsx';
import { SyncScreen } from './sync-screen.tsx';

const navigate = vi.hoisted(() => vi.fn());
// vi.mock is hoisted above imports, so the stub is loaded inside the factory.
vi.mock('@tanstack/react-router', async () =>
  (await import('#test/helpers/sync-ui.tsx')).routerStub(navigate),
);

const { db } = setupSyncUiHarness();
const seed = seedRefusedPond;
const wrap = withProviders;

describe('sync screen', () => {
  it('lists the refused record with its reason and field errors, and the waiting one', async () => {
    await seed();
    render(wrap(<SyncScreen />));
    expect(await screen.findByText('Gagal terkirim (1)')).toBeTruthy();
    expect(screen.getByText('Menunggu dikirim (1)')).toBeTruthy();
    expect(screen.getByText(/Kolam 20/)).toBeTruthy();
    expect(screen.getByText(/Data tidak ditemukan\./)).toBeTruthy();
    expect(screen.getByText('Blok:')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Perbaiki' }));
    expect(navigate).toHaveBeenCalledWith({ href: `/farm/${FARM}/settings?tab=ponds` });
  });

  it('lets the person sync now when the phone shows offline for a request that got no answer', async () => {
    setSyncStatus({ online: false, running: false });
    render(wrap(<SyncScreen />));
    const button = screen.getByRole('button', { name: 'Sinkronkan sekarang' }) as HTMLButtonElement;
    expect(screen.getByText(/Offline: data tersimpan di ponsel/)).toBeTruthy();
    expect(button.disabled).toBe(false);
    const onLine = vi.spyOn(globalThis.navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      setSyncStatus({ running: false });
      cleanup();
      render(wrap(<SyncScreen />));
      expect(
        (screen.getByRole('button', { name: 'Sinkronkan sekarang' }) as HTMLButtonElement).disabled,
      ).toBe(true);
    } finally {
      onLine.mockRestore();
    }
  });

  it('retry puts the failed record back in the queue (new revision)', async () => {
    const entryId = await seed();
    render(wrap(<SyncScreen />));
    fireEvent.click(await screen.findByRole('button', { name: 'Kirim ulang' }));
    await waitFor(async () => expect((await db.outbox.get(entryId))?.status).toBe('queued'));
    expect((await db.outbox.get(entryId))?.revision).toBe(1);
    expect((await db.ponds.toArray())[0]._status).toBe('pending');
  });

  it('discard asks first, then removes the unsent record from the phone', async () => {
    const entryId = await seed();
    render(wrap(<SyncScreen />));
    fireEvent.click((await screen.findAllByRole('button', { name: 'Buang' }))[0]);
    expect(await screen.findByText(/akan dihapus dari ponsel/)).toBeTruthy();
    expect(await db.outbox.get(entryId)).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Ya, buang data' }));
    await waitFor(async () => expect(await db.outbox.get(entryId)).toBeUndefined());
    expect(await db.ponds.count()).toBe(0);
    expect(await db.blocks.count()).toBe(1);
  });
});
