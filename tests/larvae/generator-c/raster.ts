/**
 * Generator C's raster: three float planes (linear 0–255 values), a seeded sfc32 random
 * source, smooth 2-D noise by bilinear lattice interpolation, and anti-aliased coverage
 * from a signed distance. Written for set C only (no code shared with generators A or B).
 */

export type Rgb = readonly [number, number, number];

export interface Rand {
  (): number;
  between(lo: number, hi: number): number;
  int(lo: number, hi: number): number;
  gauss(): number;
  oneOf<T>(items: readonly T[]): T;
}

/** sfc32, seeded through splitmix32. */
export function seeded(seed: number): Rand {
  let s = seed >>> 0;
  const mix = () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = mix();
  let b = mix();
  let c = mix();
  let d = mix();
  const next = (() => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  }) as Rand;
  next.between = (lo, hi) => lo + (hi - lo) * next();
  next.int = (lo, hi) => Math.floor(lo + (hi - lo + 1) * next());
  next.gauss = () => {
    const u = Math.max(1e-12, next());
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * next());
  };
  next.oneOf = (items) => items[Math.floor(next() * items.length)] as (typeof items)[number];
  return next;
}

export class Planes {
  readonly r: Float32Array;
  readonly g: Float32Array;
  readonly b: Float32Array;
  constructor(
    readonly w: number,
    readonly h: number,
  ) {
    this.r = new Float32Array(w * h);
    this.g = new Float32Array(w * h);
    this.b = new Float32Array(w * h);
  }
  /** Blends colour `c` over pixel i with weight `a` (0–1). */
  mix(i: number, c: Rgb, a: number): void {
    if (a <= 0) return;
    const k = a > 1 ? 1 : a;
    this.r[i] += (c[0] - (this.r[i] as number)) * k;
    this.g[i] += (c[1] - (this.g[i] as number)) * k;
    this.b[i] += (c[2] - (this.b[i] as number)) * k;
  }
  /** Multiplies pixel i by `f` (light, shadow, filter). */
  mul(i: number, f: number): void {
    this.r[i] *= f;
    this.g[i] *= f;
    this.b[i] *= f;
  }
  /** Adds `v` (light) to pixel i, tinted. */
  add(i: number, c: Rgb, v: number): void {
    this.r[i] += c[0] * v;
    this.g[i] += c[1] * v;
    this.b[i] += c[2] * v;
  }
}

/** Smooth noise in about −1…1 with features every `cell` pixels. */
export function lattice(w: number, h: number, cell: number, rand: Rand): Float32Array {
  const gw = Math.ceil(w / cell) + 2;
  const gh = Math.ceil(h / cell) + 2;
  const grid = new Float32Array(gw * gh);
  for (let i = 0; i < grid.length; i++) grid[i] = rand() * 2 - 1;
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const fy = y / cell;
    const iy = Math.floor(fy);
    let ty = fy - iy;
    ty = ty * ty * (3 - 2 * ty);
    for (let x = 0; x < w; x++) {
      const fx = x / cell;
      const ix = Math.floor(fx);
      let tx = fx - ix;
      tx = tx * tx * (3 - 2 * tx);
      const o = iy * gw + ix;
      const top = (grid[o] as number) * (1 - tx) + (grid[o + 1] as number) * tx;
      const bot = (grid[o + gw] as number) * (1 - tx) + (grid[o + gw + 1] as number) * tx;
      out[y * w + x] = top * (1 - ty) + bot * ty;
    }
  }
  return out;
}

/** Coverage of a pixel at signed distance d (negative inside) from an edge: 1 px ramp. */
export function cover(d: number): number {
  return d <= -0.5 ? 1 : d >= 0.5 ? 0 : 0.5 - d;
}

/** Paints a filled ellipse (centre, radii, angle) with colour c at opacity a. */
export function ellipse(
  p: Planes,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  angle: number,
  c: Rgb,
  a: number,
): void {
  const R = Math.max(rx, ry) + 1;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const x0 = Math.max(0, Math.floor(cx - R));
  const x1 = Math.min(p.w - 1, Math.ceil(cx + R));
  const y0 = Math.max(0, Math.floor(cy - R));
  const y1 = Math.min(p.h - 1, Math.ceil(cy + R));
  const m = Math.min(rx, ry);
  for (let y = y0; y <= y1; y++)
    for (let x = x0; x <= x1; x++) {
      const dx = x + 0.5 - cx;
      const dy = y + 0.5 - cy;
      const u = (dx * cos + dy * sin) / rx;
      const v = (-dx * sin + dy * cos) / ry;
      const q = Math.sqrt(u * u + v * v);
      const cov = cover((q - 1) * m);
      if (cov > 0) p.mix(y * p.w + x, c, a * cov);
    }
}
