/**
 * Generator E's surroundings: the basin (a rounded tray on a table, a round bowl, or a
 * floor filling the frame) with its texture and water tint; the light (a tilted falloff,
 * vignetting, a soft hand shadow, glare of several shapes); distractors (bubbles, debris,
 * hairs, a printed label at the edge).
 */
import { lattice, Mask, type Picture, type Rgb } from './canvas.ts';
import type { Rand } from './seed.ts';

export type BasinE = 'tray' | 'bowl' | 'floor';
export type GlareE = 'none' | 'blob' | 'window' | 'ring' | 'streak' | 'sparkles';

export interface Basin {
  /** Is (x, y) on the basin's floor, at least `margin` px inside its edge? */
  inside(x: number, y: number, margin: number): boolean;
}

const BRIGHT_FLOORS: readonly Rgb[] = [
  [0.93, 0.93, 0.92],
  [0.86, 0.9, 0.94],
  [0.92, 0.89, 0.82],
  [0.8, 0.82, 0.8],
];
const DARK_FLOORS: readonly Rgb[] = [
  [0.07, 0.07, 0.08],
  [0.05, 0.08, 0.14],
  [0.1, 0.12, 0.1],
  [0.16, 0.15, 0.15],
];
const TABLES: readonly Rgb[] = [
  [0.45, 0.32, 0.2],
  [0.5, 0.5, 0.48],
  [0.28, 0.3, 0.32],
  [0.7, 0.66, 0.6],
];

/** Paints the basin and what is around it; answers where larvae may lie. */
export function paintBasin(pic: Picture, kind: BasinE, tray: 'bright' | 'dark', r: Rand): Basin {
  const { w, h } = pic;
  const floor = r.pick(tray === 'bright' ? BRIGHT_FLOORS : DARK_FLOORS);
  const table = r.pick(TABLES);
  const grain = lattice(w, h, Math.max(4, w / r.range(60, 160)), r);
  const blotch = lattice(w, h, Math.max(8, w / r.range(4, 10)), r);
  const grainAmp = r.range(0.01, 0.05);
  const blotchAmp = r.range(0.02, 0.08);
  const cx = w / 2 + r.range(-0.04, 0.04) * w;
  const cy = h / 2 + r.range(-0.04, 0.04) * h;
  const rx = (kind === 'bowl' ? Math.min(w, h) * r.range(0.42, 0.49) : w * r.range(0.4, 0.47)) | 0;
  const ry = (kind === 'bowl' ? rx * r.range(0.9, 1.05) : h * r.range(0.38, 0.46)) | 0;
  const corner = Math.min(rx, ry) * r.range(0.1, 0.3);
  const lip = Math.max(3, Math.min(w, h) * r.range(0.012, 0.03));
  /** Signed distance to the basin's edge: negative inside. */
  const edge = (x: number, y: number): number => {
    if (kind === 'floor') return -1e9;
    if (kind === 'bowl') {
      const d = Math.hypot((x - cx) / rx, (y - cy) / ry);
      return (d - 1) * Math.min(rx, ry);
    }
    const qx = Math.abs(x - cx) - (rx - corner);
    const qy = Math.abs(y - cy) - (ry - corner);
    return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - corner;
  };
  const lipLight = tray === 'bright' ? r.range(0.75, 1.05) : r.range(1.2, 2.5);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const d = edge(x, y);
      const tex = 1 + grain[i] * grainAmp + blotch[i] * blotchAmp;
      let col: Rgb;
      if (d > lip) {
        const woodGrain = 1 + 0.08 * Math.sin(y * 0.05 + grain[i] * 6);
        col = [table[0] * tex * woodGrain, table[1] * tex * woodGrain, table[2] * tex * woodGrain];
      } else if (d > 0) {
        // The lip: lighter (bright basin) or a lighter plastic edge (dark basin), shaded.
        const t = d / lip;
        const shade = lipLight * (0.8 + 0.4 * Math.sin(Math.PI * t));
        col = [floor[0] * shade * tex, floor[1] * shade * tex, floor[2] * shade * tex];
      } else {
        // The inside wall darkens towards the lip a little.
        const wall = d > -lip * 2 ? 0.9 + 0.1 * (-d / (lip * 2)) : 1;
        col = [floor[0] * tex * wall, floor[1] * tex * wall, floor[2] * tex * wall];
      }
      pic.r[i] = col[0];
      pic.g[i] = col[1];
      pic.b[i] = col[2];
    }
  }
  // Water tint over the basin.
  const tint: Rgb = r.pick([
    [1, 1, 1],
    [0.93, 1, 0.9],
    [1, 0.98, 0.88],
    [0.9, 0.97, 1],
  ]);
  for (let i = 0; i < w * h; i++) if (edge(i % w, (i / w) | 0) < 0) pic.times(i, 1, tint);
  return { inside: (x, y, margin) => edge(x, y) < -margin };
}

