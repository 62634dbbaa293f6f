/**
 * The forecast bench's farm (issue 26): the 50 running ponds of a demo-derived farm
 * (scripts/forecast/demo-cycles.ts, seed 1) cut at DOC 30–100, with the farm prior of
 * its finished cycles, as the server and the device hand them to `forecastCycle`. Shared
 * by the in-process bench (tests/bench/forecast.bench.ts) and its browser page
 * (tests/bench/browser/forecast-entry.ts).
 */
import { demoCycles } from '../../scripts/forecast/demo-cycles.ts';
import {
  addDays,
  type FinishedCycle,
  type ForecastInput,
  farmPrior,
} from '../../src/shared/domain/forecast/index.ts';

export interface ForecastFarm {
  finished: FinishedCycle[];
  inputs: ForecastInput[];
}

export function forecastFarm(): ForecastFarm {
  const cycles = demoCycles(1).slice(0, 50);
  const finished = cycles.map((c) => ({ points: c.samplings, stockDate: c.start }));
  const prior = farmPrior(finished);
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
  return { finished, inputs };
}
