/**
 * Generator D's basin and its light: an oval bowl, a rounded tray or a floor filling the
 * frame, in white, pale blue or cream (bright) or black, dark green or navy (dark); a lip
 * around it and a wooden or concrete table outside; plastic texture, stains, scratches,
 * tinted water with caustic lines; then the light: vignetting, a slanted falloff, the
 * phone's soft shadow, and glare (a window or a ring light on bright basins, a streak or
 * water glints on dark ones).
 */
import { type Frame, fractal, type Rgb } from './frame.ts';
import type { Dice } from './rng.ts';

export type BasinShape = 'bowl' | 'tray' | 'floor';
export type GlareD = 'none' | 'window' | 'ring' | 'streak' | 'glints';

export interface Basin {
  shape: BasinShape;
  /** Signed distance inside the basin's floor in pixels (> 0 inside). */
  depth(x: number, y: number): number;
}

const BRIGHT: readonly Rgb[] = [
  [232, 234, 236],
  [196, 218, 236],
  [236, 226, 204],
];
const DARK: readonly Rgb[] = [
  [30, 30, 33],
  [34, 46, 40],
  [26, 31, 47],
];

function makeBasin(shape: BasinShape, w: number, h: number, r: Dice): Basin {
  const cx = w * r.between(0.46, 0.54);
  const cy = h * r.between(0.46, 0.54);
  if (shape === 'floor') return { shape, depth: (x, y) => Math.min(x, y, w - x, h - y) };
  if (shape === 'bowl') {
    const rx = w * r.between(0.42, 0.5);
    const ry = h * r.between(0.42, 0.5);
    return {
      shape,
      depth: (x, y) => (1 - Math.hypot((x - cx) / rx, (y - cy) / ry)) * Math.min(rx, ry),
    };
  }
  const hw = w * r.between(0.4, 0.47);
  const hh = h * r.between(0.4, 0.47);
  const round = Math.min(hw, hh) * 0.25;
  return {
    shape,
    depth: (x, y) => {
      const qx = Math.abs(x - cx) - (hw - round);
      const qy = Math.abs(y - cy) - (hh - round);
      const out = Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0);
      return round - out;
    },
  };
}

/** Paints the basin, the lip, the table and the water; returns the basin. */
export function paintBasin(f: Frame, dark: boolean, r: Dice): Basin {
  const { w, h } = f;
  const shape = r.oneOf<BasinShape>(['bowl', 'tray', 'floor', 'bowl']);
  const basin = makeBasin(shape, w, h, r);
  const colour = r.oneOf(dark ? DARK : BRIGHT);
  const lipWidth = Math.min(w, h) * r.between(0.02, 0.04);
  const wood = r.chance(0.5);
  const table: Rgb = wood ? [150, 108, 70] : [128, 126, 120];
  const grain = fractal(w, h, Math.max(w, h) / 6, 4, r);
  const fine = fractal(w, h, 3, 1, r);
  const stains = fractal(w, h, Math.max(w, h) / 10, 2, r);
  const tint: Rgb = [r.between(0.9, 1), r.between(0.97, 1.03), r.between(0.86, 0.98)];
  const grainAmp = r.between(3, 9);
  const p = f.px;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const d = basin.depth(x, y);
      let rgb: Rgb;
      let texture: number;
      if (d > 0) {
        const stain = Math.max(0, (stains[i] as number) - 0.35) * (dark ? 20 : -45);
        texture = (grain[i] as number) * grainAmp + (fine[i] as number) * 3 + stain;
        rgb = [colour[0] * tint[0], colour[1] * tint[1], colour[2] * tint[2]];
      } else if (d > -lipWidth) {
        // The lip: lighter on top, a dark crease where it meets the floor.
        const u = -d / lipWidth;
        const shade = u < 0.2 ? 0.7 : 1.12 - 0.2 * u;
        rgb = [colour[0] * shade, colour[1] * shade, colour[2] * shade];
        texture = (fine[i] as number) * 3;
      } else {
        rgb = table;
        texture = wood
          ? Math.sin(y * 0.05 + (grain[i] as number) * 6) * 14 + (fine[i] as number) * 5
          : (grain[i] as number) * 18 + (fine[i] as number) * 10;
      }
      p[3 * i] = rgb[0] + texture;
      p[3 * i + 1] = rgb[1] + texture;
      p[3 * i + 2] = rgb[2] + texture;
    }
  const caustics = r.chance(0.5) ? r.between(0.03, 0.08) : 0;
  if (caustics > 0) waterLines(f, basin, caustics, r);
  scratches(f, basin, dark, r);
  return basin;
}