/** Light over the whole frame: a tilted falloff, vignetting, a soft shadow. */
export function paintLight(pic: Picture, uneven: boolean, r: Rand): void {
  const { w, h } = pic;
  const tilt = uneven ? r.range(0.2, 0.45) : r.range(0, 0.1);
  const ta = r.range(0, 2 * Math.PI);
  const vig = r.range(0.05, uneven ? 0.45 : 0.2);
  const shadow = uneven && r.yes(0.6);
  const sx = r.range(-0.2, 1.2) * w;
  const sy = r.yes(0.5) ? -0.2 * h : 1.2 * h;
  const srad = Math.min(w, h) * r.range(0.35, 0.6);
  const sdark = r.range(0.55, 0.8);
  const soft = Math.min(w, h) * r.range(0.03, 0.12);
  const diag = Math.hypot(w, h) / 2;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const u = ((x - w / 2) * Math.cos(ta) + (y - h / 2) * Math.sin(ta)) / diag;
      const rr = Math.hypot(x - w / 2, y - h / 2) / diag;
      let f = (1 + tilt * u) * (1 - vig * rr * rr);
      if (shadow) {
        const d = Math.hypot(x - sx, y - sy) - srad;
        const s = d <= -soft ? 1 : d >= soft ? 0 : 0.5 - d / (2 * soft);
        f *= 1 - (1 - sdark) * s;
      }
      pic.times(y * w + x, f);
    }
  }
}

