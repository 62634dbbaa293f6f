// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PondForecast } from '#shared/contracts/forecast';
import { OverviewForecastCard } from './overview-forecast.tsx';
import { rowsFromServer } from './overview-forecast-embed.tsx';

afterEach(cleanup);
beforeAll(async () => {
  await i18next
    .use(initReactI18next)
    .init({ lng: 'en', resources: {}, interpolation: { escapeValue: false } });
  await import('./register-locales.ts');
});

const pond = (
  name: string,
  basis: 'fit' | 'prior',
  points: { doc: number; abw: number }[],
): PondForecast => ({
  pond_id: `id-${name}`,
  pond_name: name,
  cycle_id: `c-${name}`,
  stock_date: '2026-09-01',
  doc: 60,
  basis,
  prior_source: 'default',
  notice: basis === 'prior' ? 'from the prior' : null,
  price_source: 'farm',
  price_notice: null,
  cost_to_date: null,
  samplings: points.length,
  points,
  abw_now: 7,
  curve: [
    { date: '2026-10-31', doc: 61, abw: 7.2, low: 6.8, high: 7.6 },
    { date: '2026-11-20', doc: 81, abw: 11.5, low: 10.2, high: 12.9 },
  ],
  targets: [
    {
      size: 100,
      target_abw: 10,
      status: 'ok',
      days: 15,
      days_early: 12,
      days_late: 18,
      projection: {
        date: '2026-11-14',
        doc: 75,
        abw: 10,
        abw_low: 9.2,
        abw_high: 10.8,
        size: 100,
        population: 100_000,
        biomass_kg: 1000,
        feed_kg: 400,
        price_per_kg: 60_000,
        revenue: 60_000_000,
        cost: null,
        hpp: null,
      },
    },
  ],
});

/** GET /api/forecast's data (the API client hands over the answer's `data`). */
const answer: PondForecast[] = [
  pond('Kolam 2', 'fit', [
    { doc: 45, abw: 4.1 },
    { doc: 52, abw: 5.3 },
  ]),
  pond('Kolam 1', 'prior', [{ doc: 58, abw: 6.9 }]),
];

describe('the overview embed’s forecast (ADR 0078)', () => {
  it('maps the server’s answer to the card’s rows: forecast, samplings for the chart, price source', () => {
    const rows = rowsFromServer(answer);
    expect(rows.map((r) => r.name)).toEqual(['Kolam 2', 'Kolam 1']);
    expect(rows[0]?.points).toEqual([
      { doc: 45, abw: 4.1 },
      { doc: 52, abw: 5.3 },
    ]);
    expect(rows[0]?.forecast.curve).toHaveLength(2);
    expect(rows[1]?.forecast.basis).toBe('prior');
    expect(rows[0]?.priceSource).toBe('farm');
  });

  it('shows every pond’s next size and the chosen pond’s chart and targets, with no link out of the page', () => {
    render(<OverviewForecastCard farmId="f1" rows={rowsFromServer(answer)} embedded />);
    expect(screen.getByTestId('overview-forecast')).toBeTruthy();
    // Sorted by name; the first is shown: a prior-only forecast says so.
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((r) => r.querySelector('th')?.textContent)).toEqual(['Kolam 1', 'Kolam 2']);
    expect(screen.getByTestId('forecast-prior-only')).toBeTruthy();
    expect(screen.getByTestId('forecast-chart')).toBeTruthy();
    expect(screen.getByTestId('forecast-target-100')).toBeTruthy();
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Kolam 2' }));
    expect(screen.queryByTestId('forecast-prior-only')).toBeNull();
    expect(screen.getByRole('button', { name: 'Kolam 2' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('no running pond: no card', () => {
    const { container } = render(<OverviewForecastCard farmId="f1" rows={[]} embedded />);
    expect(container.textContent).toBe('');
  });
});
