// Bundled by tests/bench/dexie-write.bench.ts into the benchmark page: the real write
// path (record + outbox entry in one strict-durability Dexie transaction).
import { getDb } from '../../../src/local/db.ts';
import { createRepository } from '../../../src/local/repository.ts';
import { WATER_GENERAL } from '../../../src/local/resources.ts';

const readings = createRepository(WATER_GENERAL, getDb());

async function run(count: number): Promise<number[]> {
  const timings: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await readings.create([
      {
        farm_id: '0190f000-0000-7000-8000-000000000001',
        pond_id: '0190f000-0000-7000-8000-000000000002',
        measured_at: new Date().toISOString(),
        ph: 7.9,
        do: 5.1,
        temperature: 29.5,
        salinity: 18,
      },
    ]);
    timings.push(performance.now() - started);
  }
  return timings;
}

(globalThis as unknown as { benchDexieWrite: typeof run }).benchDexieWrite = run;