/** Glare: blown-out light of one shape. */
export function paintGlare(pic: Picture, glare: GlareE, r: Rand): void {
  const { w, h } = pic;
  const side = Math.max(w, h);
  const white: Rgb = [1.05, 1.05, 1.03];
  const m = new Mask(0, 0, w, h);
  let alpha = r.range(0.6, 0.95);
  /** A soft bright ellipse somewhere in the middle of the frame (sizes as shares of its side). */
  const patch = (long: [number, number], short: [number, number], soft: number) =>
    m.ellipse(
      r.range(0.2, 0.8) * w,
      r.range(0.2, 0.8) * h,
      side * r.range(...long),
      side * r.range(...short),
      r.range(0, 3),
      1,
      side * soft,
    );
  if (glare === 'blob') {
    patch([0.04, 0.1], [0.03, 0.07], 0.03);
  } else if (glare === 'window') {
    // A window: panes with bars, seen as soft bright rectangles.
    const x = r.range(0.15, 0.6) * w;
    const y = r.range(0.15, 0.6) * h;
    const pw = side * r.range(0.04, 0.07);
    const ph = pw * r.range(1.1, 1.6);
    const bar = pw * 0.12;
    for (const [i, j] of [
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1],
    ] as const)
      m.ellipse(x + i * (pw + bar) + pw / 2, y + j * (ph + bar) + ph / 2, pw / 2, ph / 2, 0, 1, side * 0.004);
    // Ellipses are round-cornered panes; fill them out to rectangles.
    for (let yy = Math.max(0, y | 0); yy < Math.min(h, y + 2 * ph + bar); yy++)
      for (let xx = Math.max(0, x | 0); xx < Math.min(w, x + 2 * pw + bar); xx++) {
        const inBar =
          Math.abs(xx - (x + pw + bar / 2)) < bar / 2 || Math.abs(yy - (y + ph + bar / 2)) < bar / 2;
        if (!inBar) m.a[yy * w + xx] = 1;
      }
  } else if (glare === 'ring') {
    const cx = r.range(0.3, 0.7) * w;
    const cy = r.range(0.3, 0.7) * h;
    const rad = side * r.range(0.04, 0.08);
    const band = rad * 0.18;
    for (let a = 0; a < 2 * Math.PI; a += band / rad / 2)
      m.ellipse(cx + Math.cos(a) * rad, cy + Math.sin(a) * rad, band, band, 0, 1, 1.5);
  } else if (glare === 'streak') {
    patch([0.15, 0.3], [0.008, 0.02], 0.01);
    alpha = r.range(0.4, 0.8);
  } else if (glare === 'sparkles') {
    const n = r.int(30, 140);
    for (let k = 0; k < n; k++) {
      const rad = side * r.range(0.0008, 0.003);
      m.ellipse(r() * w, r() * h, rad * r.range(1, 3), rad, r.range(0, 3), r.range(0.6, 1), 1);
    }
  }
  if (glare !== 'none') m.lay(pic, white, alpha);
}

export interface Clutter {
  bubbles: number;
  debris: number;
  hairs: number;
  label: boolean;
}

/** Bubbles, debris and hairs on the basin; a printed label at the edge. */
export function paintClutter(
  pic: Picture,
  basin: Basin,
  tray: 'bright' | 'dark',
  unit: number,
  c: Clutter,
  r: Rand,
): void {
  const { w, h } = pic;
  const spot = () => {
    for (let k = 0; k < 40; k++) {
      const x = r() * w;
      const y = r() * h;
      if (basin.inside(x, y, unit)) return [x, y] as const;
    }
    return [r() * w, r() * h] as const;
  };
  for (let k = 0; k < c.bubbles; k++) {
    const [x, y] = spot();
    const rad = unit * r.range(0.08, 0.45);
    const ring = Mask.around(pic, x, y, rad + 3);
    ring.ellipse(x, y, rad, rad, 0, 1, 1);
    const hole = Mask.around(pic, x, y, rad + 3);
    hole.ellipse(x, y, rad * 0.75, rad * 0.75, 0, 1, 1);
    for (let i = 0; i < ring.a.length; i++) ring.a[i] = Math.max(0, ring.a[i] - hole.a[i]);
    ring.lay(pic, tray === 'bright' ? [0.55, 0.57, 0.58] : [0.6, 0.62, 0.64], r.range(0.3, 0.7));
    const catchLight = Mask.around(pic, x, y, rad);
    catchLight.ellipse(x - rad * 0.35, y - rad * 0.35, rad * 0.2, rad * 0.14, 0.7, 1, 1);
    catchLight.lay(pic, [1, 1, 1], 0.9);
  }
  for (let k = 0; k < c.debris; k++) {
    const [x, y] = spot();
    const bits = Mask.around(pic, x, y, unit * 0.6);
    const size = unit * r.range(0.04, 0.25);
    for (let j = r.int(1, 5); j > 0; j--)
      bits.ellipse(
        x + r.gauss() * size * 0.6,
        y + r.gauss() * size * 0.6,
        size * r.range(0.3, 1),
        size * r.range(0.2, 0.7),
        r.range(0, 3),
        1,
        1,
      );
    const brown: Rgb = r.pick([
      [0.3, 0.22, 0.12],
      [0.45, 0.38, 0.25],
      [0.15, 0.14, 0.12],
      [0.75, 0.7, 0.55],
    ]);
    bits.lay(pic, brown, r.range(0.5, 0.95));
  }
  for (let k = 0; k < c.hairs; k++) {
    let [x, y] = spot();
    const hair = Mask.around(pic, x, y, unit * 3);
    let a = r.range(0, 6.3);
    const len = unit * r.range(1, 2.8);
    for (let s = 0; s < len; s += 1) {
      hair.ellipse(x, y, 0.8, 0.8, 0, 1, 1);
      a += r.range(-0.05, 0.05);
      x += Math.cos(a);
      y += Math.sin(a);
    }
    hair.lay(pic, tray === 'bright' ? [0.2, 0.18, 0.15] : [0.7, 0.7, 0.68], r.range(0.4, 0.8));
  }
  if (c.label)
    paintText(pic, r, {
      x: r.range(0.02, 0.7) * w,
      y: r.yes(0.5) ? 0.02 * h : 0.86 * h,
      cols: r.int(10, 24),
      rows: r.int(2, 4),
      size: unit * r.range(0.25, 0.45),
      paper: true,
    });
}

