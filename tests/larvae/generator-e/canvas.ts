/**
 * Generator E's picture: three float planes (0–1 linear-ish light), painted with soft
 * shapes through a coverage mask, then blurred, noised and turned into RGBA.
 */
export type Rgb = readonly [number, number, number];

export class Picture {
  /** Red, green and blue, each w × h. */
  readonly rgb: readonly [Float32Array, Float32Array, Float32Array];
  constructor(
    readonly w: number,
    readonly h: number,
  ) {
    const plane = () => new Float32Array(w * h);
    this.rgb = [plane(), plane(), plane()];
  }

  get r(): Float32Array {
    return this.rgb[0];
  }
  get g(): Float32Array {
    return this.rgb[1];
  }
  get b(): Float32Array {
    return this.rgb[2];
  }

  planes(): Float32Array[] {
    return [...this.rgb];
  }

  /** Paints colour `col` over pixel i with opacity a (0–1). */
  over(i: number, col: Rgb, a: number): void {
    if (a <= 0) return;
    const k = a > 1 ? 1 : a;
    this.r[i] += (col[0] - this.r[i]) * k;
    this.g[i] += (col[1] - this.g[i]) * k;
    this.b[i] += (col[2] - this.b[i]) * k;
  }

  /** Multiplies pixel i's light by f (shadows, vignetting, tint). */
  times(i: number, f: number, tint: Rgb = [1, 1, 1]): void {
    this.r[i] *= f * tint[0];
    this.g[i] *= f * tint[1];
    this.b[i] *= f * tint[2];
  }
}

/**
 * A coverage mask over a window of the picture: shapes are unioned (max) into it, then
 * laid on the picture once, so a larva's overlapping parts do not darken twice.
 */
export class Mask {
  readonly a: Float32Array;
  constructor(
    readonly x0: number,
    readonly y0: number,
    readonly w: number,
    readonly h: number,
  ) {
    this.a = new Float32Array(Math.max(0, w * h));
  }

  static around(pic: Picture, cx: number, cy: number, reach: number): Mask {
    const x0 = Math.max(0, Math.floor(cx - reach));
    const y0 = Math.max(0, Math.floor(cy - reach));
    const x1 = Math.min(pic.w, Math.ceil(cx + reach));
    const y1 = Math.min(pic.h, Math.ceil(cy + reach));
    return new Mask(x0, y0, Math.max(0, x1 - x0), Math.max(0, y1 - y0));
  }

  /** An ellipse (semi-axes ra along angle th, rb across), soft over `soft` px, at strength v. */
  ellipse(cx: number, cy: number, ra: number, rb: number, th: number, v = 1, soft = 1): void {
    const reach = Math.max(ra, rb) + soft + 1;
    const xa = Math.max(this.x0, Math.floor(cx - reach));
    const xb = Math.min(this.x0 + this.w - 1, Math.ceil(cx + reach));
    const ya = Math.max(this.y0, Math.floor(cy - reach));
    const yb = Math.min(this.y0 + this.h - 1, Math.ceil(cy + reach));
    const co = Math.cos(th);
    const si = Math.sin(th);
    const rmin = Math.max(0.3, Math.min(ra, rb));
    for (let y = ya; y <= yb; y++) {
      for (let x = xa; x <= xb; x++) {
        const dx = x + 0.5 - cx;
        const dy = y + 0.5 - cy;
        const u = (dx * co + dy * si) / Math.max(ra, 0.3);
        const q = (-dx * si + dy * co) / Math.max(rb, 0.3);
        const rho = Math.sqrt(u * u + q * q);
        // Distance outside the edge in pixels, roughly.
        const out = (rho - 1) * rmin;
        const cov = out <= -soft / 2 ? 1 : out >= soft / 2 ? 0 : 0.5 - out / soft;
        if (cov <= 0) continue;
        const i = (y - this.y0) * this.w + (x - this.x0);
        const val = cov * v;
        if (val > this.a[i]) this.a[i] = val;
      }
    }
  }

