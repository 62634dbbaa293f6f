// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetSyncStatusForTests, setSyncStatus } from '#local/sync/status';
import { ChatScreen } from './chat-screen.tsx';

vi.mock('@tanstack/react-router', () => ({
  useNavigate: () => vi.fn(),
  useSearch: () => ({}),
  Link: ({ to, children, className }: { to: string; children: React.ReactNode; className?: string }) => (
    <a href={to} className={className}>
      {children}
    </a>
  ),
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
    // The way back home, since the chat's own header is not there yet.
    expect(screen.getByRole('link', { name: 'backHome' }).getAttribute('href')).toBe('/');
    act(() => setSyncStatus({ online: true }));
    expect(screen.getByRole('status').textContent).toBe('connecting');
  });
});
