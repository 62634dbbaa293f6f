/**
 * Generator C's scenes: the basin (enamel tray with a rounded rim and a table around it,
 * or a basin floor filling the frame; stains, scratches, water tint and caustic ripples),
 * the light (vignetting, a tilted gradient, a blotchy unevenness, the hard shadow of the
 * phone and hand), glare (a blown window reflection on a white basin; a ring light, a
 * lamp's blob and water glints on a black one), the distractors (foam, feed pellets,
 * faeces strands, hairs; a ruler, a coin or a thumb at the edge) and the photos without
 * larvae (a printed form, a handwritten page, a pond and trees).
 */
import { cover, ellipse, lattice, type Planes, type Rand, type Rgb } from './raster.ts';

export type Tray = 'bright' | 'dark';

export interface Floor {
  inside(x: number, y: number): boolean;
}

export function paintBasin(p: Planes, tray: Tray, rand: Rand): Floor {
  const { w, h } = p;
  const fullFrame = rand() < 0.5;
  const floor: Rgb =
    tray === 'bright'
      ? [rand.between(215, 240), rand.between(220, 242), rand.between(218, 245)]
      : [rand.between(18, 38), rand.between(20, 40), rand.between(22, 44)];
  // Water tint: a green or blue cast, stronger on white.
  const tint: Rgb = rand() < 0.5 ? [0.94, 1, 0.97] : [0.95, 0.98, 1.03];
  const stains = lattice(w, h, Math.max(8, w / rand.between(6, 14)), rand);
  const grain = lattice(w, h, Math.max(2, w / 900), rand);
  const m = Math.min(w, h) * rand.between(0.05, 0.1);
  const rad = Math.min(w, h) * rand.between(0.06, 0.14);
  const table: Rgb = [rand.between(90, 160), rand.between(70, 130), rand.between(50, 100)];
  const rimW = Math.min(w, h) * 0.025;
  const edgeDist = (x: number, y: number) => {
    // Signed distance to a rounded rectangle inset by m (negative inside).
    const qx = Math.abs(x - w / 2) - (w / 2 - m - rad);
    const qy = Math.abs(y - h / 2) - (h / 2 - m - rad);
    return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - rad;
  };
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const s = (stains[i] as number) * (tray === 'bright' ? 9 : 5);
      const gr = (grain[i] as number) * (tray === 'bright' ? 3 : 2.5);
      p.r[i] = (floor[0] + s + gr) * tint[0];
      p.g[i] = (floor[1] + s + gr) * tint[1];
      p.b[i] = (floor[2] + s + gr) * tint[2];
      if (!fullFrame) {
        const d = edgeDist(x + 0.5, y + 0.5);
        if (d > -rimW) {
          // The rim: a lighter (or darker) lip, then the table.
          const lip: Rgb = tray === 'bright' ? [248, 248, 250] : [55, 58, 62];
          p.mix(i, lip, cover(-d - rimW) * 0 + Math.min(1, (d + rimW) / rimW));
          p.mix(i, table, cover(-d));
        }
      }
    }
  // Scratches: faint thin straight lines across the floor.
  for (let k = rand.int(2, 8); k > 0; k--) {
    const x0 = rand.between(0, w);
    const y0 = rand.between(0, h);
    const a = rand() * Math.PI;
    const len = rand.between(0.05, 0.3) * w;
    for (let s = 0; s < len; s += 0.7)
      ellipse(
        p,
        x0 + Math.cos(a) * s,
        y0 + Math.sin(a) * s,
        0.6,
        0.6,
        0,
        tray === 'bright' ? [190, 190, 190] : [50, 50, 55],
        0.12,
      );
  }
  const inset = fullFrame ? Math.min(w, h) * 0.02 : m + rimW * 1.5;
  return {
    inside: (x, y) =>
      fullFrame ? x > inset && y > inset && x < w - inset && y < h - inset : edgeDist(x, y) < -rimW * 1.5,
  };
}

