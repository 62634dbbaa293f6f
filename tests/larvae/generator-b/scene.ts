/**
 * Generator B's surroundings: the basin (round or rectangular, plastic grain, a rim, the
 * floor outside it), water tint, light (vignetting, a gradient, a soft shadow of the
 * phone or hand), glare shaped like tube lights, windows and sparkles, and distractors
 * (bubbles with a bright rim, fibres, grains, a label with print and a finger at the edge).
 */
import { type Canvas, clamp, Mask, type Rgb, valueNoise } from './canvas.ts';
import type { Rng } from './random.ts';

export interface Basin {
  /** Whether a point (pixel) is on the basin's floor, away from the rim. */
  inside(x: number, y: number): boolean;
}

export function drawBasin(canvas: Canvas, hatch: 'bright' | 'dark', rng: Rng): Basin {
  const { width: w, height: h } = canvas;
  const round = rng() < 0.5;
  const cx = w * rng.range(0.47, 0.53);
  const cy = h * rng.range(0.47, 0.53);
  const rx = w * rng.range(0.47, 0.62);
  const ry = h * rng.range(0.47, 0.62);
  const corner = Math.min(w, h) * 0.12;
  // Signed distance-like measure: < 0 inside the floor, 0..rim on the rim.
  const edge = (x: number, y: number): number => {
    if (round) return (Math.hypot((x - cx) / rx, (y - cy) / ry) - 1) * Math.min(rx, ry);
    const dx = Math.max(0, Math.abs(x - cx) - (rx - corner));
    const dy = Math.max(0, Math.abs(y - cy) - (ry - corner));
    return Math.hypot(dx, dy) - corner;
  };
  const rim = Math.min(w, h) * 0.03;
  const base: Rgb =
    hatch === 'bright'
      ? [rng.range(222, 240), rng.range(224, 242), rng.range(220, 238)]
      : [rng.range(22, 40), rng.range(24, 40), rng.range(26, 46)];
  const floor: Rgb = rng() < 0.5 ? [128, 126, 120] : [150, 112, 78];
  const coarse = valueNoise(w, h, Math.max(8, w / 14), rng);
  const grain = valueNoise(w, h, Math.max(2, w / 700), rng);
  const tint: Rgb = rng.pick([
    [1, 1, 1],
    [0.94, 1, 0.92],
    [1, 0.96, 0.86],
    [0.95, 0.98, 1],
  ] as const);
  const texAmp = hatch === 'bright' ? rng.range(4, 10) : rng.range(3, 8);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const e = edge(x, y);
      const t = (coarse[i] ?? 0) * texAmp + (grain[i] ?? 0) * texAmp * 0.5;
      let c: Rgb;
      if (e < 0) c = [base[0] + t, base[1] + t, base[2] + t];
      else if (e < rim) {
        const k = e / rim;
        const lift = hatch === 'bright' ? -25 * k : 35 * Math.sin(k * Math.PI);
        c = [base[0] + lift + t, base[1] + lift + t, base[2] + lift + t];
      } else c = [floor[0] + t * 2, floor[1] + t * 2, floor[2] + t * 2];
      canvas.r[i] = c[0] * tint[0];
      canvas.g[i] = c[1] * tint[1];
      canvas.b[i] = c[2] * tint[2];
    }
  return { inside: (x, y) => edge(x, y) < -rim * 0.5 };
}

export interface LightOptions {
  vignette: number;
  gradient: number;
  shadow: boolean;
}

/** Multiplies the canvas by a light field: vignetting, a directional gradient, a shadow. */
export function applyLight(canvas: Canvas, o: LightOptions, rng: Rng): void {
  const { width: w, height: h } = canvas;
  const dir = rng.range(0, Math.PI * 2);
  const gx = Math.cos(dir);
  const gy = Math.sin(dir);
  const sx = w * rng.range(0.1, 0.9);
  const sy = h * rng.range(0.1, 0.9);
  const sr = Math.min(w, h) * rng.range(0.15, 0.3);
  const sDepth = rng.range(0.2, 0.4);
  const diag = Math.hypot(w, h) / 2;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const nx = (x - w / 2) / diag;
      const ny = (y - h / 2) / diag;
      let m = 1 - o.vignette * (nx * nx + ny * ny) + o.gradient * (nx * gx + ny * gy);
      if (o.shadow) {
        const d = Math.hypot((x - sx) / 1.6, y - sy) / sr;
        m *= 1 - sDepth * clamp(1.3 - d, 0, 1);
      }
      const i = y * w + x;
      canvas.r[i] *= m;
      canvas.g[i] *= m;
      canvas.b[i] *= m;
    }
}

