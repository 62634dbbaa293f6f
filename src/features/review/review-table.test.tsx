// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { useState } from 'react';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { VANNAMEI_STANDARDS } from '#shared/domain/water-standards';
import {
  buildReview,
  DIKE_SORT,
  nextSort,
  type ReviewReading,
  type SortState,
  sortRows,
} from './review-model.ts';
import { ReviewTable } from './review-table.tsx';

afterEach(cleanup);
beforeAll(async () => {
  await i18next
    .use(initReactI18next)
    .init({ lng: 'id', resources: {}, interpolation: { escapeValue: false } });
  // register-locales.ts adds the `review` namespace once i18next is up
  await import('./register-locales.ts');
});

const DAY = '2026-11-25';
const ponds = ['Kolam 1', 'Kolam 2', 'Kolam 3'].map((name, i) => ({
  pond_id: `p${i + 1}`,
  name,
  block_id: 'a',
  block_name: 'Blok A',
}));
const readings: ReviewReading[] = [
  {
    id: 'r1',
    pond_id: 'p1',
    measured_at: `${DAY}T06:10:00.000+07:00`,
    time_of_day: 'morning',
    created_by: 'u1',
    _status: 'synced',
    ph: 7.9,
    temperature: -99,
  },
  {
    id: 'r2',
    pond_id: 'p2',
    measured_at: `${DAY}T06:20:00.000+07:00`,
    time_of_day: 'morning',
    created_by: 'u1',
    _status: 'pending',
    ph: 9.1,
  },
];

function Harness({ rows = readings }: { rows?: ReviewReading[] }) {
  const [sort, setSort] = useState<SortState>(DIKE_SORT);
  const model = buildReview({
    kind: 'general',
    day: DAY,
    ponds,
    readings: rows,
    standards: VANNAMEI_STANDARDS,
    slots: ['morning'],
    names: new Map([['u1', 'Budi']]),
  });
  return (
    <ReviewTable
      label="Tabel"
      slots={model.slots}
      columns={model.columns}
      rows={sortRows(model.rows, sort)}
      sort={sort}
      onSort={(key) => setSort((s) => nextSort(s, key))}
    />
  );
}

const pondNames = () =>
  screen.getAllByRole('rowheader').map((th) => th.querySelector('.review__pond-name')?.textContent);

describe('ReviewTable', () => {
  it('says out of standard, not measured, missing and pending in words', () => {
    render(<Harness />);
    const [, k2, k3] = screen.getAllByRole('row').slice(2);
    expect(within(k2).getByText(/Di atas standar/)).toBeTruthy();
    expect(within(k2).getByText('Menunggu sinyal')).toBeTruthy();
    // five parameters with a standard and the entry column
    expect(within(k3).getByText('Belum diisi').getAttribute('colspan')).toBe('6');
    const k1 = screen.getAllByRole('row')[2];
    expect(within(k1).getAllByText('Tidak diukur').length).toBe(4);
    expect(within(k1).getByText('Budi')).toBeTruthy();
  });

  it('names a water colour and the weather, not their keys', () => {
    render(<Harness rows={[{ ...readings[0], color: 8, weather: 6 }]} />);
    const k1 = screen.getAllByRole('row')[2];
    expect(within(k1).getByText('Hijau')).toBeTruthy();
    expect(within(k1).getByText('Cerah')).toBeTruthy();
  });

  it('sorts from a header button and marks the column with aria-sort', () => {
    render(<Harness />);
    expect(screen.getByRole('region', { name: 'Tabel' }).getAttribute('tabindex')).toBe('0');
    const ph = screen.getByRole('button', { name: 'Urutkan menurut Pagi pH' });
    fireEvent.click(ph);
    fireEvent.click(ph);
    expect(ph.closest('th')?.getAttribute('aria-sort')).toBe('descending');
    expect(pondNames()).toEqual(['Kolam 2', 'Kolam 1', 'Kolam 3']);
    fireEvent.click(screen.getByRole('button', { name: 'Urutkan menurut Kolam' }));
    expect(ph.closest('th')?.hasAttribute('aria-sort')).toBe(false);
    expect(
      screen.getByRole('button', { name: 'Urutkan menurut Kolam' }).closest('th')?.getAttribute('aria-sort'),
    ).toBe('ascending');
  });

  it('moves focus between cells with the arrow keys', () => {
    render(<Harness />);
    const first = screen.getAllByRole('rowheader')[0];
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    expect(document.activeElement?.textContent).toBe('7,9');
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toContain('9,1');
    fireEvent.keyDown(document.activeElement as Element, { key: 'Home' });
    expect(document.activeElement?.textContent).toContain('Kolam 2');
  });
});
