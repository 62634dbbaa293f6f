/**
 * Generator B's post-larva: a segmented body (narrow rostrum, widest carapace a quarter of
 * the way back, abdomen tapering to a forked tail fan), bent along a bow or an S, seen as
 * a translucent filter over the basin — greyish-brown on a white basin, milky on a black
 * one —, with a pair of stalked eyes (sometimes only one shows) of varied size and
 * darkness, an optional gut line and a faint pigment spot.
 */
import type { Canvas, Rgb } from './canvas.ts';
import { Mask } from './canvas.ts';
import type { Rng } from './random.ts';

export interface LarvaLook {
  x: number;
  y: number;
  angle: number;
  /** Body length in pixels (rostrum to tail fan). */
  length: number;
  /** Greatest body half-width in pixels. */
  halfWidth: number;
  /** Bend: curvature (radians over the body) and a second, S-shaped term. */
  bend: number;
  wiggle: number;
  /** 0–1: how much the body hides the basin. */
  opacity: number;
  eyeRadius: number;
  eyeDarkness: number;
  bothEyes: boolean;
  gut: boolean;
}

/** Body half-width along the body, t = 0 at the rostrum tip, 1 at the tail fan. */
function profile(t: number): number {
  if (t < 0.08) return 0.35 + (t / 0.08) * 0.45;
  if (t < 0.3) return 0.8 + ((t - 0.08) / 0.22) * 0.2;
  if (t < 0.85) return 1 - ((t - 0.3) / 0.55) * 0.68;
  return 0.32 + ((t - 0.85) / 0.15) * 0.18;
}

export function randomLarva(
  rng: Rng,
  x: number,
  y: number,
  length: number,
  hatch: 'bright' | 'dark',
): LarvaLook {
  const len = length * rng.range(0.78, 1.22);
  return {
    x,
    y,
    angle: rng.range(0, Math.PI * 2),
    length: len,
    halfWidth: len * rng.range(0.065, 0.095),
    bend: rng.normal() * 0.55,
    wiggle: rng() < 0.25 ? rng.normal() * 0.5 : 0,
    opacity: hatch === 'bright' ? rng.range(0.28, 0.72) : rng.range(0.22, 0.6),
    eyeRadius: len * rng.range(0.035, 0.065),
    eyeDarkness: rng.range(0.45, 0.95),
    bothEyes: rng() < 0.7,
    gut: rng() < 0.6,
  };
}

/** Points along the bent centreline: [x, y, halfWidth], plus the direction at the head. */
function centreline(l: LarvaLook, n: number): [number, number, number][] {
  const pts: [number, number, number][] = [];
  let x = l.x;
  let y = l.y;
  const step = l.length / n;
  for (let k = 0; k <= n; k++) {
    const t = k / n;
    const a = l.angle + l.bend * t + l.wiggle * Math.sin(t * Math.PI * 2);
    pts.push([x, y, Math.max(0.6, l.halfWidth * profile(t))]);
    x += Math.cos(a) * step;
    y += Math.sin(a) * step;
  }
  return pts;
}

export function drawLarva(canvas: Canvas, l: LarvaLook, hatch: 'bright' | 'dark', rng: Rng): void {
  const pts = centreline(l, 18);
  const mask = Mask.around(l.x, l.y, l.length + l.halfWidth * 3, canvas);
  mask.stroke(pts);
  // Tail fan: two short diverging uropods at the end.
  const [tx, ty] = pts[pts.length - 1] as [number, number, number];
  const [px, py] = pts[pts.length - 3] as [number, number, number];
  const ta = Math.atan2(ty - py, tx - px);
  for (const side of [-0.45, 0.45]) {
    const fl = l.length * 0.09;
    mask.stroke([
      [tx, ty, l.halfWidth * 0.3],
      [tx + Math.cos(ta + side) * fl, ty + Math.sin(ta + side) * fl, l.halfWidth * 0.18],
    ]);
  }
  const body: Rgb = hatch === 'bright' ? [118, 104, 86] : [214, 212, 200];
  mask.paint((i, a) => {
    if (hatch === 'bright') canvas.filter(i, body, a * l.opacity);
    else canvas.over(i, body, a * l.opacity);
  }, canvas);

  if (l.gut) {
    const gut = new Mask(mask.x0, mask.y0, mask.w, mask.h);
    gut.stroke(
      pts.slice(6, 16).map(([x, y, w]) => [x, y, Math.max(0.5, w * 0.22)] as [number, number, number]),
    );
    gut.paint((i, a) => canvas.filter(i, [70, 58, 40], a * l.opacity * 0.7), canvas);
  }

  // Eyes: either side of the head, just behind the rostrum.
  const [hx, hy] = pts[1] as [number, number, number];
  const ha = l.angle + Math.PI / 2;
  const off = l.halfWidth * 0.85;
  const eyes = l.bothEyes ? [-1, 1] : [rng() < 0.5 ? -1 : 1];
  const eyeMask = new Mask(mask.x0, mask.y0, mask.w, mask.h);
  for (const s of eyes) eyeMask.disc(hx + Math.cos(ha) * off * s, hy + Math.sin(ha) * off * s, l.eyeRadius);
  eyeMask.paint((i, a) => canvas.over(i, [12, 10, 14], a * l.eyeDarkness), canvas);
}
