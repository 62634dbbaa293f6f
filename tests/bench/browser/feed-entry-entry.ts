// Bundled by tests/bench/feed-entry.bench.ts into the benchmark page: the feed entry's
// real save path: the entry model turns 30 ponds × 4 feeding times into 120 use records,
// saved in one strict-durability journal write (src/local/journal.ts), then spread into
// the mirror and the outbox. Both times are measured: saved (durable), and applied.
import { buildUses, cellKey, type UseEntryState } from '../../../src/features/warehouse/use-entry-model.ts';
import { getDb } from '../../../src/local/db.ts';
import { newId } from '../../../src/local/ids.ts';
import { saveRecordsJournaled } from '../../../src/local/journal.ts';
import { WAREHOUSE_MOVEMENTS } from '../../../src/local/resources.ts';

const FARM = '0190f000-0000-7000-8000-000000000001';
const ITEM = '0190f000-0000-7000-8000-000000000003';
const ponds = Array.from(
  { length: 30 },
  (_, i) => `0190f000-0000-7000-8000-${String(100 + i).padStart(12, '0')}`,
);
const times = ['06:00', '10:00', '14:00', '18:00'];

async function run(count: number): Promise<{ saved: number[]; applied: number[] }> {
  const db = getDb();
  const saved: number[] = [];
  const applied: number[] = [];
  for (let n = 0; n < count; n++) {
    const state: UseEntryState = { itemId: ITEM, day: '2026-03-01', times, qty: {} };
    for (const p of ponds)
      for (const t of times)
        state.qty[cellKey(p, t)] = `${(2 + (n % 7) * 0.125).toFixed(3).replace('.', ',')}`;
    const started = performance.now();
    const { records } = buildUses(state, ponds, {
      farmId: FARM,
      price: 15000,
      cycleOf: () => null,
      newId,
      now: new Date().toISOString(),
      userId: null,
      today: '2026-03-01',
    });
    const save = await saveRecordsJournaled(db, WAREHOUSE_MOVEMENTS, records);
    saved.push(performance.now() - started);
    await save.applied;
    applied.push(performance.now() - started);
  }
  return { saved, applied };
}

(globalThis as unknown as { benchFeedEntry: typeof run }).benchFeedEntry = run;
