// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import CashFlowChart from './cash-flow-chart.tsx';

afterEach(cleanup);

const monthsFrom = (year: number, month: number, n: number) =>
  Array.from({ length: n }, (_, i) => {
    const d = new Date(Date.UTC(year, month - 1 + i, 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  });
const rows = (months: string[]) =>
  months.map((month) => ({ month, income: '1000', expenses: '500', net: '500' }));
const labels = (months: string[], locale = 'en-GB', width = 640) => {
  const { container } = render(
    <CashFlowChart
      rows={rows(months)}
      label="Cash flow"
      monthLabel={(m) => `L:${m}`}
      locale={locale}
      width={width}
    />,
  );
  return [...container.querySelectorAll('.visx-axis-bottom text')].map((t) => t.textContent);
};

describe('CashFlowChart month axis', () => {
  it('names the month alone, with its year on the first month and on January', () => {
    expect(labels(monthsFrom(2025, 11, 4))).toEqual(['L:2025-11', 'Dec', 'L:2026-01', 'Feb']);
    expect(labels(monthsFrom(2026, 3, 2), 'id-ID')).toEqual(['L:2026-03', 'Apr']);
  });

  it('labels at most twelve months however long the period', () => {
    expect(labels(monthsFrom(2026, 1, 12))).toHaveLength(12);
    const two = labels(monthsFrom(2025, 1, 24));
    expect(two).toHaveLength(12);
    expect(two.slice(0, 2)).toEqual(['L:2025-01', 'Mar']);
  });

  it('labels fewer months on a phone, where a year of them would touch', () => {
    // 300 px wide: 236 px under the bars, five labels of a year
    expect(labels(monthsFrom(2026, 1, 12), 'en-GB', 300)).toEqual(['L:2026-01', 'Apr', 'Jul', 'Oct']);
  });
});
