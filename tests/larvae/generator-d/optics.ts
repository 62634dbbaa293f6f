/**
 * Generator D's phone camera: the lens (defocus or a hand's motion blur, through sharp),
 * the sensor (white balance, noise that grows with the signal, a per-photo colour cast),
 * the phone's processing (optional sharpening) and a JPEG at the phone's quality, decoded
 * back to RGBA as the server would.
 */
import sharp from 'sharp';
import type { Frame } from './frame.ts';
import type { Dice } from './rng.ts';

export interface CameraD {
  /** Gaussian sigma in pixels (0: sharp). */
  defocus: number;
  /** Motion length in pixels and its direction (0: none). */
  motion: number;
  motionAngle: number;
  gains: readonly [number, number, number];
  /** Noise sigma at mid-grey, in grey levels. */
  noise: number;
  sharpen: boolean;
  quality: number;
}

function motionKernel(len: number, angle: number): { width: number; height: number; kernel: number[] } {
  const size = Math.max(3, Math.ceil(len) | 1);
  const kernel = new Array<number>(size * size).fill(0);
  const c = (size - 1) / 2;
  const steps = size * 4;
  for (let s = 0; s <= steps; s++) {
    const t = (s / steps - 0.5) * len;
    const x = Math.round(c + Math.cos(angle) * t);
    const y = Math.round(c + Math.sin(angle) * t);
    if (x >= 0 && y >= 0 && x < size && y < size) kernel[y * size + x] = 1;
  }
  return { width: size, height: size, kernel };
}

export async function photograph(f: Frame, cam: CameraD, r: Dice): Promise<Uint8ClampedArray> {
  const { w, h } = f;
  const raw = new Uint8Array(w * h * 3);
  for (let k = 0; k < raw.length; k++) raw[k] = Math.max(0, Math.min(255, Math.round(f.px[k] as number)));
  let lens = sharp(raw, { raw: { width: w, height: h, channels: 3 } });
  if (cam.defocus > 0.3) lens = lens.blur(cam.defocus);
  if (cam.motion >= 2) lens = lens.convolve(motionKernel(cam.motion, cam.motionAngle));
  const seen = await lens.raw().toBuffer();
  for (let i = 0; i < w * h; i++) {
    for (let ch = 0; ch < 3; ch++) {
      const j = 3 * i + ch;
      const v = (seen[j] as number) * (cam.gains[ch] as number);
      const sigma = cam.noise * Math.sqrt(0.3 + v / 128);
      seen[j] = Math.max(0, Math.min(255, Math.round(v + r.gauss() * sigma)));
    }
  }
  let out = sharp(seen, { raw: { width: w, height: h, channels: 3 } });
  if (cam.sharpen) out = out.sharpen({ sigma: 1 });
  const jpeg = await out.jpeg({ quality: cam.quality, chromaSubsampling: '4:2:0' }).toBuffer();
  const decoded = await sharp(jpeg).ensureAlpha().raw().toBuffer();
  return new Uint8ClampedArray(decoded.buffer, decoded.byteOffset, decoded.length);
}
