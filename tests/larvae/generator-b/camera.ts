/**
 * Generator B's camera: a tilted phone (perspective), white balance, sensor noise (read +
 * shot), defocus or motion blur, and JPEG at a phone's quality — the last three through
 * sharp (libvips), so the photo goes through a real encoder.
 */
import sharp from 'sharp';
import { type Canvas, clamp } from './canvas.ts';
import type { Rng } from './random.ts';

export interface CameraOptions {
  /** 0 none … 1 strong tilt. */
  tilt: number;
  /** Per-channel gains (white balance). */
  whiteBalance: readonly [number, number, number];
  /** Read-noise sigma in grey levels. */
  noise: number;
  /** Gaussian defocus sigma in pixels (0 none). */
  defocus: number;
  /** Motion blur length in pixels (0 none). */
  motion: number;
  jpegQuality: number;
}

/** Inverse-maps every pixel through a homography that shrinks one side (a tilted phone). */
function tiltedRgb(canvas: Canvas, tilt: number, rng: Rng): Uint8Array {
  const { width: w, height: h } = canvas;
  const out = new Uint8Array(w * h * 3);
  const k = tilt * rng.range(0.1, 0.22) * (rng() < 0.5 ? -1 : 1);
  const vertical = rng() < 0.5;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      // Source point: the far side is magnified (taken from a narrower band).
      const u = (x - w / 2) / (w / 2);
      const v = (y - h / 2) / (h / 2);
      const along = vertical ? v : u;
      const scale = 1 / (1 + k * along);
      const sx = vertical ? u * scale : u;
      const sy = vertical ? v : v * scale;
      const fx = clamp(((sx * (1 - Math.abs(k) * 0.5) + 1) * w) / 2, 0, w - 1.001);
      const fy = clamp(((sy * (1 - Math.abs(k) * 0.5) + 1) * h) / 2, 0, h - 1.001);
      const ix = Math.floor(fx);
      const iy = Math.floor(fy);
      const tx = fx - ix;
      const ty = fy - iy;
      const i00 = iy * w + ix;
      const o = (y * w + x) * 3;
      for (const [c, ch] of [canvas.r, canvas.g, canvas.b].entries()) {
        const a = (ch[i00] ?? 0) * (1 - tx) + (ch[i00 + 1] ?? 0) * tx;
        const b = (ch[i00 + w] ?? 0) * (1 - tx) + (ch[i00 + w + 1] ?? 0) * tx;
        out[o + c] = clamp(Math.round(a * (1 - ty) + b * ty), 0, 255);
      }
    }
  return out;
}

function flatRgb(canvas: Canvas): Uint8Array {
  const n = canvas.width * canvas.height;
  const out = new Uint8Array(n * 3);
  for (let i = 0; i < n; i++) {
    out[i * 3] = clamp(Math.round(canvas.r[i] ?? 0), 0, 255);
    out[i * 3 + 1] = clamp(Math.round(canvas.g[i] ?? 0), 0, 255);
    out[i * 3 + 2] = clamp(Math.round(canvas.b[i] ?? 0), 0, 255);
  }
  return out;
}

/** A motion-blur kernel: a line of `len` pixels at `angle`, in a square of odd size. */
function lineKernel(len: number, angle: number): { width: number; height: number; kernel: number[] } {
  const size = Math.max(3, Math.ceil(len) | 1);
  const kernel = new Array<number>(size * size).fill(0);
  const c = (size - 1) / 2;
  for (let s = -len / 2; s <= len / 2; s += 0.25) {
    const x = Math.round(c + Math.cos(angle) * s);
    const y = Math.round(c + Math.sin(angle) * s);
    kernel[y * size + x] = 1;
  }
  return { width: size, height: size, kernel };
}

/** The photo as the phone saves it, decoded back to RGBA. */
export async function shoot(canvas: Canvas, o: CameraOptions, rng: Rng): Promise<Uint8ClampedArray> {
  const { width: w, height: h } = canvas;
  const rgb = o.tilt > 0 ? tiltedRgb(canvas, o.tilt, rng) : flatRgb(canvas);
  for (let i = 0; i < rgb.length; i++) {
    const v = (rgb[i] ?? 0) * (o.whiteBalance[i % 3] ?? 1);
    const shot = Math.sqrt(Math.max(0, v)) * 0.35;
    rgb[i] = clamp(Math.round(v + rng.normal() * (o.noise + shot)), 0, 255);
  }
  let img = sharp(rgb, { raw: { width: w, height: h, channels: 3 } });
  if (o.defocus > 0.3) img = img.blur(o.defocus);
  if (o.motion >= 2) img = img.convolve(lineKernel(o.motion, rng.range(0, Math.PI)));
  const jpeg = await img.jpeg({ quality: o.jpegQuality, chromaSubsampling: '4:2:0' }).toBuffer();
  const { data } = await sharp(jpeg).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength);
}
