// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { initReactI18next } from 'react-i18next';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Farm, Pond } from '#shared/contracts/farm';
import { FormPage } from './form-shell.tsx';
import { productionLocales } from './locales.ts';

const route = vi.hoisted(() => ({ search: {} as Record<string, string>, navigate: vi.fn() }));
vi.mock('@tanstack/react-router', () => ({
  useSearch: () => route.search,
  useLocation: () => ({ pathname: '/farm/f1/death/add' }),
  useRouter: () => ({ navigate: route.navigate }),
  Link: ({
    to,
    search,
    children,
    className,
  }: {
    to: string;
    search?: object;
    children: ReactNode;
    className?: string;
  }) => (
    <a
      href={search ? `${to}?${new URLSearchParams(search as Record<string, string>)}` : to}
      className={className}
    >
      {children}
    </a>
  ),
}));
const farm = { farm_id: 'f1', name: 'Tambak Jaya', role_id: 1 } as unknown as Farm;
const pond = { pond_id: 'p3', name: 'Kolam 3', block_name: 'Blok A', access_level: 3 } as unknown as Pond;
vi.mock('#components/farm-gate', () => ({
  FarmGate: ({ children }: { children: (f: Farm) => ReactNode }) => children(farm),
}));
vi.mock('#components/farm-data', () => ({ usePonds: () => ({ data: [pond] }) }));
vi.mock('#components/pond-access.ts', () => ({ pondAction: () => 3 }));
vi.mock('#components/quick-open.ts', () => ({
  useQuickOpen: () => ({ opening: false, onClick: () => {} }),
  useNavigateAfterPaint: () => route.navigate,
}));

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'id',
    resources: { id: { production: productionLocales.id, ui: { actions: { back: 'Kembali' } } } },
    interpolation: { escapeValue: false },
  });
});
beforeEach(() => route.navigate.mockReset());

const page = () =>
  render(
    <FormPage title="Kematian" feature="death">
      {({ leave }) => (
        <button type="button" onClick={leave}>
          simpan
        </button>
      )}
    </FormPage>,
  );

describe('FormPage opened from the Today list (?from=today)', () => {
  it('keeps where it came from when he picks the pond', () => {
    route.search = { from: 'today' };
    page();
    expect(screen.getByRole('link', { name: 'Kolam 3' }).getAttribute('href')).toBe(
      '/farm/f1/death/add?from=today&pond_id=p3',
    );
    expect(screen.getByRole('link', { name: 'Kembali' }).getAttribute('href')).toBe('/farm/f1/today');
  });

  it('goes back to Today after the save, not to the pond page', () => {
    route.search = { from: 'today', pond_id: 'p3' };
    page();
    fireEvent.click(screen.getByRole('button', { name: 'simpan' }));
    expect(route.navigate).toHaveBeenCalledWith({ to: '/farm/f1/today' });
    expect(screen.getByRole('link', { name: 'Kembali' }).getAttribute('href')).toBe('/farm/f1/today');
  });

  it('opened from the pond page, goes back to the pond page', () => {
    route.search = { pond_id: 'p3' };
    page();
    fireEvent.click(screen.getByRole('button', { name: 'simpan' }));
    expect(route.navigate).toHaveBeenCalledWith({ to: '/farm/f1/pond/p3' });
  });
});
