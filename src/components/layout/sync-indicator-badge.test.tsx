// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { badgeCount, SyncIndicator } from './sync-indicator.tsx';

const counts = vi.hoisted(() => ({ waiting: 0, failed: 0 }));
vi.mock('@tanstack/react-router', () => ({
  Link: ({ children, activeProps: _a, ...rest }: { children: ReactNode; activeProps?: unknown }) => (
    <a href="/sync" {...rest}>
      {children}
    </a>
  ),
}));
vi.mock('#components/sync-status.ts', () => ({
  useSyncStatus: () => ({ online: false, summary: {}, running: false, held: false }),
}));
vi.mock('#local/sync/status', () => ({ unsentCount: () => counts }));

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'id',
    resources: {
      id: {
        sync: {
          indicator: {
            offline: 'Offline',
            waitingWord: 'menunggu',
            failedWord: 'gagal',
            label_other: '{{connection}}. {{count}} data menunggu dikirim, {{failed}} gagal.',
          },
        },
      },
    },
    interpolation: { escapeValue: false },
  });
});

describe('sync indicator on a phone: compact badges, the farm name keeps the room', () => {
  it('caps a badge at 99+', () => {
    expect(badgeCount(9)).toBe('9');
    expect(badgeCount(99)).toBe('99');
    expect(badgeCount(150)).toBe('99+');
  });

  it('draws the counts as corner badges of the icon; the full numbers stay in the name', () => {
    counts.waiting = 150;
    counts.failed = 14;
    const { container } = render(<SyncIndicator />);
    const link = screen.getByRole('link', { name: /150 data menunggu dikirim, 14 gagal/ });
    expect(container.querySelector('.sync-indicator__waiting')?.firstChild?.textContent).toBe('99+');
    expect(container.querySelector('.sync-indicator__failed')?.firstChild?.textContent).toBe('14');
    expect(link.getAttribute('data-state')).toBe('failed');
  });
});
