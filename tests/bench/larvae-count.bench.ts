/**
 * Larvae counting time for a 12 MP tray photo (4000 × 3000, 1,500 larvae, JPEG), as
 * figures (targets, issue 19: under 3 s on the server, under 6 s in the browser):
 * - server: sharp decodes the JPEG to RGBA and the engine counts it in Node, as the
 *   background job does (src/server/modules/larvae/larvae-jobs.ts);
 * - browser: Chromium runs the built counting worker (the same engine, OpenCV WASM),
 *   which decodes the photo itself; first count (engine load included) and a second one.
 *
 *   BUILD_OUT_DIR=dist node --import tsx tests/bench/larvae-count.bench.ts [runs=3]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join } from 'node:path';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { countLarvae } from '../../src/shared/larvae/count-larvae.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../helpers/chromium.ts';
import { loadNodeOpenCv } from '../larvae/node-opencv.ts';
import { generateTray } from '../larvae/synthetic-tray.ts';

const RUNS = Number(process.argv[2] ?? 3);
const dist = process.env.BUILD_OUT_DIR ?? 'dist';

const photo = generateTray({
  seed: 77,
  count: 1500,
  hatchColor: 'bright',
  bubbles: 15,
  debris: 60,
  glare: 2,
});
const jpeg = await sharp(Buffer.from(photo.rgba.buffer), { raw: { width: 4000, height: 3000, channels: 4 } })
  .jpeg({ quality: 90 })
  .toBuffer();
console.log(`photo: 4000 × 3000, ${photo.count} larvae, JPEG ${(jpeg.length / 1e6).toFixed(1)} MB`);

// Server (Node): decode + count, as the job does.
const { cv } = await loadNodeOpenCv();
const serverTimes: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const t0 = performance.now();
  const raw = await sharp(jpeg).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const res = countLarvae(cv, { rgba: raw.data, width: raw.info.width, height: raw.info.height }, 'bright');
  serverTimes.push(performance.now() - t0);
  if (i === 0)
    console.log(`server count: ${res.ok ? `${res.count} [${res.lower}–${res.upper}]` : res.problem}`);
}
const fmt = (ms: number[]) => ms.map((m) => `${(m / 1000).toFixed(2)} s`).join(', ');
console.log(
  `server (Node, decode + count): ${fmt(serverTimes)}; best ${(Math.min(...serverTimes) / 1000).toFixed(2)} s (target < 3 s)`,
);

// Browser: the built worker chunk, served from a local static server.
const workerFile = readdirSync(join(dist, 'assets')).find((f) => /^count-worker-[\w-]+\.js$/.test(f));
if (!workerFile) {
  console.log(`browser: no counting worker in ${dist}/assets (run npm run build first)`);
  process.exit(0);
}
const server = createServer((req, res) => {
  const path = (req.url ?? '/').split('?')[0];
  if (path === '/') {
    res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>bench</title>');
    return;
  }
  if (path === '/photo.jpg') {
    res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg);
    return;
  }
  try {
    const body = readFileSync(join(dist, path));
    res.writeHead(200, {
      'content-type': extname(path) === '.js' ? 'text/javascript' : 'application/octet-stream',
    });
    res.end(body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
const port = (server.address() as { port: number }).port;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
try {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${port}/`);
  const times = await page.evaluate(
    async ({ src, runs }) => {
      const photoBlob = await (await fetch('/photo.jpg')).blob();
      const worker = new Worker(src, { type: 'module' });
      const out: { ms: number; count: number | string }[] = [];
      for (let i = 0; i < runs; i++) {
        const t0 = performance.now();
        const result = await new Promise<{ ok: boolean; count?: number; problem?: string }>(
          (resolve, reject) => {
            worker.onmessage = (e) => {
              if (e.data.result) resolve(e.data.result);
              else if (e.data.error) reject(new Error(e.data.error));
            };
            worker.onerror = (e) => reject(new Error(e.message));
            worker.postMessage({ photo: photoBlob, hatchColor: 'bright' });
          },
        );
        out.push({
          ms: performance.now() - t0,
          count: result.ok ? (result.count ?? 0) : (result.problem ?? ''),
        });
      }
      worker.terminate();
      return out;
    },
    { src: `/assets/${workerFile}`, runs: RUNS },
  );
  console.log(`browser count: ${times[0]?.count}`);
  console.log(
    `browser (Chromium worker, decode + count): first ${(times[0].ms / 1000).toFixed(2)} s (engine load included); ` +
      `then ${fmt(times.slice(1).map((t) => t.ms))} (target < 6 s)`,
  );
} finally {
  await browser.close();
  server.close();
}
