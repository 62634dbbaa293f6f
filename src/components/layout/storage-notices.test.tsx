// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { render, screen, waitFor } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { saveRecords } from '#local/outbox';
import { SAMPLINGS } from '#local/resources';
import { setupSyncUiHarness, withProviders } from '#test/helpers/sync-ui.tsx';
import { StorageFullNotice, UNSENT_TOO_LONG_MS, UnsentTooLong, unsentTooLong } from './storage-notices.tsx';

const navigate = vi.hoisted(() => vi.fn());
vi.mock('@tanstack/react-router', async () =>
  (await import('#test/helpers/sync-ui.tsx')).routerStub(navigate),
);

const { db } = setupSyncUiHarness();
const record = (id: string) => ({
  id,
  farm_id: '01950000-0000-7000-8000-000000000001',
  pond_id: '01950000-0000-7000-8000-0000000000a1',
  sampled_on: '2025-03-01',
  shrimp_count: 50,
  sample_weight: 400,
});

describe('records waiting for signal', () => {
  it('waits a day before saying so', () => {
    const now = Date.UTC(2026, 10, 27, 8);
    expect(unsentTooLong(null, now)).toBe(false);
    expect(unsentTooLong(now - 3_600_000, now)).toBe(false);
    expect(unsentTooLong(now - UNSENT_TOO_LONG_MS, now)).toBe(false);
    expect(unsentTooLong(now - UNSENT_TOO_LONG_MS - 1, now)).toBe(true);
  });

  it('says so on the home screen once the oldest has waited more than a day', async () => {
    await saveRecords(db, SAMPLINGS, [record('s1'), record('s2')]);
    for (const entry of await db.outbox.toArray())
      await db.outbox.update(entry.id, { createdAt: Date.now() - UNSENT_TOO_LONG_MS - 60_000 });
    render(withProviders(<UnsentTooLong />));
    expect(await screen.findByText(/^2 catatan belum terkirim sejak/)).toBeTruthy();
  });
});

describe('a full phone', () => {
  it('shows the message when a save finds no room', async () => {
    render(withProviders(<StorageFullNotice />));
    const { onStorageFull: _unused, ...storage } = await import('#local/storage-keep');
    vi.spyOn(db.outbox, 'bulkAdd').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    await act(async () => {
      await saveRecords(db, SAMPLINGS, [record('s3')]).catch((e) => {
        expect(e).toBeInstanceOf(storage.StorageFullError);
      });
    });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/Memori ponsel penuh/));
    vi.restoreAllMocks();
  });
});
