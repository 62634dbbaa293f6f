/**
 * Initial JS of the app shell: the scripts index.html loads plus their static imports
 * (modulepreload), gzip-compressed, as a phone downloads them on first visit.
 * Prints figures; the goal (150 KB) is checked by reading them, not by an assertion.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

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