/** Caustics: a faint light pattern from ripples on the water surface. */
export function ripples(p: Planes, unit: number, rand: Rand): void {
  const f1 = (2 * Math.PI) / (unit * rand.between(2, 5));
  const f2 = (2 * Math.PI) / (unit * rand.between(2, 5));
  const a1 = rand() * Math.PI;
  const a2 = rand() * Math.PI;
  const amp = rand.between(0.02, 0.05);
  for (let y = 0; y < p.h; y++)
    for (let x = 0; x < p.w; x++) {
      const v =
        Math.sin((x * Math.cos(a1) + y * Math.sin(a1)) * f1) *
        Math.sin((x * Math.cos(a2) + y * Math.sin(a2)) * f2);
      p.mul(y * p.w + x, 1 + amp * v);
    }
}

export interface Lighting {
  vignette: number;
  gradient: number;
  blotch: number;
  handShadow: boolean;
}

export function light(p: Planes, l: Lighting, rand: Rand): void {
  const { w, h } = p;
  const ga = rand() * Math.PI * 2;
  const blot = l.blotch > 0 ? lattice(w, h, w / 3, rand) : undefined;
  // The shadow: a half-plane with a soft edge plus a finger-like lobe.
  const sa = rand() * Math.PI * 2;
  const sx = w * rand.between(0.2, 0.8);
  const sy = h * rand.between(0.2, 0.8);
  const soft = w * 0.02;
  const depth = rand.between(0.25, 0.45);
  const diag = Math.hypot(w, h) / 2;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const dx = (x - w / 2) / diag;
      const dy = (y - h / 2) / diag;
      const r2 = dx * dx + dy * dy;
      let f = 1 - l.vignette * r2 * (1.4 - 0.4 * r2);
      f *= 1 + l.gradient * (dx * Math.cos(ga) + dy * Math.sin(ga));
      if (blot) f *= 1 + l.blotch * (blot[i] as number);
      if (l.handShadow) {
        const d = (x - sx) * Math.cos(sa) + (y - sy) * Math.sin(sa);
        const t = Math.min(1, Math.max(0, d / soft + 0.5));
        f *= 1 - depth * t * (d > w * 0.5 ? 0 : 1);
      }
      p.mul(i, Math.max(0.05, f));
    }
}

export function glare(p: Planes, tray: Tray, spots: number, unit: number, rand: Rand): void {
  const { w, h } = p;
  for (let k = 0; k < spots; k++) {
    const cx = rand.between(0.15, 0.85) * w;
    const cy = rand.between(0.15, 0.85) * h;
    const kind =
      tray === 'bright'
        ? rand.oneOf(['window', 'blob'] as const)
        : rand.oneOf(['ring', 'blob', 'glints'] as const);
    if (kind === 'glints') {
      for (let n = rand.int(30, 90); n > 0; n--) {
        const r = unit * rand.between(0.02, 0.06);
        ellipse(
          p,
          cx + rand.gauss() * unit * 3,
          cy + rand.gauss() * unit * 3,
          r,
          r,
          0,
          [255, 255, 255],
          rand.between(0.5, 1),
        );
      }
      continue;
    }
    const rx = unit * rand.between(2, 6);
    const ry = rx * rand.between(0.3, 1);
    const ang = rand() * Math.PI;
    const strength = tray === 'bright' ? rand.between(0.5, 1.2) : rand.between(0.4, 0.9);
    const R = Math.max(rx, ry) * 2.2;
    for (let y = Math.max(0, Math.floor(cy - R)); y < Math.min(h, cy + R); y++)
      for (let x = Math.max(0, Math.floor(cx - R)); x < Math.min(w, cx + R); x++) {
        const dx = x - cx;
        const dy = y - cy;
        const u = (dx * Math.cos(ang) + dy * Math.sin(ang)) / rx;
        const v = (-dx * Math.sin(ang) + dy * Math.cos(ang)) / ry;
        const q = Math.sqrt(u * u + v * v);
        let g = 0;
        if (kind === 'ring') g = Math.exp(-(((q - 1) / 0.18) ** 2));
        else if (kind === 'blob') g = Math.exp(-q * q * 1.5);
        else {
          // A window: a bright rectangle with two dark bars (the frame's cross).
          const inRect = Math.abs(u) < 1 && Math.abs(v) < 1;
          const bar = Math.abs(u) < 0.06 || Math.abs(v) < 0.06;
          g =
            inRect && !bar
              ? 1
              : inRect
                ? 0.3
                : Math.exp(-(((Math.max(Math.abs(u), Math.abs(v)) - 1) / 0.15) ** 2));
        }
        if (g > 0.003) p.add(y * w + x, [1, 1, 0.97], g * strength * 255);
      }
  }
}

