// Bundled by tests/bench/forecast.bench.ts into the benchmark page: the farm prior and the
// forecast of all 50 running ponds, the shared code the device runs offline.
import { farmPrior, forecastCycle } from '../../../src/shared/domain/forecast/index.ts';
import { forecastFarm } from '../forecast-inputs.ts';

const farm = forecastFarm();

/** Timings (ms) of `runs` forecasts of the whole farm, the farm prior learnt again each time. */
function run(runs: number): number[] {
  const timings: number[] = [];
  for (let r = 0; r < runs; r++) {
    const started = performance.now();
    const prior = farmPrior(farm.finished);
    for (const input of farm.inputs) forecastCycle({ ...input, prior });
    timings.push(performance.now() - started);
  }
  return timings;
}

(globalThis as unknown as { benchForecast: typeof run }).benchForecast = run;
