// How production runs the compiled server: plain node with a small young generation and
// V8's size-over-speed mode, which keep an idle farm server near 90 MB resident instead
// of ~120 MB (tests/bench/server-start.bench.ts prints the figure). Used by
// scripts/start.mjs (npm start, npm run serve), the start benchmark and the e2e server.
import { join } from 'node:path';

export const SERVER_NODE_FLAGS = ['--max-semi-space-size=1', '--optimize-for-size'];

/** [executable, ...args] that start dist-server/main.js (or SERVER_OUT_DIR). */
export function serverCommand(outDir = process.env.SERVER_OUT_DIR ?? 'dist-server') {
  return [process.execPath, ...SERVER_NODE_FLAGS, join(outDir, 'main.js')];
}
