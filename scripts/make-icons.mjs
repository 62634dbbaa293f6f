// Generates the Tambak PWA icons (a curled shrimp above pond waves, teal) with node built-ins only.
// Usage: node make-icons.mjs <public dir>
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';

const out = process.argv[2] ?? 'public';
mkdirSync(join(out, 'icons'), { recursive: true });

const TEAL = [15, 118, 110, 255];
const WHITE = [240, 253, 250, 255];
const WAVE = [153, 246, 228, 255];
const EYE = [19, 78, 74, 255];
const deg = Math.PI / 180;

/** Colour of the mark at unit coordinates (0..1, y down), or null for background. */
function mark(x, y) {
  const cx = 0.5,
    cy = 0.44,
    rm = 0.22;
  const dx = x - cx,
    dy = cy - y;
  const r = Math.hypot(dx, dy);
  let th = Math.atan2(dy, dx) / deg;
  if (th < 0) th += 360;
  const headAt = 20,
    tailAt = 290;
  const width = (t) => {
    const s = (t - headAt) / (tailAt - headAt);
    return 0.15 * (1 - s) + 0.05 * s;
  };
  // eye
  const eye = [cx + (rm + 0.02) * Math.cos(38 * deg), cy - (rm + 0.02) * Math.sin(38 * deg)];
  if (Math.hypot(x - eye[0], y - eye[1]) < 0.02) return EYE;
  // body ring with segment gaps
  if (th >= headAt && th <= tailAt && Math.abs(r - rm) < width(th) / 2) {
    for (const g of [105, 145, 185, 225, 258]) if (Math.abs(th - g) < 1.6) return null;
    return WHITE;
  }
  // rounded head cap
  const head = [cx + rm * Math.cos(headAt * deg), cy - rm * Math.sin(headAt * deg)];
  if (Math.hypot(x - head[0], y - head[1]) < width(headAt) / 2) return WHITE;
  // tail fan: triangle beyond the tail end, along the tangent
  const t = tailAt * deg;
  const p = [cx + rm * Math.cos(t), cy - rm * Math.sin(t)];
  const tan = [-Math.sin(t), -Math.cos(t)];
  const nor = [Math.cos(t), -Math.sin(t)];
  const along = (x - p[0]) * tan[0] + (y - p[1]) * tan[1];
  const across = (x - p[0]) * nor[0] + (y - p[1]) * nor[1];
  if (along > -0.01 && along < 0.1 && Math.abs(across) < 0.015 + along * 0.6) return WHITE;
  // pond waves
  for (const wy of [0.8, 0.89]) {
    if (x > 0.22 && x < 0.78) {
      const yy = wy + 0.018 * Math.sin(((x - 0.22) * Math.PI * 2) / 0.14);
      if (Math.abs(y - yy) < 0.014) return WAVE;
    }
  }
  return null;
}

function render(size, { maskable }) {
  const px = new Uint8Array(size * size * 4);
  const ss = 4;
  for (let j = 0; j < size; j++) {
    for (let i = 0; i < size; i++) {
      const acc = [0, 0, 0, 0];
      for (let sj = 0; sj < ss; sj++) {
        for (let si = 0; si < ss; si++) {
          const ux = (i + (si + 0.5) / ss) / size;
          const uy = (j + (sj + 0.5) / ss) / size;
          let c;
          if (!maskable) {
            // rounded square background, corner radius 0.2
            const qx = Math.max(Math.abs(ux - 0.5) - 0.3, 0),
              qy = Math.max(Math.abs(uy - 0.5) - 0.3, 0);
            const inside = Math.hypot(qx, qy) <= 0.2;
            c = inside ? (mark(ux, uy) ?? TEAL) : [0, 0, 0, 0];
          } else {
            // maskable: full bleed, mark shrunk into the 80 % safe zone
            const k = 0.74;
            c = mark((ux - 0.5) / k + 0.5, (uy - 0.5) / k + 0.5) ?? TEAL;
          }
          acc[0] += c[0] * c[3];
          acc[1] += c[1] * c[3];
          acc[2] += c[2] * c[3];
          acc[3] += c[3];
        }
      }
      const o = (j * size + i) * 4;
      const a = acc[3] / (ss * ss);
      px[o] = acc[3] ? Math.round(acc[0] / acc[3]) : 0;
      px[o + 1] = acc[3] ? Math.round(acc[1] / acc[3]) : 0;
      px[o + 2] = acc[3] ? Math.round(acc[2] / acc[3]) : 0;
      px[o + 3] = Math.round(a);
    }
  }
  return png(size, size, px);
}

const CRC = new Uint32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
function png(w, h, rgba) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  ihdr[10] = 0;
  ihdr[11] = 0;
  ihdr[12] = 0;
  const raw = Buffer.alloc((w * 4 + 1) * h);
  for (let y = 0; y < h; y++) {
    raw[y * (w * 4 + 1)] = 0;
    Buffer.from(rgba.buffer, y * w * 4, w * 4).copy(raw, y * (w * 4 + 1) + 1);
  }
  const sig = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  return Buffer.concat([
    sig,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

writeFileSync(join(out, 'icons/icon-192.png'), render(192, { maskable: false }));
writeFileSync(join(out, 'icons/icon-512.png'), render(512, { maskable: false }));
writeFileSync(join(out, 'icons/icon-maskable-512.png'), render(512, { maskable: true }));
console.log('icons written to', join(out, 'icons'));
