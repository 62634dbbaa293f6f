/**
 * Generator D's distractors on a basin: air bubbles (a dark rim, a bright catch-light),
 * feed pellets, loose fibres, dust specks, and at the frame's edge a ruler or a fingertip.
 */

import type { Basin } from './basin.ts';
import type { Frame } from './frame.ts';
import type { Dice } from './rng.ts';

export interface ClutterD {
  bubbles: number;
  pellets: number;
  fibres: number;
  specks: number;
  edge: 'none' | 'ruler' | 'finger';
}

/** `unit` is one larva's length in pixels. */
export function scatterClutter(
  f: Frame,
  basin: Basin,
  c: ClutterD,
  unit: number,
  dark: boolean,
  r: Dice,
): void {
  const spot = (): [number, number] | undefined => {
    for (let k = 0; k < 20; k++) {
      const x = r.between(0, f.w);
      const y = r.between(0, f.h);
      if (basin.depth(x, y) > unit * 0.5) return [x, y];
    }
    return undefined;
  };
  for (let k = 0; k < c.bubbles; k++) {
    const at = spot();
    if (!at) continue;
    const rad = unit * r.between(0.05, 0.3);
    f.disc(at[0], at[1], rad, dark ? [150, 155, 160] : [120, 125, 130], 0.5);
    f.disc(at[0], at[1], rad * 0.75, dark ? [40, 42, 46] : [238, 240, 242], 0.8);
    f.disc(at[0] - rad * 0.3, at[1] - rad * 0.3, rad * 0.2, [255, 255, 255], 0.9);
  }
  for (let k = 0; k < c.pellets; k++) {
    const at = spot();
    if (at) f.disc(at[0], at[1], unit * r.between(0.04, 0.1), [96, 66, 38], r.between(0.7, 0.95));
  }
  for (let k = 0; k < c.specks; k++) {
    const at = spot();
    if (at) f.disc(at[0], at[1], unit * r.between(0.01, 0.04), dark ? [140, 130, 110] : [60, 55, 50], 0.8);
  }
  for (let k = 0; k < c.fibres; k++) {
    const at = spot();
    if (!at) continue;
    let [x, y] = at;
    let a = r.between(0, 2 * Math.PI);
    const pts: [number, number, number][] = [];
    const len = unit * r.between(2, 6);
    for (let s = 0; s <= 12; s++) {
      pts.push([x, y, Math.max(0.4, unit * 0.012)]);
      a += r.gauss() * 0.25;
      x += (Math.cos(a) * len) / 12;
      y += (Math.sin(a) * len) / 12;
    }
    f.stroke(pts, dark ? [170, 170, 165] : [50, 50, 60], () => 0.7);
  }
  if (c.edge === 'ruler') ruler(f, r);
  else if (c.edge === 'finger') finger(f, r);
}

function ruler(f: Frame, r: Dice): void {
  const along = f.w;
  const thick = f.h * r.between(0.05, 0.08);
  const top = r.chance(0.5);
  const y0 = top ? 0 : f.h - thick;
  for (let y = Math.floor(y0); y < y0 + thick; y++)
    for (let x = 0; x < along; x++) f.mix(x, y, [226, 196, 60], 1);
  const step = along / r.between(40, 70);
  for (let k = 0; k * step < along; k++) {
    const len = thick * (k % 10 === 0 ? 0.6 : k % 5 === 0 ? 0.45 : 0.3);
    const x = k * step;
    const yA = top ? y0 : y0 + thick - len;
    f.stroke(
      [
        [x, yA, 0.7],
        [x, yA + len, 0.7],
      ],
      [20, 20, 20],
      () => 1,
    );
  }
}

function finger(f: Frame, r: Dice): void {
  const rad = Math.min(f.w, f.h) * r.between(0.1, 0.16);
  const cx = f.w * r.between(0.2, 0.8);
  const cy = f.h + rad * 0.35;
  const skin = [r.between(170, 215), r.between(125, 160), r.between(100, 130)] as const;
  f.disc(cx, cy, rad, skin, 1, rad * 0.05);
  f.disc(cx, cy - rad * 0.55, rad * 0.35, [skin[0] + 25, skin[1] + 25, skin[2] + 25], 0.6, rad * 0.05);
}
