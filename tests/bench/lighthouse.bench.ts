/**
 * Lighthouse 11, mobile profile (simulated throttling, CPU 4×), on the main screens of the
 * built app served by the real server: prints each screen's performance score, Total
 * Blocking Time, paint timings, accessibility, best practices, installability and the
 * host's benchmark index, against the budget (performance ≥ 0.95, TBT ≤ 200 ms). Median
 * of two to five runs per screen. Figures, not pass/fail: a score depends on the machine.
 * Needs `npm run build` first.
 *
 *   node --import tsx tests/bench/lighthouse.bench.ts [login,farm-home,...]
 */

import { loadavg } from 'node:os';
import { request } from '@playwright/test';
import { BUDGET } from '../e2e/support/lighthouse.ts';
import { auditMainScreens } from '../e2e/support/lighthouse-screens.ts';
import { startAppServer } from '../helpers/app-server.ts';

const only = process.argv[2]?.split(',');

async function main() {
  // Each audit loads the whole app cold, several times a screen: the per-minute request
  // limit of a production server would answer 429 before the last screen.
  process.env.RATE_LIMIT_PER_MINUTE ??= '1000000';
  const app = await startAppServer();
  const api = await request.newContext({ baseURL: app.url });
  try {
    console.log(
      `load average before: ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
    );
    const results = await auditMainScreens(api, app.url, {
      budget: BUDGET,
      single: false,
      only,
      report: (line) => console.log(line),
    });
    console.log(
      `\nload average after: ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
    );
    console.log(
      'screen        performance  TBT      LCP      accessibility  best-practices  benchmark index',
    );
    for (const { name, median } of results) {
      const perf = `${median.performance.toFixed(2)} ${median.performance >= BUDGET.performance ? 'ok' : 'MISS'}`;
      const tbt = `${Math.round(median.tbt)} ms ${median.tbt <= BUDGET.tbt ? 'ok' : 'MISS'}`;
      console.log(
        `${name.padEnd(14)}${perf.padEnd(13)}${tbt.padEnd(11)}${`${Math.round(median.lcp)} ms`.padEnd(9)}` +
          `${median.accessibility.toFixed(2).padEnd(15)}${median.bestPractices.toFixed(2).padEnd(16)}` +
          `${Math.round(median.benchmarkIndex)}`,
      );
    }
    const login = results.find((r) => r.name === 'login');
    if (login) console.log(`installable (login): ${login.median.installable ? 'yes' : 'NO'}`);
    console.log(`budget: performance >= ${BUDGET.performance}, TBT <= ${BUDGET.tbt} ms`);
  } finally {
    await api.dispose();
    await app.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