/** Glare: reflections of tube lights (long soft bars), a window, sparkles on ripples. */
export function drawGlare(canvas: Canvas, patches: number, hatch: 'bright' | 'dark', rng: Rng): void {
  const { width: w, height: h } = canvas;
  const s = Math.min(w, h);
  const strength = hatch === 'dark' ? rng.range(0.55, 0.85) : rng.range(0.35, 0.7);
  for (let p = 0; p < patches; p++) {
    const kind = rng.pick(['tube', 'window', 'sparkle'] as const);
    const cx = w * rng.range(0.15, 0.85);
    const cy = h * rng.range(0.15, 0.85);
    const a = rng.range(0, Math.PI);
    if (kind === 'sparkle') {
      const n = rng.int(30, 90);
      const spread = s * rng.range(0.05, 0.12);
      for (let k = 0; k < n; k++) {
        const m = Mask.around(cx, cy, spread * 3, canvas);
        const r = s * rng.range(0.0015, 0.005);
        m.disc(cx + rng.normal() * spread, cy + rng.normal() * spread * 0.5, r);
        m.paint((i, c) => canvas.screen(i, [255, 255, 250], c * strength), canvas);
      }
      continue;
    }
    const half =
      kind === 'tube' ? [s * rng.range(0.12, 0.3), s * rng.range(0.012, 0.03)] : [s * 0.09, s * 0.07];
    const [hl, hw] = half as [number, number];
    const soft = s * 0.02;
    const reach = hl + soft * 2;
    const x0 = Math.max(0, Math.floor(cx - reach));
    const x1 = Math.min(w, Math.ceil(cx + reach));
    const y0 = Math.max(0, Math.floor(cy - reach));
    const y1 = Math.min(h, Math.ceil(cy + reach));
    for (let y = y0; y < y1; y++)
      for (let x = x0; x < x1; x++) {
        const u = (x - cx) * Math.cos(a) + (y - cy) * Math.sin(a);
        const v = -(x - cx) * Math.sin(a) + (y - cy) * Math.cos(a);
        const du = Math.max(0, Math.abs(u) - hl);
        const dv = Math.max(0, Math.abs(v) - hw);
        let c = clamp(1 - Math.hypot(du, dv) / soft, 0, 1);
        if (kind === 'window' && (Math.abs(u) < hl * 0.05 || Math.abs(v) < hw * 0.06)) c *= 0.35;
        if (c > 0) canvas.screen(y * w + x, [255, 252, 245], c * c * strength);
      }
  }
}

export function drawBubble(canvas: Canvas, x: number, y: number, r: number, hatch: 'bright' | 'dark'): void {
  const outer = Mask.around(x, y, r + 3, canvas);
  const inner = Mask.around(x, y, r + 3, canvas);
  outer.disc(x, y, r);
  inner.disc(x, y, Math.max(0.5, r - Math.max(1, r * 0.2)));
  for (let k = 0; k < outer.cov.length; k++)
    outer.cov[k] = Math.max(0, (outer.cov[k] ?? 0) - (inner.cov[k] ?? 0));
  const rimColour: Rgb = hatch === 'bright' ? [150, 156, 160] : [170, 175, 180];
  outer.paint((i, a) => canvas.over(i, rimColour, a * 0.6), canvas);
  const spec = Mask.around(x - r * 0.35, y - r * 0.35, r * 0.4 + 2, canvas);
  spec.disc(x - r * 0.35, y - r * 0.35, Math.max(0.7, r * 0.22));
  spec.paint((i, a) => canvas.screen(i, [255, 255, 255], a * 0.9), canvas);
}

