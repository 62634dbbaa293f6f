import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../helpers/chromium.ts';

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** "p50 … ms, p95 … ms, max … ms" of a list of timings. */
export function summary(timings: number[]): string {
  const sorted = [...timings].sort((a, b) => a - b);
  return (
    `p50 ${percentile(sorted, 50).toFixed(2)} ms, p95 ${percentile(sorted, 95).toFixed(2)} ms, ` +
    `max ${sorted[sorted.length - 1].toFixed(2)} ms`
  );
}

/**
 * Bundles a browser entry of tests/bench/browser, serves it on 127.0.0.1 and opens it in
 * Debian's Chromium with a persistent (on-disk) profile, then hands the page to `run`.
 * `port`: the page's own (a bench whose API server lets that origin in); default any free one.
 */
export async function withBenchPage<T>(entry: string, run: (page: Page) => Promise<T>, port = 0): Promise<T> {
  const bundle = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'iife',
    write: false,
    minify: true,
    target: 'es2022',
    // Screens import their stylesheet; the bench page measures script, render and layout.
    loader: { '.css': 'empty' },
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
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
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: listening } = server.address() as { port: number };
  const profile = mkdtempSync(join(tmpdir(), 'tambak-bench-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: ['--headless', ...CHROMIUM_FLAGS],
  });
  try {
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${listening}/`);
    return await run(page);
  } finally {
    await context.close();
    server.close();
    rmSync(profile, { recursive: true, force: true });
  }
}