export function foam(p: Planes, tray: Tray, x: number, y: number, r: number): void {
  // A bubble: a thin dark rim, a clear middle, a bright highlight off centre.
  const rim: Rgb = tray === 'bright' ? [120, 125, 130] : [150, 155, 160];
  for (let k = 0; k < 24; k++) {
    const a = (k / 24) * Math.PI * 2;
    ellipse(p, x + Math.cos(a) * r, y + Math.sin(a) * r, r * 0.14 + 0.5, r * 0.14 + 0.5, 0, rim, 0.35);
  }
  ellipse(p, x - r * 0.35, y - r * 0.35, r * 0.22, r * 0.16, 0.6, [255, 255, 255], 0.9);
}

export function debris(p: Planes, tray: Tray, n: number, unit: number, floor: Floor, rand: Rand): void {
  for (let k = 0; k < n; k++) {
    const x = rand.between(0, p.w);
    const y = rand.between(0, p.h);
    if (!floor.inside(x, y)) continue;
    const kind = rand();
    if (kind < 0.45) {
      // Feed pellet or grain: small, round-ish, brown.
      const r = unit * rand.between(0.03, 0.1);
      ellipse(p, x, y, r, r * rand.between(0.6, 1), rand() * 3, [110, 80, 50], rand.between(0.4, 0.9));
    } else if (kind < 0.75) {
      // Faeces strand: dark, thin, short wavy line.
      const len = unit * rand.between(0.2, 0.6);
      const a = rand() * Math.PI * 2;
      const wd = unit * rand.between(0.02, 0.035);
      for (let s = 0; s < len; s += wd * 0.5)
        ellipse(
          p,
          x + Math.cos(a) * s,
          y + Math.sin(a) * s + Math.sin(s / (unit * 0.1)) * wd,
          wd,
          wd,
          0,
          [60, 45, 30],
          0.6,
        );
    } else {
      // A hair or fibre: long, very thin, curved.
      const len = unit * rand.between(1.5, 4);
      let a = rand() * Math.PI * 2;
      let cx = x;
      let cy = y;
      const col: Rgb = tray === 'bright' ? [70, 70, 75] : [170, 170, 170];
      for (let s = 0; s < len; s += 0.8) {
        a += rand.gauss() * 0.02;
        cx += Math.cos(a) * 0.8;
        cy += Math.sin(a) * 0.8;
        ellipse(p, cx, cy, 0.6, 0.6, 0, col, 0.5);
      }
    }
  }
}

export function edgeThing(p: Planes, unit: number, rand: Rand): void {
  const { w, h } = p;
  const kind = rand.oneOf(['ruler', 'coin', 'thumb'] as const);
  if (kind === 'ruler') {
    const y0 = rand() < 0.5 ? 0 : h - unit * 1.2;
    for (let y = Math.max(0, Math.floor(y0)); y < Math.min(h, y0 + unit * 1.2); y++)
      for (let x = 0; x < w; x++) p.mix(y * w + x, [240, 230, 120], 1);
    for (let x = unit * 0.2; x < w; x += unit * 0.13) {
      const long = Math.round(x / (unit * 0.13)) % 10 === 0;
      for (let y = 0; y < unit * (long ? 0.5 : 0.25); y++)
        ellipse(p, x, y0 + y + 1, 0.8, 0.8, 0, [20, 20, 20], 1);
    }
  } else if (kind === 'coin') {
    const r = unit * 1.1;
    ellipse(p, rand() < 0.5 ? r * 0.8 : w - r * 0.8, rand.between(r, h - r), r, r, 0, [185, 160, 90], 1);
  } else {
    ellipse(p, rand.between(0.2, 0.8) * w, h + unit * 0.8, unit * 1.6, unit * 3, 0.2, [220, 170, 140], 1);
  }
}

