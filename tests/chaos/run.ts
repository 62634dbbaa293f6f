import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createDb, migrateToLatest } from '../../src/server/db/database.ts';
import { startEmbeddedPostgres } from '../../src/server/db/embedded.ts';
import { freePort, freshDatabase, ServerProcess } from '../helpers/server-process.ts';
import { formatTally, runSeed, type SeedTally } from './harness.ts';
import { createWorld } from './world.ts';

/**
 * The long run: `npm run chaos -- --seeds 100 --steps 200 [--first 1] [--kills 3]`.
 * Its own embedded PostgreSQL, one server process, one farm per seed; prints a tally per
 * seed and the total, exits 1 when the checker found anything.
 */
const { values } = parseArgs({
  options: {
    seeds: { type: 'string', default: '10' },
    steps: { type: 'string', default: '200' },
    first: { type: 'string', default: '1' },
    kills: { type: 'string', default: '3' },
    kinds: { type: 'string', default: '1' },
  },
});
const seeds = Number(values.seeds);
const steps = Number(values.steps);
const first = Number(values.first);
const maxKills = Number(values.kills);
const kindsWeight = Number(values.kinds);

const dir = mkdtempSync(join(tmpdir(), 'tambak-chaos-pg-'));
const cluster = await startEmbeddedPostgres(dir, await freePort(), true);
let server: ServerProcess | undefined;
let failed = false;
try {
  await cluster.createDatabase('tambak_template');
  const template = createDb(cluster.url('tambak_template'), 2);
  await migrateToLatest(template);
  await template.destroy();
  server = new ServerProcess(await freshDatabase(cluster.url('')), await freePort());
  await server.start();
  const world = await createWorld(server);
  const total: Omit<SeedTally, 'seed' | 'ms'> = {
    steps: 0,
    mutations: 0,
    ops: {},
    kindMutations: {},
    kinds: {},
    stockChecked: 0,
    stockMismatches: 0,
    balancesChecked: 0,
    balanceMismatches: 0,
    faults: {},
    recordsChecked: 0,
    lost: 0,
    duplicated: 0,
    failedWithReason: 0,
    refused: 0,
    failureCodes: {},
    violations: [],
  };
  const started = Date.now();
  for (let seed = first; seed < first + seeds; seed++) {
    const t = await runSeed({ world, seed, steps, maxKills, kindsWeight });
    console.log(formatTally(t));
    for (const v of t.violations) console.log(`  ! ${v}`);
    total.steps += t.steps;
    total.mutations += t.mutations;
    total.recordsChecked += t.recordsChecked;
    total.lost += t.lost;
    total.duplicated += t.duplicated;
    total.failedWithReason += t.failedWithReason;
    total.refused += t.refused;
    total.stockChecked += t.stockChecked;
    total.stockMismatches += t.stockMismatches;
    total.balancesChecked += t.balancesChecked;
    total.balanceMismatches += t.balanceMismatches;
    for (const [k, v] of Object.entries(t.kindMutations))
      total.kindMutations[k] = (total.kindMutations[k] ?? 0) + v;
    for (const [k, c] of Object.entries(t.kinds)) {
      total.kinds[k] ??= { records: 0, lost: 0, duplicated: 0, failedWithReason: 0 };
      const into = total.kinds[k];
      into.records += c.records;
      into.lost += c.lost;
      into.duplicated += c.duplicated;
      into.failedWithReason += c.failedWithReason;
    }
    total.violations.push(...t.violations.map((v) => `seed ${seed}: ${v}`));
    for (const [k, v] of Object.entries(t.faults)) total.faults[k] = (total.faults[k] ?? 0) + v;
    for (const [k, v] of Object.entries(t.failureCodes))
      total.failureCodes[k] = (total.failureCodes[k] ?? 0) + v;
    for (const [k, v] of Object.entries(t.ops))
      total.ops[k as keyof typeof total.ops] = (total.ops[k as keyof typeof total.ops] ?? 0) + (v ?? 0);
    // A running total, so a run stopped early still says what it proved.
    console.log(
      `  so far (${seed - first + 1} seeds, ${Math.round((Date.now() - started) / 1000)} s): mutations ${total.mutations}, lost ${total.lost}, duplicated ${total.duplicated}, stock mismatches ${total.stockMismatches}/${total.stockChecked}, balance mismatches ${total.balanceMismatches}/${total.balancesChecked}, violations ${total.violations.length}`,
    );
  }
  console.log(`\nTOTAL over ${seeds} seeds (${Math.round((Date.now() - started) / 1000)} s)`);
  console.log(`  ops: ${JSON.stringify(total.ops)}`);
  console.log(formatTally({ ...total, seed: 'all' }));
  failed = total.violations.length > 0 || total.lost > 0 || total.duplicated > 0;
} finally {
  await server?.kill();
  await cluster.stop();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
