/**
 * Generator D's picture: linear RGB floats (0–255 scale), interleaved, with the few
 * drawing primitives the scenes and larvae need (alpha blending, tapered strokes, discs)
 * and a smooth fractal field for textures and light.
 */
import type { Dice } from './rng.ts';

export type Rgb = readonly [number, number, number];

export class Frame {
  readonly px: Float32Array;
  constructor(
    readonly w: number,
    readonly h: number,
  ) {
    this.px = new Float32Array(w * h * 3);
  }

  /** Mixes `rgb` into pixel (x, y) with weight `a` (0–1). */
  mix(x: number, y: number, rgb: Rgb, a: number): void {
    if (a <= 0 || x < 0 || y < 0 || x >= this.w || y >= this.h) return;
    const k = Math.min(1, a);
    const i = (y * this.w + x) * 3;
    const p = this.px;
    p[i] += (rgb[0] - p[i]) * k;
    p[i + 1] += (rgb[1] - p[i + 1]) * k;
    p[i + 2] += (rgb[2] - p[i + 2]) * k;
  }

  /** Scales pixel (x, y) by `f` (light and shadow). */
  scale(x: number, y: number, f: number): void {
    const i = (y * this.w + x) * 3;
    this.px[i] *= f;
    this.px[i + 1] *= f;
    this.px[i + 2] *= f;
  }

  /** A soft-edged disc. */
  disc(cx: number, cy: number, r: number, rgb: Rgb, a: number, edge = 0.7): void {
    const reach = r + edge + 1;
    for (let y = Math.floor(cy - reach); y <= Math.ceil(cy + reach); y++)
      for (let x = Math.floor(cx - reach); x <= Math.ceil(cx + reach); x++) {
        const d = Math.hypot(x + 0.5 - cx, y + 0.5 - cy);
        const cov = Math.max(0, Math.min(1, (r - d) / (2 * edge) + 0.5));
        if (cov > 0) this.mix(x, y, rgb, a * cov);
      }
  }

  /**
   * A stroke along `pts` ([x, y, radius] each) with linearly changing radius: coverage is
   * the best of each piece's tapered capsule; `alphaAt(t)` (t 0…1 along the stroke) gives
   * the opacity. Painted once per pixel (overlapping pieces do not darken twice).
   */
  stroke(
    pts: readonly (readonly [number, number, number])[],
    rgb: Rgb,
    alphaAt: (t: number) => number,
  ): void {
    let x0 = Number.POSITIVE_INFINITY;
    let y0 = Number.POSITIVE_INFINITY;
    let x1 = Number.NEGATIVE_INFINITY;
    let y1 = Number.NEGATIVE_INFINITY;
    for (const [x, y, r] of pts) {
      x0 = Math.min(x0, x - r - 2);
      y0 = Math.min(y0, y - r - 2);
      x1 = Math.max(x1, x + r + 2);
      y1 = Math.max(y1, y + r + 2);
    }
    x0 = Math.max(0, Math.floor(x0));
    y0 = Math.max(0, Math.floor(y0));
    x1 = Math.min(this.w - 1, Math.ceil(x1));
    y1 = Math.min(this.h - 1, Math.ceil(y1));
    if (x1 < x0 || y1 < y0) return;
    const n = pts.length - 1;
    for (let y = y0; y <= y1; y++)
      for (let x = x0; x <= x1; x++) {
        const qx = x + 0.5;
        const qy = y + 0.5;
        let best = 0;
        let bestT = 0;
        for (let s = 0; s < n; s++) {
          const [ax, ay, ar] = pts[s] as readonly [number, number, number];
          const [bx, by, br] = pts[s + 1] as readonly [number, number, number];
          const dx = bx - ax;
          const dy = by - ay;
          const len2 = dx * dx + dy * dy || 1e-9;
          const u = Math.max(0, Math.min(1, ((qx - ax) * dx + (qy - ay) * dy) / len2));
          const d = Math.hypot(qx - ax - u * dx, qy - ay - u * dy);
          const cov = Math.max(0, Math.min(1, ar + (br - ar) * u - d + 0.5));
          if (cov > best) {
            best = cov;
            bestT = (s + u) / n;
          }
        }
        if (best > 0) this.mix(x, y, rgb, best * alphaAt(bestT));
      }
  }
}

/**
 * A smooth field in about −1…1: `octaves` layers of value noise on lattices of `cell`,
 * cell/2, … pixels, cosine-interpolated.
 */
export function fractal(w: number, h: number, cell: number, octaves: number, r: Dice): Float32Array {
  const out = new Float32Array(w * h);
  let amp = 1;
  let norm = 0;
  for (let o = 0; o < octaves; o++) {
    const c = Math.max(2, cell / 2 ** o);
    const gw = Math.ceil(w / c) + 2;
    const gh = Math.ceil(h / c) + 2;
    const lattice = new Float32Array(gw * gh);
    for (let k = 0; k < lattice.length; k++) lattice[k] = r() * 2 - 1;
    const ease = (t: number) => (1 - Math.cos(Math.PI * t)) / 2;
    for (let y = 0; y < h; y++) {
      const gy = y / c;
      const iy = Math.floor(gy);
      const fy = ease(gy - iy);
      for (let x = 0; x < w; x++) {
        const gx = x / c;
        const ix = Math.floor(gx);
        const fx = ease(gx - ix);
        const a = lattice[iy * gw + ix] as number;
        const b = lattice[iy * gw + ix + 1] as number;
        const d = lattice[(iy + 1) * gw + ix] as number;
        const e = lattice[(iy + 1) * gw + ix + 1] as number;
        out[y * w + x] += amp * (a + (b - a) * fx + (d - a + (e - d - b + a) * fx) * fy);
      }
    }
    norm += amp;
    amp *= 0.5;
  }
  for (let k = 0; k < out.length; k++) out[k] /= norm;
  return out;
}
