/**
 * Generator B's float RGB canvas (0–255 per channel, linear compositing) and the drawing
 * primitives every part of the scene is made of: coverage masks stamped from soft discs,
 * value-noise fields, multiplicative light fields.
 */
import type { Rng } from './random.ts';

export type Rgb = readonly [number, number, number];

export class Canvas {
  readonly r: Float32Array;
  readonly g: Float32Array;
  readonly b: Float32Array;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.r = new Float32Array(width * height);
    this.g = new Float32Array(width * height);
    this.b = new Float32Array(width * height);
  }

  fill(c: Rgb): void {
    this.r.fill(c[0]);
    this.g.fill(c[1]);
    this.b.fill(c[2]);
  }

  /** Blends `c` over pixel i with opacity a. */
  over(i: number, c: Rgb, a: number): void {
    this.r[i] += (c[0] - (this.r[i] ?? 0)) * a;
    this.g[i] += (c[1] - (this.g[i] ?? 0)) * a;
    this.b[i] += (c[2] - (this.b[i] ?? 0)) * a;
  }

  /** Multiplies pixel i by `c`/255 with opacity a (a translucent filter: darkens, tints). */
  filter(i: number, c: Rgb, a: number): void {
    this.r[i] *= 1 - a + (a * c[0]) / 255;
    this.g[i] *= 1 - a + (a * c[1]) / 255;
    this.b[i] *= 1 - a + (a * c[2]) / 255;
  }

  /** Adds light (screen blend): bright patches that saturate softly. */
  screen(i: number, c: Rgb, a: number): void {
    this.r[i] = 255 - ((255 - (this.r[i] ?? 0)) * (255 - c[0] * a)) / 255;
    this.g[i] = 255 - ((255 - (this.g[i] ?? 0)) * (255 - c[1] * a)) / 255;
    this.b[i] = 255 - ((255 - (this.b[i] ?? 0)) * (255 - c[2] * a)) / 255;
  }
}

/** A coverage mask (0–1) over a box of the canvas, drawn as the max of soft discs. */
export class Mask {
  readonly cov: Float32Array;
  constructor(
    readonly x0: number,
    readonly y0: number,
    readonly w: number,
    readonly h: number,
  ) {
    this.cov = new Float32Array(Math.max(0, w * h));
  }

  static around(cx: number, cy: number, radius: number, canvas: Canvas): Mask {
    const x0 = Math.max(0, Math.floor(cx - radius));
    const y0 = Math.max(0, Math.floor(cy - radius));
    const x1 = Math.min(canvas.width, Math.ceil(cx + radius));
    const y1 = Math.min(canvas.height, Math.ceil(cy + radius));
    return new Mask(x0, y0, Math.max(0, x1 - x0), Math.max(0, y1 - y0));
  }

  /** A disc of radius r with a one-pixel soft edge, `value` at its centre (max-combined). */
  disc(cx: number, cy: number, r: number, value = 1): void {
    const xa = Math.max(this.x0, Math.floor(cx - r - 1));
    const xb = Math.min(this.x0 + this.w - 1, Math.ceil(cx + r + 1));
    const ya = Math.max(this.y0, Math.floor(cy - r - 1));
    const yb = Math.min(this.y0 + this.h - 1, Math.ceil(cy + r + 1));
    for (let y = ya; y <= yb; y++)
      for (let x = xa; x <= xb; x++) {
        const d = Math.hypot(x + 0.5 - cx, y + 0.5 - cy);
        const c = Math.min(1, Math.max(0, r - d + 0.5)) * value;
        const k = (y - this.y0) * this.w + (x - this.x0);
        if (c > (this.cov[k] ?? 0)) this.cov[k] = c;
      }
  }

  /** A stroke of soft discs along a polyline with a radius per point. */
  stroke(points: readonly (readonly [number, number, number])[], value = 1): void {
    for (let p = 1; p < points.length; p++) {
      const [ax, ay, ar] = points[p - 1] as readonly [number, number, number];
      const [bx, by, br] = points[p] as readonly [number, number, number];
      const steps = Math.max(1, Math.ceil(Math.hypot(bx - ax, by - ay) / 0.6));
      for (let s = 0; s <= steps; s++) {
        const t = s / steps;
        this.disc(ax + (bx - ax) * t, ay + (by - ay) * t, ar + (br - ar) * t, value);
      }
    }
  }

  paint(fn: (i: number, a: number) => void, canvas: Canvas): void {
    for (let y = 0; y < this.h; y++)
      for (let x = 0; x < this.w; x++) {
        const a = this.cov[y * this.w + x] ?? 0;
        if (a > 0.002) fn((y + this.y0) * canvas.width + x + this.x0, a);
      }
  }
}

/** Smooth value noise in [-1, 1] with cells of `cell` pixels (bilinear over a random grid). */
export function valueNoise(width: number, height: number, cell: number, rng: Rng): Float32Array {
  const gw = Math.ceil(width / cell) + 2;
  const gh = Math.ceil(height / cell) + 2;
  const grid = new Float32Array(gw * gh).map(() => rng() * 2 - 1);
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const fy = y / cell;
    const iy = Math.floor(fy);
    let ty = fy - iy;
    ty = ty * ty * (3 - 2 * ty);
    for (let x = 0; x < width; x++) {
      const fx = x / cell;
      const ix = Math.floor(fx);
      let tx = fx - ix;
      tx = tx * tx * (3 - 2 * tx);
      const a = grid[iy * gw + ix] ?? 0;
      const b = grid[iy * gw + ix + 1] ?? 0;
      const c = grid[(iy + 1) * gw + ix] ?? 0;
      const d = grid[(iy + 1) * gw + ix + 1] ?? 0;
      out[y * width + x] = (a + (b - a) * tx) * (1 - ty) + (c + (d - c) * tx) * ty;
    }
  }
  return out;
}

export function clamp(v: number, lo: number, hi: number): number {
  return v < lo ? lo : v > hi ? hi : v;
}
