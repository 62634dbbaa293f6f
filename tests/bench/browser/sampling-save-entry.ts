// Bundled by tests/bench/sampling-save.bench.ts into the benchmark page: the sampling
// entry's real save path (entry model → records, photos, outbox entries and the draft in
// one strict-durability Dexie transaction).
import { buildEntry, type SamplingEntryState } from '../../../src/features/sampling/entry-model.ts';
import { saveSamplings } from '../../../src/features/sampling/save-samplings.ts';
import { getDb } from '../../../src/local/db.ts';
import { newId } from '../../../src/local/ids.ts';

const FARM = '0190f000-0000-7000-8000-000000000001';
const PONDS = Array.from(
  { length: 20 },
  (_, i) => `0190f000-0000-7000-8000-${String(100 + i).padStart(12, '0')}`,
);
const today = new Date().toISOString().slice(0, 10);

function entry(photo: Blob | null): SamplingEntryState {
  const values: SamplingEntryState['values'] = {};
  for (const [i, pond] of PONDS.entries())
    values[pond] = {
      shrimp_count: String(40 + i),
      sample_weight: String(300 + i * 7.5),
      hollow: '1',
      molting: '2',
    };
  const photos = photo ? { [PONDS[0]]: [{ id: newId(), blob: photo, width: 1600, height: 1200 }] } : {};
  return { date: today, values, photos };
}

/** Times `count` saves of a 20-pond sampling entry; `photoBytes` > 0 adds one photo of that size. */
async function run(count: number, photoBytes = 0): Promise<number[]> {
  const db = getDb();
  const cards = PONDS.map((pondId, i) => ({ pondId, cycleId: `c-${i}`, earliest: null }));
  const timings: number[] = [];
  for (let n = 0; n < count; n++) {
    const photo =
      photoBytes > 0 ? new Blob([new Uint8Array(photoBytes).fill(n % 251)], { type: 'image/jpeg' }) : null;
    const state = entry(photo);
    const started = performance.now();
    const built = buildEntry(state, { farmId: FARM, cards, today, newId });
    await saveSamplings(db, built, FARM, { ...state, values: {}, photos: {} });
    timings.push(performance.now() - started);
  }
  return timings;
}

(globalThis as unknown as { benchSamplingSave: typeof run }).benchSamplingSave = run;