/** Fibres (thin, long, curly), grains (tiny dark dots) and flakes (small brown shapes). */
export function drawDebris(canvas: Canvas, n: number, unit: number, basin: Basin, rng: Rng): void {
  for (let k = 0; k < n; k++) {
    const x = rng.range(0, canvas.width);
    const y = rng.range(0, canvas.height);
    if (!basin.inside(x, y)) continue;
    const kind = rng.pick(['fibre', 'grain', 'grain', 'flake'] as const);
    const col: Rgb = kind === 'flake' ? [96, 78, 52] : [44, 40, 36];
    if (kind === 'grain') {
      const m = Mask.around(x, y, unit * 0.2, canvas);
      m.disc(x, y, unit * rng.range(0.02, 0.07));
      m.paint((i, a) => canvas.over(i, col, a * 0.8), canvas);
    } else if (kind === 'fibre') {
      const len = unit * rng.range(1.2, 3);
      const pts: [number, number, number][] = [];
      let a = rng.range(0, Math.PI * 2);
      let px = x;
      let py = y;
      for (let s = 0; s < 24; s++) {
        pts.push([px, py, Math.max(0.5, unit * 0.012)]);
        a += rng.normal() * 0.3;
        px += (Math.cos(a) * len) / 24;
        py += (Math.sin(a) * len) / 24;
      }
      const m = Mask.around(x, y, len + 2, canvas);
      m.stroke(pts);
      m.paint((i, c) => canvas.over(i, col, c * 0.55), canvas);
    } else {
      const m = Mask.around(x, y, unit * 0.4, canvas);
      for (let s = 0; s < 4; s++)
        m.disc(x + rng.normal() * unit * 0.05, y + rng.normal() * unit * 0.05, unit * rng.range(0.04, 0.1));
      m.paint((i, a) => canvas.over(i, col, a * 0.6), canvas);
    }
  }
}

/** Print: lines of glyphs made of 2–4 short strokes each (a label or a whole page). */
export function drawPrint(
  canvas: Canvas,
  box: { x: number; y: number; w: number; h: number },
  glyph: number,
  ink: Rgb,
  rng: Rng,
): void {
  const pen = Math.max(0.6, glyph * 0.08);
  for (let ly = box.y + glyph; ly < box.y + box.h - glyph * 0.3; ly += glyph * 1.6) {
    let lx = box.x + glyph * 0.5;
    const lineEnd = box.x + box.w * rng.range(0.7, 0.97);
    while (lx < lineEnd) {
      const word = rng.int(2, 9);
      for (let c = 0; c < word && lx < lineEnd; c++) {
        const m = Mask.around(lx + glyph * 0.3, ly - glyph * 0.4, glyph, canvas);
        const strokes = rng.int(2, 4);
        for (let s = 0; s < strokes; s++) {
          const ax = lx + rng.range(0, 0.55) * glyph;
          const ay = ly - rng.range(0, 1) * glyph * (rng() < 0.2 ? 1.3 : 0.75);
          const bx = lx + rng.range(0, 0.55) * glyph;
          const by = ly - rng.range(0, 0.75) * glyph;
          m.stroke([
            [ax, ay, pen],
            [bx, by, pen],
          ]);
        }
        m.paint((i, a) => canvas.over(i, ink, a * 0.92), canvas);
        lx += glyph * 0.62;
      }
      lx += glyph * 0.7;
    }
  }
}

/** Objects at the edge of the frame: a paper label with print, or a finger. */
export function drawEdgeObject(canvas: Canvas, rng: Rng): void {
  const { width: w, height: h } = canvas;
  const s = Math.min(w, h);
  if (rng() < 0.5) {
    const lw = s * rng.range(0.18, 0.3);
    const lh = s * rng.range(0.07, 0.12);
    const x = rng() < 0.5 ? s * 0.01 : w - lw - s * 0.01;
    const y = rng() < 0.5 ? s * 0.01 : h - lh - s * 0.01;
    for (let yy = Math.floor(y); yy < y + lh; yy++)
      for (let xx = Math.floor(x); xx < x + lw; xx++) canvas.over(yy * w + xx, [236, 232, 214], 1);
    drawPrint(canvas, { x, y, w: lw, h: lh }, s * 0.014, [30, 30, 60], rng);
  } else {
    const fx = rng() < 0.5 ? 0 : w;
    const fy = h * rng.range(0.2, 0.8);
    const m = Mask.around(fx, fy, s * 0.25, canvas);
    const dir = fx === 0 ? 1 : -1;
    m.stroke([
      [fx - dir * s * 0.05, fy, s * 0.06],
      [fx + dir * s * 0.12, fy + s * 0.02, s * 0.05],
    ]);
    m.paint((i, a) => canvas.over(i, [196, 150, 122], a), canvas);
  }
}
