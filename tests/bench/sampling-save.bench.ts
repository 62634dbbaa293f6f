/**
 * Saving a sampling entry of 20 ponds offline, in Chromium on disk (persistent profile):
 * time from the save (entry model → 20 records + outbox entries + the cleared draft, one
 * strict-durability Dexie transaction) to the committed transaction; then the same with a
 * 300 KB photo (Blob in the row and in its upload entry). Prints p50/p95/max; no pass/fail.
 *
 *   node --import tsx tests/bench/sampling-save.bench.ts [saves=60]
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

function report(label: string, timings: number[]): void {
  const sorted = [...timings].sort((a, b) => a - b);
  console.log(
    `${label}, ${timings.length} saves: p50 ${percentile(sorted, 50).toFixed(2)} ms, ` +
      `p95 ${percentile(sorted, 95).toFixed(2)} ms, max ${sorted[sorted.length - 1].toFixed(2)} ms (goal p95 < 20 ms)`,
  );
}

async function main() {
  const bundle = await build({
    entryPoints: ['tests/bench/browser/sampling-save-entry.ts'],
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
    await page.evaluate('benchSamplingSave(5)'); // warm-up: open the database, JIT
    report(
      'save a 20-pond sampling entry offline',
      (await page.evaluate(`benchSamplingSave(${SAVES})`)) as number[],
    );
    report(
      'save a 20-pond sampling entry with one 300 KB photo',
      (await page.evaluate(`benchSamplingSave(${SAVES}, 300000)`)) as number[],
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
