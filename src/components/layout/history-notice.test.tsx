// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fillKey } from '#local/sync/pull';
import { setupSyncUiHarness, withProviders } from '#test/helpers/sync-ui.tsx';
import { HistoryFillingNotice } from './history-notice.tsx';

const navigate = vi.hoisted(() => vi.fn());
vi.mock('@tanstack/react-router', async () =>
  (await import('#test/helpers/sync-ui.tsx')).routerStub(navigate),
);

const { db } = setupSyncUiHarness();
const FARM = '01950000-0000-7000-8000-000000000001';

describe("a new device's older records still coming (ADR 0086)", () => {
  it("shows while a list of this farm waits for its rest, not for another farm's, and goes by itself", async () => {
    await db.syncState.put({ key: fillKey('deaths', 'another-farm') });
    render(withProviders(<HistoryFillingNotice farmId={FARM} />));
    await db.syncState.put({ key: fillKey('deaths', FARM) });
    await db.syncState.put({ key: fillKey('samplings', FARM) });
    expect((await screen.findByTestId('history-filling')).textContent).toMatch(
      /Riwayat lama tambak ini masih dimuat/,
    );
    await db.syncState.delete(fillKey('deaths', FARM));
    expect(screen.getByTestId('history-filling')).toBeTruthy();
    await db.syncState.delete(fillKey('samplings', FARM));
    await waitFor(() => expect(screen.queryByTestId('history-filling')).toBeNull());
  });
});
