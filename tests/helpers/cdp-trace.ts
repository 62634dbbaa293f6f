/**
 * A timeline trace of a bench's measured part (Playwright's Chromium tracing), for finding
 * where an interaction's native time goes (style, layout, paint, hit tests) when a CPU
 * profile shows only "(program)". Prints the renderer main thread's events by total time
 * (nested events are counted in their parents too) and writes the trace to a file.
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';

const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'v8.execute'];

interface TraceEvent {
  name: string;
  ph: string;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

export async function startTrace(browser: Browser, page: Page, file: string): Promise<void> {
  await browser.startTracing(page, { path: file, categories: CATEGORIES });
}

export async function stopTrace(browser: Browser, file: string): Promise<void> {
  await browser.stopTracing();
  const { traceEvents } = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] };
  const main = new Set(
    traceEvents
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const total = new Map<string, { ms: number; count: number }>();
  for (const e of traceEvents) {
    if (e.ph !== 'X' || !main.has(`${e.pid}:${e.tid}`)) continue;
    const row = total.get(e.name) ?? { ms: 0, count: 0 };
    row.ms += (e.dur ?? 0) / 1000;
    row.count += 1;
    total.set(e.name, row);
  }
  console.log(`trace written to ${file}; renderer main thread by event (nested counted twice):`);
  for (const [name, row] of [...total].sort((a, b) => b[1].ms - a[1].ms).slice(0, 25))
    console.log(`  ${row.ms.toFixed(0).padStart(6)} ms  ${String(row.count).padStart(5)}×  ${name}`);
}