function glyph(p: Planes, x: number, y: number, size: number, ink: Rgb, rand: Rand): void {
  // A character: two to four straight strokes inside a size × 1.4 size box.
  const strokes = rand.int(2, 4);
  const wd = Math.max(0.7, size * 0.09);
  for (let k = 0; k < strokes; k++) {
    const x0 = x + rand() * size;
    const y0 = y + rand() * size * 1.4;
    const x1 = x + rand() * size;
    const y1 = y + rand() * size * 1.4;
    const len = Math.hypot(x1 - x0, y1 - y0);
    for (let s = 0; s <= len; s += wd * 0.6)
      ellipse(p, x0 + ((x1 - x0) * s) / len, y0 + ((y1 - y0) * s) / len, wd, wd, 0, ink, 1);
  }
}

/** A printed form: a table with ruled lines, words and numbers in its cells. */
export function printedForm(p: Planes, unit: number, rand: Rand): void {
  const { w, h } = p;
  for (let i = 0; i < w * h; i++) {
    p.r[i] = 236;
    p.g[i] = 234;
    p.b[i] = 226;
  }
  const size = unit * rand.between(0.18, 0.3);
  const rows = Math.floor((h * 0.85) / (size * 2.6));
  const cols = rand.int(3, 6);
  const x0 = w * 0.06;
  const cw = (w * 0.88) / cols;
  for (let r = 0; r <= rows; r++) {
    const y = h * 0.07 + r * size * 2.6;
    for (let x = x0; x < x0 + cw * cols; x += 1) ellipse(p, x, y, 0.8, 0.8, 0, [40, 40, 40], 1);
    if (r === rows) break;
    for (let c = 0; c < cols; c++) {
      const chars = rand.int(2, Math.floor(cw / (size * 1.1)) - 1);
      for (let k = 0; k < chars; k++)
        glyph(p, x0 + c * cw + size * 0.5 + k * size * 1.1, y + size * 0.6, size, [30, 30, 35], rand);
    }
  }
}

/** A handwritten page: ruled blue lines and cursive-like looping strokes in ink. */
export function handwriting(p: Planes, unit: number, rand: Rand): void {
  const { w, h } = p;
  for (let i = 0; i < w * h; i++) {
    p.r[i] = 245;
    p.g[i] = 244;
    p.b[i] = 238;
  }
  const gap = unit * rand.between(0.5, 0.8);
  const ink: Rgb = [30, 40, 110];
  for (let y = gap * 2; y < h - gap; y += gap) {
    for (let x = 0; x < w; x += 1) ellipse(p, x, y, 0.6, 0.6, 0, [150, 180, 220], 0.6);
    let x = w * 0.08;
    while (x < w * 0.92) {
      const word = rand.between(1.5, 5) * gap;
      for (let s = 0; s < word; s += 0.7) {
        const yy = y - gap * 0.35 + Math.sin(s / (gap * 0.09)) * gap * 0.22 + rand.gauss() * 0.2;
        ellipse(p, x + s + Math.cos(s / (gap * 0.09)) * gap * 0.08, yy, 0.9, 0.9, 0, ink, 0.9);
      }
      x += word + gap * rand.between(0.4, 0.9);
    }
  }
}

/** A pond bank: sky, a tree line, water with ripples and reflections, grass in front. */
export function pondScene(p: Planes, unit: number, rand: Rand): void {
  const { w, h } = p;
  const sky = h * rand.between(0.25, 0.4);
  const bank = h * rand.between(0.75, 0.85);
  const leaves = lattice(w, h, unit * 0.4, rand);
  const waves = lattice(w, h, unit * 0.8, rand);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      let c: Rgb;
      if (y < sky * (0.8 + 0.2 * (leaves[i] as number))) c = [150 + y * 0.02, 190, 235];
      else if (y < sky * 1.3) {
        const l = (leaves[i] as number) * 40;
        c = [40 + l, 80 + l, 35 + l];
      } else if (y < bank) {
        const v = (waves[i] as number) * 25;
        c = [70 + v, 100 + v, 95 + v];
      } else {
        const l = (leaves[i] as number) * 30;
        c = [90 + l, 130 + l, 50 + l];
      }
      p.r[i] = c[0];
      p.g[i] = c[1];
      p.b[i] = c[2];
    }
}
