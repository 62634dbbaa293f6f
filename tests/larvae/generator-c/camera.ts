/**
 * Generator C's phone camera: perspective from four jittered corners (a homography,
 * bilinear), white balance, signal-dependent noise with a chroma part, defocus (Gaussian)
 * or motion blur (an oriented line kernel) through sharp, the phone's sharpening, and a
 * JPEG at quality 40–88 with 4:2:0 chroma, decoded back to RGBA.
 */
import sharp from 'sharp';
import type { Planes, Rand } from './raster.ts';

export interface Shot {
  /** Corner jitter as a share of the side (0 = straight down). */
  perspective: number;
  whiteBalance: readonly [number, number, number];
  /** Noise sigma at mid grey. */
  noise: number;
  defocus: number;
  /** Motion blur: length in px and angle. */
  motion: number;
  motionAngle: number;
  sharpen: boolean;
  quality: number;
}

/** The 3×3 homography taking the unit square's corners to q (row-major, h33 = 1). */
function squareTo(q: readonly [number, number][]): number[] {
  const [[x0, y0], [x1, y1], [x2, y2], [x3, y3]] = q as [
    [number, number],
    [number, number],
    [number, number],
    [number, number],
  ];
  const dx1 = x1 - x2;
  const dx2 = x3 - x2;
  const dy1 = y1 - y2;
  const dy2 = y3 - y2;
  const sx = x0 - x1 + x2 - x3;
  const sy = y0 - y1 + y2 - y3;
  const den = dx1 * dy2 - dx2 * dy1;
  const g = (sx * dy2 - dx2 * sy) / den;
  const hh = (dx1 * sy - sx * dy1) / den;
  return [x1 - x0 + g * x1, x3 - x0 + hh * x3, x0, y1 - y0 + g * y1, y3 - y0 + hh * y3, y0, g, hh, 1];
}

export async function shoot(p: Planes, s: Shot, rand: Rand): Promise<Uint8ClampedArray> {
  const { w, h } = p;
  // Output pixel (u, v) in the unit square samples the scene at H(u, v): the far side of
  // the tray looks smaller. Corners pulled inwards so no pixel falls outside.
  const j = () => rand() * s.perspective;
  const H = squareTo([
    [j() * w, j() * h],
    [w - j() * w, j() * h],
    [w - j() * w, h - j() * h],
    [j() * w, h - j() * h],
  ]);
  const [a, b, c, d, e, f, g, hh] = H as [number, number, number, number, number, number, number, number];
  const rgb = Buffer.alloc(w * h * 3);
  const [wr, wg, wb] = s.whiteBalance;
  // Gaussian noise from a table, indexed by a fast xorshift (the sensor needs no more).
  const table = new Float32Array(1 << 16);
  for (let i = 0; i < table.length; i++) table[i] = rand.gauss();
  let state = (rand() * 0xffffffff) | 1;
  const gauss = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return table[state & 0xffff] as number;
  };
  const planes = [p.r, p.g, p.b] as const;
  const gains = [wr, wg, wb] as const;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const u = (x + 0.5) / w;
      const v = (y + 0.5) / h;
      const z = g * u + hh * v + 1;
      const fx = Math.min(w - 1.001, Math.max(0, (a * u + b * v + c) / z - 0.5));
      const fy = Math.min(h - 1.001, Math.max(0, (d * u + e * v + f) / z - 0.5));
      const ix = Math.floor(fx);
      const iy = Math.floor(fy);
      const tx = fx - ix;
      const ty = fy - iy;
      const i = iy * w + ix;
      const o = (y * w + x) * 3;
      const lumNoise = gauss();
      for (let k = 0; k < 3; k++) {
        const ch = planes[k] as Float32Array;
        const top = (ch[i] as number) * (1 - tx) + (ch[i + 1] as number) * tx;
        const bot = (ch[i + w] as number) * (1 - tx) + (ch[i + w + 1] as number) * tx;
        let val = (top * (1 - ty) + bot * ty) * (gains[k] as number);
        const sigma = s.noise * Math.sqrt(Math.max(0.15, val / 128));
        val += sigma * (0.8 * lumNoise + 0.45 * gauss());
        rgb[o + k] = val < 0 ? 0 : val > 255 ? 255 : Math.round(val);
      }
    }
  let img = sharp(rgb, { raw: { width: w, height: h, channels: 3 } });
  if (s.defocus > 0.3) img = img.blur(s.defocus);
  if (s.motion >= 2) {
    const n = Math.ceil(s.motion) | 1;
    const kernel = new Array<number>(n * n).fill(0);
    const m = (n - 1) / 2;
    for (let t = -m; t <= m; t += 0.25) {
      const x = Math.round(m + Math.cos(s.motionAngle) * t);
      const y = Math.round(m + Math.sin(s.motionAngle) * t);
      kernel[y * n + x] = (kernel[y * n + x] as number) + 1;
    }
    const sum = kernel.reduce((acc, v) => acc + v, 0);
    img = sharp(await img.raw().toBuffer(), { raw: { width: w, height: h, channels: 3 } }).convolve({
      width: n,
      height: n,
      kernel: kernel.map((v) => v / sum),
    });
  }
  if (s.sharpen) img = img.sharpen({ sigma: 1 });
  const jpeg = await img.jpeg({ quality: s.quality, chromaSubsampling: '4:2:0' }).toBuffer();
  const { data } = await sharp(jpeg).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return new Uint8ClampedArray(data.buffer, data.byteOffset, data.length);
}