/** Print: rows of glyphs made of strokes (bars, bows and dots), on paper or not. */
export function paintText(
  pic: Picture,
  r: Rand,
  o: { x: number; y: number; cols: number; rows: number; size: number; paper: boolean; ink?: Rgb },
): void {
  const gw = o.size * 0.62;
  const gh = o.size;
  const ink = o.ink ?? [0.08, 0.08, 0.1];
  if (o.paper) {
    const m = new Mask(0, 0, pic.w, pic.h);
    for (
      let y = Math.max(0, o.y - gh * 0.5) | 0;
      y < Math.min(pic.h, o.y + o.rows * gh * 1.5 + gh * 0.5);
      y++
    )
      for (let x = Math.max(0, o.x - gw) | 0; x < Math.min(pic.w, o.x + o.cols * gw * 1.1 + gw); x++)
        m.a[y * pic.w + x] = 1;
    m.lay(pic, [0.96, 0.96, 0.94], 1);
  }
  const stroke = Math.max(0.8, o.size * 0.07);
  for (let row = 0; row < o.rows; row++) {
    const m = Mask.around(
      pic,
      o.x + (o.cols * gw * 1.1) / 2,
      o.y + row * gh * 1.5 + gh / 2,
      o.cols * gw * 0.6 + gh * 2,
    );
    for (let col = 0; col < o.cols; col++) {
      if (r.yes(0.15)) continue; // a space
      const gx = o.x + col * gw * 1.1;
      const gy = o.y + row * gh * 1.5;
      const parts = r.int(2, 4);
      for (let p = 0; p < parts; p++) {
        const kind = r.int(0, 2);
        if (kind === 0) {
          const vertical = r.yes(0.6);
          const px = gx + r.range(0.1, 0.9) * gw;
          const py = gy + r.range(0.1, 0.9) * gh;
          m.ellipse(
            px,
            py,
            vertical ? stroke : gw * r.range(0.25, 0.5),
            vertical ? gh * r.range(0.25, 0.5) : stroke,
            0,
            1,
            1,
          );
        } else if (kind === 1) {
          const rad = gw * r.range(0.2, 0.4);
          const px = gx + gw / 2;
          const py = gy + gh * r.range(0.4, 0.7);
          for (let a = 0; a < 6.3; a += 0.3)
            m.ellipse(px + Math.cos(a) * rad, py + Math.sin(a) * rad * 1.2, stroke, stroke, 0, 1, 1);
        } else {
          m.ellipse(
            gx + r.range(0.2, 0.8) * gw,
            gy + r.range(0.1, 0.9) * gh,
            stroke * 1.3,
            stroke * 1.3,
            0,
            1,
            1,
          );
        }
      }
    }
    m.lay(pic, ink, 0.92);
  }
}
