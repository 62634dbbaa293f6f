// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * A phone whose browser refuses IndexedDB (site data blocked, a private window, a broken
 * profile): every open fails. Installed before the app's modules load, as the browser's.
 */
const opens = vi.hoisted(() => {
  const state = { count: 0 };
  const refusing = {
    open() {
      state.count += 1;
      const request: Record<string, unknown> = {
        result: undefined,
        error: new DOMException('The user denied permission to access the database.', 'InvalidStateError'),
      };
      setTimeout(() => {
        const onerror = request.onerror as ((event: unknown) => void) | undefined;
        onerror?.({ target: request, type: 'error', preventDefault() {}, stopPropagation() {} });
      }, 1);
      return request;
    },
    deleteDatabase() {
      return refusing.open();
    },
    cmp: (a: number, b: number) => (a < b ? -1 : a > b ? 1 : 0),
    databases: async () => [],
  };
  Object.defineProperty(globalThis, 'indexedDB', { value: refusing, configurable: true });
  Object.defineProperty(globalThis, 'IDBKeyRange', { value: class {}, configurable: true });
  return state;
});

const navigate = vi.hoisted(() => vi.fn());
vi.mock('@tanstack/react-router', () => ({
  useParams: () => ({ farm_id: 'f1' }),
  useNavigate: () => navigate,
}));

const { sessionStore } = await import('#local/session-store');
const { FarmGate } = await import('./farm-gate.tsx');
const { usePonds } = await import('./farm-data.tsx');
const { Loaded } = await import('./page.tsx');

/** Another reader of the mirror on the same screen, started before the gate's. */
function PondCount() {
  return <Loaded read={usePonds('f1')}>{(ponds) => <p>{ponds.length}</p>}</Loaded>;
}

afterEach(() => {
  cleanup();
  sessionStore.clear();
});

describe('FarmGate when the phone’s storage does not open', () => {
  it('says so and what to do, never "loading" for ever nor "register a farm"', async () => {
    // The sync engine's start reads first and fails (as in the browser); the screen's
    // live queries start after that failed open.
    const { getDb } = await import('#local/db');
    await expect(getDb().syncState.get('auth')).rejects.toMatchObject({ name: 'DatabaseClosedError' });
    sessionStore.set({ token: 't-u1', user: { id: 'u1', username: 'Budi', pu_id: '' } as never, pu_id: '' });
    render(
      <>
        <PondCount />
        <FarmGate>{(f) => <h1>{f.name}</h1>}</FarmGate>
      </>,
    );
    // Both readers hear it (a live query started after a failed open waits for ever).
    const alerts = await waitFor(
      () => {
        const found = screen.getAllByRole('alert');
        expect(found).toHaveLength(2);
        return found;
      },
      { timeout: 5000 },
    );
    // The translation keys (i18n is not started here): the storage message, and a retry.
    for (const alert of alerts) expect(alert.textContent).toContain('errors.storageUnavailable');
    expect(navigate).not.toHaveBeenCalled();
    expect(screen.queryByRole('heading')).toBeNull();
    expect(opens.count).toBeGreaterThan(0);
  });
});
