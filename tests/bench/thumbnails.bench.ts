/**
 * Small thumbnails below a window width of 950 px (seed 000 §9, issue 30): the image bytes
 * of the photo-heavy screens as a phone downloads them, full photos (before) against the
 * server's small thumbnails (after), through app.inject. Photos are what the device
 * uploads: long side 1600 px, JPEG quality 0.82 (src/components/photo-resize.ts), of a
 * camera-like picture (a gradient with sensor noise, which does not compress away).
 * Also the time to make a thumbnail the first time and to serve it once kept. No
 * pass/fail; the goal is at least 70 % fewer bytes. Spins its own embedded PostgreSQL.
 *
 *   node --import tsx tests/bench/thumbnails.bench.ts
 */
import sharp from 'sharp';
import { SMALL_THUMBNAIL_BELOW, smallImageUrl } from '../../src/shared/domain/media.ts';
import { startBenchApp } from '../helpers/bench-app.ts';
import { quickUser } from '../helpers/farm-fixtures.ts';
import { multipart } from '../helpers/multipart.ts';

/** The photos each screen shows on one page (the first page a keeper opens). */
const SCREENS: [string, number][] = [
  ['notes (20 notes, 1–2 photos)', 30],
  ['sampling list (10 ponds, a photo each)', 10],
  ['finance receipts (15 transactions)', 15],
  ['chat media (a conversation of 25 images)', 25],
];

function cameraPhoto(seed: number, width = 1600, height = 1200): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  let s = seed * 2654435761;
  for (let i = 0; i < raw.length; i += 3) {
    const p = i / 3;
    const x = p % width;
    const y = (p / width) | 0;
    s = (s * 1103515245 + 12345) >>> 0;
    const noise = ((s >>> 16) % 25) - 12;
    raw[i] = Math.max(0, Math.min(255, 60 + ((x + seed * 50) % 120) + noise));
    raw[i + 1] = Math.max(0, Math.min(255, 100 + ((y + x / 3) % 90) + noise));
    raw[i + 2] = Math.max(0, Math.min(255, 90 + ((y / 2 + seed * 20) % 80) + noise));
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 82 })
    .toBuffer();
}

const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;

async function main() {
  const { app, stop } = await startBenchApp();
  try {
    const owner = await quickUser(app, 'bench');
    const photos = await Promise.all(Array.from({ length: 8 }, (_, i) => cameraPhoto(i + 1)));
    const bytesOf = async (url: string) => (await app.inject({ method: 'GET', url })).rawPayload.length;
    console.log(`Thumbnails below ${SMALL_THUMBNAIL_BELOW} px: image bytes of one screen`);
    let before = 0;
    let after = 0;
    const firstMake: number[] = [];
    const keptServe: number[] = [];
    for (const [screen, count] of SCREENS) {
      let full = 0;
      let small = 0;
      for (let i = 0; i < count; i++) {
        const { payload, headers } = multipart({
          filename: `foto-${i}.jpg`,
          type: 'image/jpeg',
          data: photos[i % photos.length],
        });
        const res = await app.inject({
          method: 'POST',
          url: '/api/uploads',
          headers: { ...owner.auth, ...headers },
          payload,
        });
        const url: string = res.json().data.url;
        full += await bytesOf(url);
        let t = performance.now();
        small += await bytesOf(smallImageUrl(url));
        firstMake.push(performance.now() - t);
        t = performance.now();
        await bytesOf(smallImageUrl(url));
        keptServe.push(performance.now() - t);
      }
      before += full;
      after += small;
      console.log(
        `  ${screen.padEnd(44)} before ${kb(full).padStart(8)}  after ${kb(small).padStart(7)}  ${(100 * (1 - small / full)).toFixed(1)} % less`,
      );
    }
    console.log(
      `  ${'all four screens'.padEnd(44)} before ${kb(before).padStart(8)}  after ${kb(after).padStart(7)}  ${(100 * (1 - after / before)).toFixed(1)} % less`,
    );
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
    console.log(
      `  thumbnail made on first ask: median ${median(firstMake).toFixed(1)} ms; served once kept: median ${median(keptServe).toFixed(1)} ms`,
    );
  } finally {
    await stop();
  }
}

await main();
