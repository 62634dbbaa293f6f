/**
 * `npm run eval:larvae -- --draw=<folder>`: each TUNING photo (A, B, E) saved as a PNG with
 * the engine's marks drawn on it (a red ring per larva found), to look at where it counts
 * wrong. Never for the held-out sets (their photos are not looked at one by one).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import type { LarvaeImage, LarvaeResult } from '../../src/shared/larvae/types.ts';

export async function drawMarks(folder: string, name: string, photo: LarvaeImage, result: LarvaeResult) {
  mkdirSync(folder, { recursive: true });
  const { width: w, height: h } = photo;
  const rgba = new Uint8ClampedArray(photo.rgba);
  const rad = Math.max(3, Math.round(Math.max(w, h) / 400));
  for (const m of result.ok ? result.marks : []) {
    for (let a = 0; a < 2 * Math.PI; a += 0.5 / rad) {
      for (const rr of [rad, rad + 1]) {
        const x = Math.round(m.x + Math.cos(a) * rr);
        const y = Math.round(m.y + Math.sin(a) * rr);
        if (x < 0 || y < 0 || x >= w || y >= h) continue;
        const i = (y * w + x) * 4;
        rgba[i] = 255;
        rgba[i + 1] = 0;
        rgba[i + 2] = 0;
      }
    }
  }
  await sharp(Buffer.from(rgba.buffer), { raw: { width: w, height: h, channels: 4 } })
    .png({ compressionLevel: 3 })
    .toFile(join(folder, `${name}.png`));
}
