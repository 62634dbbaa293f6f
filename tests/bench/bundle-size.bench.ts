/**
 * Initial JS of the app shell: the scripts index.html loads plus their static imports
 * (modulepreload), gzip-compressed, as a phone downloads them on first visit.
 * Prints figures; the goal (150 KB) is checked by reading them, not by an assertion.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { eachMapping, TraceMap } from '@jridgewell/trace-mapping';

const dist = process.argv[2] ?? 'dist';
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const initial = new Set<string>();
for (const m of html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)) initial.add(m[1]);

// Follow static imports of the entry chunks (Vite emits them as `from"./x.js"` / `import"./x.js"`).
const queue = [...initial];
while (queue.length > 0) {
  const file = queue.pop() as string;
  const code = readFileSync(join(dist, file), 'utf8');
  for (const m of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) {
    const dep = `assets/${m[1]}`;
    if (!initial.has(dep)) {
      initial.add(dep);
      queue.push(dep);
    }
  }
}

const size = (file: string) => {
  const raw = readFileSync(join(dist, file));
  return { raw: raw.length, gzip: gzipSync(raw, { level: 9 }).length };
};
let total = 0;
for (const file of [...initial].sort()) {
  const s = size(file);
  total += s.gzip;
  console.log(`initial  ${file}  ${(s.raw / 1024).toFixed(1)} KB raw  ${(s.gzip / 1024).toFixed(1)} KB gzip`);
}

/**
 * What error tracing adds to the first download (issue 30: at most 2 KB gzip; ADR 0067):
 * the generated code of the initial chunks that the build's hidden source maps attribute
 * to the start-up capture (src/local/errors/capture.ts) and the boundary of composed
 * screens, gzipped on its own (an upper bound: inside the chunk it compresses better).
 */
const START_UP_CAPTURE = /src\/local\/errors\/capture\.ts$|src\/components\/feature-boundary\.tsx$/;
let captureCode = '';
for (const file of initial) {
  const mapFile = join(dist, `${file}.map`);
  if (!existsSync(mapFile)) continue;
  const lines = readFileSync(join(dist, file), 'utf8').split('\n');
  const segments: { line: number; col: number; ours: boolean }[] = [];
  eachMapping(new TraceMap(readFileSync(mapFile, 'utf8')), (m) => {
    segments.push({
      line: m.generatedLine,
      col: m.generatedColumn,
      ours: START_UP_CAPTURE.test(m.source ?? ''),
    });
  });
  segments.forEach((seg, i) => {
    if (!seg.ours) return;
    const next = segments[i + 1];
    const end = next && next.line === seg.line ? next.col : undefined;
    captureCode += lines[seg.line - 1]?.slice(seg.col, end) ?? '';
  });
}
if (captureCode) {
  const raw = Buffer.byteLength(captureCode);
  console.log(
    `error capture at start-up: ${raw} B raw, ${gzipSync(captureCode, { level: 9 }).length} B gzip (goal ≤ 2048 B gzip)`,
  );
} else {
  console.log('error capture at start-up: no source maps in the build (vite build writes hidden ones)');
}
const lazy = readdirSync(join(dist, 'assets')).filter(
  (f) => f.endsWith('.js') && !initial.has(`assets/${f}`),
);
const lazyTotal = lazy.reduce((sum, f) => sum + size(`assets/${f}`).gzip, 0);
console.log(`initial JS total: ${(total / 1024).toFixed(1)} KB gzip (goal ≤ 150 KB)`);
console.log(`lazy chunks: ${lazy.length}, ${(lazyTotal / 1024).toFixed(1)} KB gzip`);
try {
  const sw = size('sw.js');
  console.log(`sw.js: ${(sw.gzip / 1024).toFixed(1)} KB gzip`);
} catch {
  console.log('sw.js: not built');
}

/**
 * What a signed-in first visit of each daily screen downloads on top of the shell: the
 * chunks the server lists for its route (route-preloads.json, scripts/vite-route-preloads.ts).
 * The farm home has no form: a chunk of formik and yup here means a shared module pulled
 * them in (scripts/chunk-groups.ts).
 */
const DAILY_ROUTES = [
  '/farm/$farm_id',
  '/farm/$farm_id/today',
  '/farm/$farm_id/water-quality/add',
  '/farm/$farm_id/pond/$pond_id',
  '/farm/$farm_id/settings',
];
try {
  const preloads = JSON.parse(readFileSync(join(dist, 'route-preloads.json'), 'utf8')) as Record<
    string,
    { js: string[] }
  >;
  for (const route of DAILY_ROUTES) {
    const js = (preloads[route]?.js ?? []).filter((f) => !initial.has(f));
    const gzip = js.reduce((sum, f) => sum + size(f).gzip, 0);
    const names = js.map((f) => f.replace(/^assets\//, '').replace(/-[\w-]{8}\.js$/, ''));
    console.log(
      `route ${route}: +${(gzip / 1024).toFixed(1)} KB gzip (${names.join(', ')}); with the shell ${((total + gzip) / 1024).toFixed(1)} KB`,
    );
  }
} catch {
  console.log('route preloads: not built');
}
