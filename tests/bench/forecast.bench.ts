/**
 * The forecast of every running pond of a 50-pond farm (issue 26: ≤ 50 ms server side,
 * ≤ 100 ms in the browser at 4× CPU): the shared forecastCycle the server and the device
 * run, on demo-derived cycles (tests/bench/forecast-inputs.ts) cut at DOC 30–100, farm
 * prior included. In process (Node, as the server), then in Debian's Chromium with the
 * CPU slowed 4× (CDP Emulation.setCPUThrottlingRate). Prints the figures and exits 1 when
 * a median misses its target.
 *
 *   node --import tsx tests/bench/forecast.bench.ts [--no-browser]
 */
import { farmPrior, forecastCycle } from '../../src/shared/domain/forecast/index.ts';
import { summary, withBenchPage } from './browser/page-bench.ts';
import { forecastFarm } from './forecast-inputs.ts';

const SERVER_MS = 50;
const BROWSER_MS = 100;
const CPU_SLOWDOWN = 4;
const RUNS = 41;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

function inProcess(): number[] {
  const farm = forecastFarm();
  const runs: number[] = [];
  const once = () => {
    const t0 = performance.now();
    const prior = farmPrior(farm.finished);
    for (const input of farm.inputs) forecastCycle({ ...input, prior });
    return performance.now() - t0;
  };
  for (let w = 0; w < 20; w++) once();
  for (let r = 0; r < RUNS; r++) runs.push(once());
  return runs;
}

async function main() {
  let failed = false;
  const server = inProcess();
  const ok = median(server) <= SERVER_MS;
  failed ||= !ok;
  console.log(
    `server side (Node, in process): farm prior + forecast of 50 ponds, ${RUNS} runs: ${summary(server)} — ${ok ? 'meets' : 'MISSES'} ≤ ${SERVER_MS} ms`,
  );
  if (!process.argv.includes('--no-browser')) {
    const browser = await withBenchPage('tests/bench/browser/forecast-entry.ts', async (page) => {
      const cdp = await page.context().newCDPSession(page);
      await page.evaluate('benchForecast(10)'); // warm-up: JIT
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      const timings = (await page.evaluate(`benchForecast(${RUNS})`)) as number[];
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      return timings;
    });
    const bOk = median(browser) <= BROWSER_MS;
    failed ||= !bOk;
    console.log(
      `browser (Chromium, CPU ${CPU_SLOWDOWN}× slower): farm prior + forecast of 50 ponds, ${RUNS} runs: ${summary(browser)} — ${bOk ? 'meets' : 'MISSES'} ≤ ${BROWSER_MS} ms`,
    );
  }
  if (failed) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