/** Caustic lines: thin bright bands where two smooth fields cross zero. */
function waterLines(f: Frame, basin: Basin, amount: number, r: Dice): void {
  const { w, h } = f;
  const cell = Math.max(w, h) / r.between(12, 25);
  const a = fractal(w, h, cell, 2, r);
  const b = fractal(w, h, cell * 0.7, 2, r);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (basin.depth(x, y) <= 0) continue;
      const line = Math.exp(-(((a[i] as number) * 14) ** 2)) + Math.exp(-(((b[i] as number) * 14) ** 2));
      f.scale(x, y, 1 + amount * line);
    }
}

function scratches(f: Frame, basin: Basin, dark: boolean, r: Dice): void {
  const n = r.whole(0, 12);
  const side = Math.max(f.w, f.h);
  for (let k = 0; k < n; k++) {
    const x = r.between(0, f.w);
    const y = r.between(0, f.h);
    if (basin.depth(x, y) <= 0) continue;
    const a = r.between(0, Math.PI);
    const len = side * r.between(0.05, 0.2);
    const bow = r.gauss() * 0.3;
    const pts = [0, 0.5, 1].map((t) => {
      const along = (t - 0.5) * len;
      const off = Math.sin(t * Math.PI) * bow * len * 0.2;
      return [
        x + Math.cos(a) * along - Math.sin(a) * off,
        y + Math.sin(a) * along + Math.cos(a) * off,
        0.5,
      ] as const;
    });
    f.stroke(pts, dark ? [70, 70, 70] : [175, 175, 175], () => 0.3);
  }
}

export interface LightD {
  vignette: number;
  slope: number;
  shadow: boolean;
  glare: GlareD;
}

/** Multiplies the light in and adds glare (blown out where strong). */
export function applyLightD(f: Frame, light: LightD, r: Dice): void {
  const { w, h } = f;
  const dir = r.between(0, 2 * Math.PI);
  const sx = r.oneOf([0.1, 0.9]) * w;
  const sy = r.between(0.8, 1.1) * h;
  const sr = Math.max(w, h) * r.between(0.18, 0.3);
  const sDepth = r.between(0.2, 0.4);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const u = x / w - 0.5;
      const v = y / h - 0.5;
      let k = 1 - light.vignette * (u * u + v * v) * 2;
      k *= 1 + light.slope * (u * Math.cos(dir) + v * Math.sin(dir));
      if (light.shadow) {
        const d = Math.hypot(x - sx, (y - sy) * 1.4) / sr;
        k *= 1 - sDepth / (1 + Math.exp((d - 1) * 8));
      }
      f.scale(x, y, k);
    }
  if (light.glare !== 'none') glare(f, light.glare, r);
}

function glare(f: Frame, kind: GlareD, r: Dice): void {
  const { w, h } = f;
  const side = Math.max(w, h);
  const cx = w * r.between(0.2, 0.8);
  const cy = h * r.between(0.2, 0.8);
  const add = (x: number, y: number, a: number) => {
    if (a > 0.002) f.mix(x, y, [255, 255, 252], Math.min(1, a));
  };
  const box = (half: number, fn: (x: number, y: number) => number) => {
    for (let y = Math.max(0, Math.floor(cy - half)); y < Math.min(h, cy + half); y++)
      for (let x = Math.max(0, Math.floor(cx - half)); x < Math.min(w, cx + half); x++) add(x, y, fn(x, y));
  };
  if (kind === 'window') {
    const ww = side * r.between(0.06, 0.12);
    const wh = ww * r.between(1.2, 1.8);
    const soft = ww * 0.15;
    box(wh + soft * 4, (x, y) => {
      const qx = Math.abs(x - cx) - ww / 2;
      const qy = Math.abs(y - cy) - wh / 2;
      const inside = 1 / (1 + Math.exp(Math.max(qx, qy) / soft));
      const bar = Math.abs(x - cx) < ww * 0.04 || Math.abs(y - cy) < ww * 0.04 ? 0.45 : 1;
      return inside * bar * 1.1;
    });
  } else if (kind === 'ring') {
    const rad = side * r.between(0.04, 0.08);
    const thick = rad * 0.18;
    box(rad + thick * 4, (x, y) => Math.exp(-(((Math.hypot(x - cx, y - cy) - rad) / thick) ** 2)) * 1.05);
  } else if (kind === 'streak') {
    const len = side * r.between(0.12, 0.25);
    const wid = len * r.between(0.08, 0.18);
    const a = r.between(0, Math.PI);
    box(len, (x, y) => {
      const along = (x - cx) * Math.cos(a) + (y - cy) * Math.sin(a);
      const across = -(x - cx) * Math.sin(a) + (y - cy) * Math.cos(a);
      return Math.exp(-((along / len) ** 2) * 3 - (across / wid) ** 2) * 0.95;
    });
  } else {
    const n = r.whole(40, 160);
    for (let k = 0; k < n; k++)
      f.disc(
        r.between(0, w),
        r.between(0, h),
        side * r.between(0.0006, 0.0025),
        [255, 255, 250],
        r.between(0.5, 1),
      );
  }
}
