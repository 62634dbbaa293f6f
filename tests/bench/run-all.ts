/** Runs every benchmark in tests/bench one after another; each prints its own figures. */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const only = process.argv[2];
const benches = readdirSync('tests/bench')
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => !only || f.includes(only))
  .sort();
let failed = 0;
for (const file of benches) {
  console.log(`\n== ${file}`);
  const run = spawnSync('node', ['--import', 'tsx', `tests/bench/${file}`], { stdio: 'inherit' });
  if (run.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
