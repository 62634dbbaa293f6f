// How production runs the compiled server: plain node with a young generation of at most
// 4 MB a half (V8's default is 16), which keeps an idle farm server near 93 MB resident
// instead of ~98 MB (tests/bench/server-start.bench.ts prints the figure; goal ≤ 100 MB).
// Under load each step costs CPU (server CPU per bulk write of 50 readings, ADR 0098):
// 1 MB: 3.2 ms (86.5 MB idle), 4 MB: 2.8 ms (93 MB), 8 MB: 2.7 ms (98–100 MB),
// 16 MB: 2.4 ms (98–100 MB).
//
// V8's size-over-speed mode (--optimize-for-size) was here too until the load script ran
// the server as production does: it saved no memory any more (86.7 MB with it, 86.5 MB
// without) and made every request dearer, 2.5 times the server's CPU for a bulk write
// (7.3 against 3.1 ms) and 1.6 times for a health check.
//
// Used by scripts/start.mjs (npm start, npm run serve), the start benchmark and the load
// scripts (tests/load/harness.ts).
import { join } from 'node:path';

export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4'];

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
