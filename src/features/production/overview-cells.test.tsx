// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Farm } from '#shared/contracts/farm';
import { productionLocales } from './locales.ts';
import { OverviewBody, type OverviewData } from './overview-screen.tsx';

vi.mock('@tanstack/react-router', () => ({
  Link: ({ to, children }: { to: string; children: ReactNode }) => <a href={to}>{children}</a>,
  useRouter: () => ({ navigate: vi.fn(), history: { back: vi.fn() } }),
  useLocation: () => ({ pathname: '/farm/f1/overview' }),
}));

const farm = { farm_id: 'f1', name: 'Tambak Jaya', role_id: 1 } as unknown as Farm;
const figures = {
  doc: 60,
  abw: 12.5,
  size: 80,
  population: 90_000,
  sr: 90,
  biomass_kg: 1125,
  fcr: 1.3,
  productivity_kg_ha: null,
};
const row = (name: string, adg: number | null) => ({
  ...figures,
  adg,
  stock_id: `s-${name}`,
  pond_name: name,
  block_name: null,
  feed_status: 'known',
});
const overview = (pending = false) =>
  ({
    rows: [row('A6', -0.87), row('A7', 0.31), row('A8', null)],
    summary: { ...figures, adg: 0.12, ponds: 3 },
    pending: { stocks: false, deaths: false, harvests: false, samplings: pending },
    pulledAt: Date.parse('2026-12-03T01:00:00Z'),
    samplingAsOf: '2026-12-03T01:00:00Z',
  }) as unknown as OverviewData;

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'id',
    resources: { id: { production: productionLocales.id }, en: { production: productionLocales.en } },
  });
});

describe('the cycle overview marks a figure a manager must look at', () => {
  it("a negative ADG is marked and says why (the table's cell and the phone's card); a positive or unknown one is not", () => {
    render(<OverviewBody farm={farm} embedded overview={overview()} />);
    const marked = document.querySelectorAll('.overview__alarm');
    expect(marked).toHaveLength(2);
    for (const m of marked) {
      expect(m.textContent).toMatch(/^[-−]0,87/);
      expect(m.getAttribute('title')).toMatch(/^ABW turun sejak sampling sebelumnya/);
    }
    expect(screen.getAllByText(/\(ABW turun sejak sampling sebelumnya/)).toHaveLength(2);
  });

  it('marks nothing while the samplings are still loading', () => {
    render(<OverviewBody farm={farm} embedded overview={overview(true)} />);
    expect(document.querySelectorAll('.overview__alarm')).toHaveLength(0);
  });
});

describe('a figure with nothing to measure yet', () => {
  it('reads "belum panen" for a pond with no harvest, the kg per ha once it has one', () => {
    const data = {
      ...overview(),
      rows: [
        { ...row('B1', 0.3), productivity_kg_ha: 0, harvested_kg: 0 },
        { ...row('B2', 0.3), productivity_kg_ha: 1250, harvested_kg: 500 },
      ],
    } as unknown as OverviewData;
    render(<OverviewBody farm={farm} embedded overview={data} />);
    const b1 = screen.getAllByRole('article', { name: /B1/ })[0] as HTMLElement;
    const b2 = screen.getAllByRole('article', { name: /B2/ })[0] as HTMLElement;
    expect(b1.textContent).toMatch(/belum panen/);
    // Words in a figure's place stand without the figure's unit.
    expect(b1.textContent).not.toMatch(/belum panen\s*kg\/ha/);
    expect(b2.textContent).toMatch(/1\.250\s*kg\/ha\/siklus/);
    expect(b2.textContent).not.toMatch(/belum panen/);
    expect(b2.textContent).toMatch(/1\.250/);
  });
});
