/**
 * The forecast of every running pond of a 50-pond farm (issue 26: ≤ 50 ms server side),
 * in process: the shared forecastCycle the server and the device run, on demo-derived
 * cycles (scripts/forecast/demo-cycles.ts) cut at DOC 30–100, farm prior included.
 */
import { demoCycles } from '../../scripts/forecast/demo-cycles.ts';
import {
  addDays,
  type ForecastInput,
  farmPrior,
  forecastCycle,
} from '../../src/shared/domain/forecast/index.ts';

const cycles = demoCycles(1).slice(0, 50);
const prior = farmPrior(cycles.map((c) => c.samplings));
const inputs: ForecastInput[] = cycles.map((c, i) => {
  const cut = 30 + ((i * 7) % 70);
  const today = addDays(c.start, cut - 1);
  return {
    stock: { stock_date: c.start, seed_actual: 300_000, is_harvest: false },
    areaM2: 3000,
    deaths: Array.from({ length: Math.floor(cut / 3) }, (_, n) => ({
      died_on: addDays(c.start, n * 3),
      count: 400,
    })),
    harvests: [],
    samplings: c.samplings
      .filter((s) => s.doc <= cut)
      .map((s) => ({
        sampled_on: addDays(c.start, s.doc - 1),
        sample_weight: s.abw * 100,
        shrimp_count: 100,
      })),
    feedKg: null,
    today,
    prior,
    targets: [100, 70, 50],
    prices: {
      valid_from: today,
      prices: [
        { size: 50, price_per_kg: 72_000 },
        { size: 100, price_per_kg: 48_000 },
      ],
    },
    costToDate: 150_000_000,
    feedPricePerKg: 15_000,
  };
});
const prior0 = performance.now();
farmPrior(cycles.map((c) => c.samplings));
const priorMs = performance.now() - prior0;
for (let w = 0; w < 20; w++) for (const input of inputs) forecastCycle(input);
const runs: number[] = [];
for (let r = 0; r < 41; r++) {
  const t0 = performance.now();
  for (const input of inputs) forecastCycle(input);
  runs.push(performance.now() - t0);
}
runs.sort((a, b) => a - b);
console.log(
  `forecast of ${inputs.length} ponds: best ${runs[0]?.toFixed(1)} ms, median ${runs[20]?.toFixed(1)} ms, worst ${runs.at(-1)?.toFixed(1)} ms (target ≤ 50 ms server side)`,
);
console.log(`farm prior from ${cycles.length} finished cycles: ${priorMs.toFixed(1)} ms`);
