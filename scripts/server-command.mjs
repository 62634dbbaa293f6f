// How production runs the compiled server: plain node with a young generation of up to
// 32 MB a half (V8's default is 16). A bulk write of 50 readings allocates its body, the
// parsed items, the rows and their text for PostgreSQL; with 50 writes in flight a small
// young generation promoted most of that to the old one, and its collections stopped the
// server for up to 130 ms (a CPU profile under `npm run load`), the bulk route's slowest
// answers. Bulk route by size, three alternating 15-second runs each (ADR 0101):
// 4 MB: 316–348 req/s, p99 231–271 ms, server CPU 2.2–2.4 ms a write;
// 16 MB: 436–446 req/s, p99 184–201 ms, 1.6–1.7 ms;
// 32 MB: 444–520 req/s, p99 140–203 ms, 1.3–1.6 ms.
// The young generation grows only under such load; a server left idle gives it back (V8's
// memory reducer, some 15 s after the last request): 83–85 MB resident against 93 MB with
// 4 MB (tests/bench/server-start.bench.ts prints both moments; goal ≤ 100 MB).
//
// V8's size-over-speed mode (--optimize-for-size) was here too until the load script ran
// the server as production does: it saved no memory any more (86.7 MB with it, 86.5 MB
// without) and made every request dearer, 2.5 times the server's CPU for a bulk write
// (7.3 against 3.1 ms) and 1.6 times for a health check.
//
// Used by scripts/start.mjs (npm start, npm run serve), the start benchmark and the load
// scripts (tests/load/harness.ts).
import { join } from 'node:path';

export const SERVER_NODE_FLAGS = ['--max-semi-space-size=32'];

/**
 * glibc's allocator settings for the server (issue 32, ≤ 100 MB at idle): two arenas
 * instead of one per thread, and freed memory handed back to the system instead of kept
 * for later (about 10 MB of an idle server's resident set). A value set by the person
 * starting the server wins.
 *
 * Blocks of 32 KB and more come from their own mapping, returned whole when freed: V8's
 * parser and compilers take their working memory in segments of up to 32 KB, and the
 * start-up's compiling of the bundle left about 13 MB of them free but held inside the
 * allocator's heap, between blocks still in use (malloc_trim(0) under gdb took an idle
 * server from 102 to 89 MB; this threshold, 64 KB before, does the same from the start).
 */
export const SERVER_ENV = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_TRIM_THRESHOLD_: '65536',
  MALLOC_MMAP_THRESHOLD_: '32768',
};

/** The environment to start the server with: SERVER_ENV under `env`. */
export function serverEnv(env = process.env) {
  return { ...SERVER_ENV, ...env };
}

/** [executable, ...args] that start dist-server/main.js (or SERVER_OUT_DIR). */
export function serverCommand(outDir = process.env.SERVER_OUT_DIR ?? 'dist-server') {
  return [process.execPath, ...SERVER_NODE_FLAGS, join(outDir, 'main.js')];
}
