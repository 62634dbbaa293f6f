/**
 * Generator E's camera: white balance, defocus or a motion smear, noise that grows with
 * the light, a little sharpening, and JPEG (sharp) decoded back to RGBA.
 */
import sharp from 'sharp';
import { type Picture, smear, soften } from './canvas.ts';
import type { Rand } from './seed.ts';

export type BlurE = 'sharp' | 'defocus' | 'motion';

export async function shoot(pic: Picture, blur: BlurE, r: Rand): Promise<Uint8ClampedArray> {
  const { w, h } = pic;
  const side = Math.max(w, h);
  const balance = [r.range(0.92, 1.08), 1, r.range(0.9, 1.1)];
  const sigma = blur === 'defocus' ? (side / 2400) * r.range(0.9, 2) : (side / 2400) * r.range(0.3, 0.6);
  const len = (side / 2400) * r.range(3, 8);
  const th = r.range(0, Math.PI);
  const noise = r.range(0.006, 0.025);
  const sharpen = r.yes(0.4) ? r.range(0.2, 0.6) : 0;
  const quality = r.int(50, 92);
  const planes = pic.planes();
  for (const [k, p] of planes.entries()) {
    soften(p, w, h, sigma);
    if (blur === 'motion') smear(p, w, h, len, th);
    if (sharpen > 0) {
      const soft = p.slice();
      soften(soft, w, h, side / 2400);
      for (let i = 0; i < p.length; i++) p[i] += (p[i] - soft[i]) * sharpen;
    }
    const gain = balance[k] ?? 1;
    for (let i = 0; i < p.length; i++) p[i] *= gain;
  }
  const out = new Uint8ClampedArray(w * h * 4);
  for (let i = 0; i < w * h; i++) {
    const shared = r.gauss();
    for (let k = 0; k < 3; k++) {
      const v = (planes[k] as Float32Array)[i];
      const n = noise * Math.sqrt(Math.max(v, 0.02)) * (0.7 * shared + 0.5 * r.gauss());
      // Display gamma: the planes are light, the photo is sRGB-like.
      out[i * 4 + k] = 255 * Math.max(0, v + n) ** (1 / 1.25);
    }
    out[i * 4 + 3] = 255;
  }
  const jpeg = await sharp(Buffer.from(out.buffer), { raw: { width: w, height: h, channels: 4 } })
    .jpeg({ quality, chromaSubsampling: '4:2:0' })
    .toBuffer();
  const { data } = await sharp(jpeg).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return new Uint8ClampedArray(data.buffer, data.byteOffset, data.length);
}
