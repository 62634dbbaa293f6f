// Bundled by tests/bench/review-table.bench.ts into the benchmark page: the farm review
// table of 50 ponds for one day (3 slots, general readings, some out of standard, some
// not measured, some ponds missing), built by the real model and rendered by the real
// component with React, laid out by the browser.
import i18next from 'i18next';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { initReactI18next } from 'react-i18next';
import {
  buildReview,
  DIKE_SORT,
  type ReviewReading,
  sortRows,
} from '../../../src/features/review/review-model.ts';
import { ReviewTable } from '../../../src/features/review/review-table.tsx';
import { VANNAMEI_STANDARDS } from '../../../src/shared/domain/water-standards.ts';

void i18next
  .use(initReactI18next)
  .init({ lng: 'id', fallbackLng: 'id', resources: {}, interpolation: { escapeValue: false } });

const DAY = '2026-11-25';
const ponds = Array.from({ length: 50 }, (_, i) => ({
  pond_id: `p${i}`,
  name: `Kolam ${i + 1}`,
  block_id: `b${i % 5}`,
  block_name: `Blok ${String.fromCharCode(65 + (i % 5))}`,
}));
const readings: ReviewReading[] = [];
for (const [i, pond] of ponds.entries())
  for (const [slot, time] of [
    ['morning', '06:10'],
    ['afternoon', '14:05'],
    ['evening', '22:00'],
  ] as const) {
    if ((i + time.length) % 9 === 0) continue; // a missing entry now and then
    readings.push({
      id: `${pond.pond_id}-${slot}`,
      pond_id: pond.pond_id,
      measured_at: `${DAY}T${time}:00.000+07:00`,
      time_of_day: slot,
      created_by: `u${i % 4}`,
      _status: i % 7 === 0 ? 'pending' : 'synced',
      ph: 7.6 + (i % 10) * 0.1,
      do: i % 6 === 0 ? 3.4 : 5.1,
      temperature: i % 8 === 0 ? -99 : 29.2,
      salinity: 18 + (i % 5),
      turbidity: 30 + (i % 12),
      water_height: 120,
    });
  }
const names = new Map([
  ['u0', 'Budi'],
  ['u1', 'Sari'],
  ['u2', 'Andi'],
  ['u3', 'Rina'],
]);

function Table() {
  const model = buildReview({
    kind: 'general',
    day: DAY,
    ponds,
    readings,
    standards: VANNAMEI_STANDARDS,
    slots: ['morning', 'afternoon', 'evening'],
    names,
  });
  return (
    <ReviewTable
      label="bench"
      slots={model.slots}
      columns={model.columns}
      rows={sortRows(model.rows, DIKE_SORT)}
      sort={DIKE_SORT}
      onSort={() => {}}
    />
  );
}

/** Renders the table `count` times into a fresh root; each time: model, React commit, layout. */
function benchReviewTable(count: number): number[] {
  const timings: number[] = [];
  for (let n = 0; n < count; n++) {
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    const started = performance.now();
    flushSync(() => root.render(<Table />));
    void host.getBoundingClientRect().height; // force style and layout
    timings.push(performance.now() - started);
    if (host.querySelectorAll('tbody tr').length !== 50) throw new Error('the table did not render 50 ponds');
    root.unmount();
    host.remove();
  }
  return timings;
}

(globalThis as Record<string, unknown>).benchReviewTable = benchReviewTable;
