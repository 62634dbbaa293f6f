// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetSyncStatusForTests, setSyncStatus } from '#local/sync/status';
import { ChatScreen } from './chat-screen.tsx';

vi.mock('@tanstack/react-router', () => ({
  useNavigate: () => vi.fn(),
  useSearch: () => ({}),
}));

afterEach(() => {
  cleanup();
  resetSyncStatusForTests();
});

describe('the chat screen before its first connection', () => {
  it('says it is connecting while the phone has a connection, and that it cannot without one', () => {
    setSyncStatus({ online: true });
    render(<ChatScreen />);
    // The translation keys (i18n is not started here).
    expect(screen.getByRole('status').textContent).toBe('connecting');
    act(() => setSyncStatus({ online: false }));
    expect(screen.getByRole('status').textContent).toBe('connectError');
    act(() => setSyncStatus({ online: true }));
    expect(screen.getByRole('status').textContent).toBe('connecting');
  });
});
