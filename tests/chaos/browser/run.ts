import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../helpers/chromium.ts';
import { createWorld } from '../world.ts';
import { type BrowserSeedTally, formatBrowserTally, runBrowserSeed } from './browser-harness.ts';
import { startStack } from './stack.ts';

/**
 * The long browser run: `npm run chaos:browser -- --seeds 100 --steps 60 [--first 1]
 * [--kills 2] [--ui 0.2]`. Needs a build (BUILD_OUT_DIR, default dist: run `npm run build` first). Its own
 * embedded PostgreSQL, server process and proxy; one farm and three fresh browser
 * contexts per seed; prints a tally per seed and the total; exits 1 on any violation.
 */
const { values } = parseArgs({
  options: {
    seeds: { type: 'string', default: '10' },
    steps: { type: 'string', default: '60' },
    first: { type: 'string', default: '1' },
    kills: { type: 'string', default: '2' },
    ui: { type: 'string', default: '0.2' },
    verbose: { type: 'boolean', default: false },
  },
});
const seeds = Number(values.seeds);
const steps = Number(values.steps);
const first = Number(values.first);

const stack = await startStack({ staticDir: process.env.BUILD_OUT_DIR ?? 'dist' });
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_FLAGS,
});
let failed = false;
try {
  const world = await createWorld(stack.server);
  const total: Omit<BrowserSeedTally, 'seed' | 'ms'> = {
    steps: 0,
    mutations: 0,
    ops: {},
    faults: {},
    recordsChecked: 0,
    lost: 0,
    duplicated: 0,
    failedWithReason: 0,
    failedOnSyncScreen: 0,
    refused: 0,
    failureCodes: {},
    kinds: {},
    stockChecked: 0,
    stockMismatches: 0,
    balancesChecked: 0,
    balanceMismatches: 0,
    violations: [],
  };
  const add = (into: Record<string, number | undefined>, from: Record<string, number | undefined>) => {
    for (const [k, v] of Object.entries(from)) into[k] = (into[k] ?? 0) + (v ?? 0);
  };
  const started = Date.now();
  for (let seed = first; seed < first + seeds; seed++) {
    let t: BrowserSeedTally;
    try {
      t = await runBrowserSeed({
        browser,
        stack,
        world,
        seed,
        steps,
        maxKills: Number(values.kills),
        uiShare: Number(values.ui),
        log: values.verbose ? console.log : undefined,
      });
    } catch (error) {
      // A harness error (a page that never loaded) is reported, not counted as a finding.
      console.log(`seed ${seed}: harness error: ${error instanceof Error ? error.message : error}`);
      total.violations.push(`seed ${seed}: harness error`);
      continue;
    }
    console.log(formatBrowserTally(t));
    for (const v of t.violations) console.log(`  ! ${v}`);
    total.steps += t.steps;
    total.mutations += t.mutations;
    total.recordsChecked += t.recordsChecked;
    total.lost += t.lost;
    total.duplicated += t.duplicated;
    total.failedWithReason += t.failedWithReason;
    total.failedOnSyncScreen += t.failedOnSyncScreen;
    total.refused += t.refused;
    total.stockChecked += t.stockChecked;
    total.stockMismatches += t.stockMismatches;
    total.balancesChecked += t.balancesChecked;
    total.balanceMismatches += t.balanceMismatches;
    total.violations.push(...t.violations.map((v) => `seed ${seed}: ${v}`));
    add(total.faults, t.faults);
    add(total.failureCodes, t.failureCodes);
    add(total.ops, t.ops);
    console.log(
      `  running total: ${seed - first + 1} seeds, mutations ${total.mutations}, records checked ${total.recordsChecked}, lost ${total.lost}, duplicated ${total.duplicated}, violations ${total.violations.length}`,
    );
  }
  console.log(`\nTOTAL over ${seeds} seeds (${Math.round((Date.now() - started) / 1000)} s)`);
  console.log(formatBrowserTally({ ...total, seed: 'all' }));
  failed = total.violations.length > 0 || total.lost > 0 || total.duplicated > 0;
} finally {
  await browser.close();
  await stack.stop();
}
process.exit(failed ? 1 : 0);
