/**
 * Generator D's post-larva, drawn as a tapered stroke along a curving spine: a pointed
 * rostrum, a broad carapace, an abdomen that narrows and curls, and a tail fan that opens
 * again at the end; a gut line, a few chromatophore specks and a pair of stalked eyes
 * (merged into one spot when the larva lies on its side). Opacity differs per larva and
 * between the carapace and the thinner, clearer abdomen.
 */
import type { Frame, Rgb } from './frame.ts';
import type { Dice } from './rng.ts';

export interface LarvaD {
  /** Head (rostrum base). */
  x: number;
  y: number;
  heading: number;
  length: number;
  /** Body width over length (6–10:1 → 0.1–0.16). */
  slim: number;
  /** Turn per spine piece (radians) and a second, S-shaped term. */
  bend: number;
  wiggle: number;
  carapaceAlpha: number;
  abdomenAlpha: number;
  eyeRadius: number;
  eyesMerged: boolean;
  tone: number;
}

const PIECES = 10;

export function randomLarvaD(r: Dice, x: number, y: number, length: number): LarvaD {
  const curled = r.chance(0.12);
  const faint = r.chance(0.2);
  return {
    x,
    y,
    heading: r.between(0, 2 * Math.PI),
    length,
    slim: r.between(0.1, 0.16),
    bend: curled ? r.between(0.22, 0.34) * (r.chance(0.5) ? 1 : -1) : r.gauss() * 0.06,
    wiggle: r.gauss() * 0.05,
    carapaceAlpha: faint ? r.between(0.3, 0.45) : r.between(0.45, 0.8),
    abdomenAlpha: faint ? r.between(0.2, 0.32) : r.between(0.32, 0.6),
    eyeRadius: r.between(0.16, 0.3),
    eyesMerged: r.chance(0.25),
    tone: r.between(0.85, 1.15),
  };
}

/** Width along the body (share of the body width) at t, 0 = rostrum tip … 1 = tail fan. */
function profile(t: number): number {
  if (t < 0.08) return 0.08 + (t / 0.08) * 0.32;
  if (t < 0.35) return 0.4 + Math.sin(((t - 0.08) / 0.27) * Math.PI) * 0.12;
  if (t < 0.88) return 0.4 - ((t - 0.35) / 0.53) * 0.26;
  return 0.14 + ((t - 0.88) / 0.12) * 0.22;
}

/** The spine: PIECES + 1 points from the rostrum tip to the tail fan's edge. */
function spine(l: LarvaD): [number, number][] {
  const pts: [number, number][] = [[l.x, l.y]];
  let a = l.heading;
  let x = l.x;
  let y = l.y;
  const step = l.length / PIECES;
  for (let k = 1; k <= PIECES; k++) {
    // The carapace is rigid; the abdomen bends.
    if (k > 3) a += l.bend + l.wiggle * Math.sin((k / PIECES) * Math.PI * 2);
    x += Math.cos(a) * step;
    y += Math.sin(a) * step;
    pts.push([x, y]);
  }
  return pts;
}

/** The larva's end points (for keeping it inside the basin). */
export function larvaEnds(l: LarvaD): [number, number][] {
  const s = spine(l);
  return [s[0] as [number, number], s[PIECES] as [number, number]];
}

export function drawLarvaD(f: Frame, l: LarvaD, onDark: boolean, r: Dice): void {
  const s = spine(l);
  const wide = l.length * l.slim;
  const body: Rgb = onDark
    ? [178 * l.tone, 172 * l.tone, 160 * l.tone]
    : [128 * l.tone, 116 * l.tone, 100 * l.tone];
  const gut: Rgb = onDark ? [120, 105, 85] : [78, 62, 48];
  const eye: Rgb = [12, 11, 14];
  const pts = s.map(([x, y], k) => [x, y, Math.max(0.35, profile(k / PIECES) * wide)] as const);
  f.stroke(pts, body, (t) => (t < 0.36 ? l.carapaceAlpha : l.abdomenAlpha) * (t > 0.9 ? 0.75 : 1));
  // Gut: from behind the carapace's middle to the tail.
  const gutPts = pts.slice(2, PIECES).map(([x, y]) => [x, y, Math.max(0.3, wide * 0.07)] as const);
  f.stroke(gutPts, gut, () => 0.45 * l.carapaceAlpha + 0.2);
  // Chromatophores.
  const specks = r.whole(2, 6);
  for (let k = 0; k < specks; k++) {
    const [sx, sy] = s[r.whole(2, PIECES - 1)] as [number, number];
    f.disc(sx + r.gauss() * wide * 0.2, sy + r.gauss() * wide * 0.2, Math.max(0.4, wide * 0.08), gut, 0.6);
  }
  // Eyes: on stalks beside the rostrum base.
  const [hx, hy] = s[1] as [number, number];
  const [nx, ny] = s[0] as [number, number];
  const ang = Math.atan2(ny - hy, nx - hx);
  const er = Math.max(0.6, l.eyeRadius * wide);
  if (l.eyesMerged) f.disc(hx, hy, er * 1.25, eye, 0.92);
  else
    for (const side of [-1, 1]) {
      const ex = hx + Math.cos(ang + side * 1.2) * wide * 0.5;
      const ey = hy + Math.sin(ang + side * 1.2) * wide * 0.5;
      f.disc(ex, ey, er, eye, 0.95);
    }
}
