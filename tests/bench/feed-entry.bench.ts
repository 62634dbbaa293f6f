/**
 * Saving one feed entry offline (issue 15): 30 ponds × 4 feeding times = 120 use records
 * and their outbox entries, built by the entry model and written in one strict-durability
 * Dexie transaction, in Chromium on disk (persistent profile). Prints p50/p95/max over N
 * saves; no pass/fail (the goal: p95 under 20 ms).
 *
 *   node --import tsx tests/bench/feed-entry.bench.ts [saves=60]
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../helpers/chromium.ts';

const SAVES = Number(process.argv[2] ?? 60);
const CHROMIUM_ARGS = ['--headless', ...CHROMIUM_FLAGS];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main() {
  const bundle = await build({
    entryPoints: ['tests/bench/browser/feed-entry-entry.ts'],
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
    await page.evaluate('benchFeedEntry(5)'); // warm-up: open the database, JIT
    const timings = (await page.evaluate(`benchFeedEntry(${SAVES})`)) as number[];
    const sorted = [...timings].sort((a, b) => a - b);
    console.log(
      `save one feed entry (30 ponds × 4 times = 120 records + outbox, strict durability, on disk), ${SAVES} saves: ` +
        `p50 ${percentile(sorted, 50).toFixed(2)} ms, p95 ${percentile(sorted, 95).toFixed(2)} ms, ` +
        `max ${sorted[sorted.length - 1].toFixed(2)} ms (goal p95 < 20 ms)`,
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
