/**
 * Saving one water reading offline, in Chromium on disk (persistent profile): time from
 * the save call to the committed Dexie transaction (record + outbox entry, strict
 * durability). Prints p50/p95/max over N saves; no pass/fail.
 *
 *   node --import tsx tests/bench/dexie-write.bench.ts [saves=300]
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../helpers/chromium.ts';

const SAVES = Number(process.argv[2] ?? 300);
const CHROMIUM_ARGS = ['--headless', ...CHROMIUM_FLAGS];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main() {
  const bundle = await build({
    entryPoints: ['tests/bench/browser/dexie-write-entry.ts'],
    bundle: true,
    format: 'iife',
    write: false,
    minify: true,
    target: 'es2022',
  });
  const script = bundle.outputFiles[0].text;
  const server = createServer((req, res) => {
    if (req.url === '/bench.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      res.end(script);
    } else {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><title>bench</title><script src="/bench.js"></script>');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const profile = mkdtempSync(join(tmpdir(), 'tambak-bench-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.evaluate('benchDexieWrite(20)'); // warm-up: open the database, JIT
    const timings = (await page.evaluate(`benchDexieWrite(${SAVES})`)) as number[];
    const sorted = [...timings].sort((a, b) => a - b);
    console.log(
      `save one reading (record + outbox, strict durability, on disk), ${SAVES} saves: ` +
        `p50 ${percentile(sorted, 50).toFixed(2)} ms, p95 ${percentile(sorted, 95).toFixed(2)} ms, ` +
        `max ${sorted[sorted.length - 1].toFixed(2)} ms (goal p95 < 10 ms)`,
    );
  } finally {
    await context.close();
    server.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
