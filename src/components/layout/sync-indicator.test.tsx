// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SyncIndicator } from '#components/layout/sync-indicator';
import { saveRecords } from '#local/outbox';
import { BLOCKS } from '#local/resources';
import { FARM, seedRefusedPond, setupSyncUiHarness, withProviders } from '#test/helpers/sync-ui.tsx';

const navigate = vi.hoisted(() => vi.fn());
// vi.mock is hoisted above imports, so the stub is loaded inside the factory.
vi.mock('@tanstack/react-router', async () =>
  (await import('#test/helpers/sync-ui.tsx')).routerStub(navigate),
);

const { db } = setupSyncUiHarness();
const seed = seedRefusedPond;
const wrap = withProviders;

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