  /** Lays the mask on the picture in colour `col` at opacity `alpha`. */
  lay(pic: Picture, col: Rgb, alpha: number): void {
    for (let y = 0; y < this.h; y++) {
      const row = (y + this.y0) * pic.w + this.x0;
      for (let x = 0; x < this.w; x++) {
        const m = this.a[y * this.w + x];
        if (m > 0) pic.over(row + x, col, m * alpha);
      }
    }
  }
}

/** Box blur of one plane, radius r, along x then y (three passes make a near-Gaussian). */
function boxPass(p: Float32Array, w: number, h: number, r: number, tmp: Float32Array): void {
  if (r < 1) return;
  const n = 2 * r + 1;
  for (let y = 0; y < h; y++) {
    const o = y * w;
    let s = 0;
    for (let k = -r; k <= r; k++) s += p[o + Math.min(w - 1, Math.max(0, k))];
    for (let x = 0; x < w; x++) {
      tmp[o + x] = s / n;
      s += p[o + Math.min(w - 1, x + r + 1)] - p[o + Math.max(0, x - r)];
    }
  }
  for (let x = 0; x < w; x++) {
    let s = 0;
    for (let k = -r; k <= r; k++) s += tmp[Math.min(h - 1, Math.max(0, k)) * w + x];
    for (let y = 0; y < h; y++) {
      p[y * w + x] = s / n;
      s += tmp[Math.min(h - 1, y + r + 1) * w + x] - tmp[Math.max(0, y - r) * w + x];
    }
  }
}

/** A Gaussian-like blur of sigma (three box passes). */
export function soften(p: Float32Array, w: number, h: number, sigma: number): void {
  if (sigma < 0.4) return;
  const r = Math.max(1, Math.round(Math.sqrt((12 * sigma * sigma) / 3 + 1) / 2 - 0.5));
  const tmp = new Float32Array(w * h);
  for (let k = 0; k < 3; k++) boxPass(p, w, h, r, tmp);
}

/** A linear motion smear `len` px long at angle th (taps, nearest pixel). */
export function smear(p: Float32Array, w: number, h: number, len: number, th: number): void {
  const taps = Math.max(2, Math.round(len));
  const offs: [number, number][] = [];
  for (let k = 0; k < taps; k++) {
    const t = (k / (taps - 1) - 0.5) * len;
    offs.push([Math.round(t * Math.cos(th)), Math.round(t * Math.sin(th))]);
  }
  const src = p.slice();
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let s = 0;
      for (const [dx, dy] of offs) {
        const xx = Math.min(w - 1, Math.max(0, x + dx));
        const yy = Math.min(h - 1, Math.max(0, y + dy));
        s += src[yy * w + xx];
      }
      p[y * w + x] = s / taps;
    }
  }
}

/** Smooth value noise (a coarse lattice, cosine-eased) in about −1…1. */
export function lattice(w: number, h: number, cell: number, rnd: () => number): Float32Array {
  const gw = Math.ceil(w / cell) + 2;
  const gh = Math.ceil(h / cell) + 2;
  const knots = new Float32Array(gw * gh);
  for (let i = 0; i < knots.length; i++) knots[i] = rnd() * 2 - 1;
  const out = new Float32Array(w * h);
  const ease = (t: number) => (1 - Math.cos(Math.PI * t)) / 2;
  for (let y = 0; y < h; y++) {
    const gy = y / cell;
    const iy = Math.floor(gy);
    const ty = ease(gy - iy);
    for (let x = 0; x < w; x++) {
      const gx = x / cell;
      const ix = Math.floor(gx);
      const tx = ease(gx - ix);
      const k = iy * gw + ix;
      const top = knots[k] + (knots[k + 1] - knots[k]) * tx;
      const bot = knots[k + gw] + (knots[k + gw + 1] - knots[k + gw]) * tx;
      out[y * w + x] = top + (bot - top) * ty;
    }
  }
  return out;
}
