#!/usr/bin/env node
/**
 * The checks before the unit tests, in two lanes at once (`npm test`): the type check
 * (one core, the longest) beside lint, the dependency rules, the OpenAPI lint and the
 * build the browser tests serve. No test runs meanwhile, so no test's timing is squeezed.
 * Each lane's output is printed whole when it ends, under its name; any failure fails.
 */
import { spawn } from 'node:child_process';

const LANES = [
  ['typecheck', 'npm run typecheck'],
  [
    'lint, depcheck, openapi, build',
    'npm run lint && npm run depcheck && npm run lint:openapi && npm run build',
  ],
];

function lane([name, command]) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('sh', ['-c', command], { stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    child.stdout.on('data', (chunk) => out.push(chunk));
    child.stderr.on('data', (chunk) => out.push(chunk));
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      process.stdout.write(`\n── ${name} (${seconds} s, exit ${code}) ──\n${Buffer.concat(out).toString()}`);
      resolve(code ?? 1);
    });
  });
}

const codes = await Promise.all(LANES.map(lane));
const failed = LANES.filter((_, i) => codes[i] !== 0).map(([name]) => name);
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.join('; ')}`);
  process.exit(1);
}
