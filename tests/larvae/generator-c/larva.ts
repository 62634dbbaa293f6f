/**
 * Generator C's post-larva, drawn by stamping discs along a bent centre line into a local
 * alpha buffer: a heavy head-chest (cephalothorax, about 40 % of the length, with a darker
 * gut/hepatopancreas core), a thin abdomen, a three-lobed tail fan; two eye dots at the
 * head that may merge into one, small or large, faint or black; chromatophore specks
 * along the belly. On a white basin the body is a brownish-grey film; on a black basin a
 * milky, light film with the eyes still dark.
 */
import { ellipse, type Planes, type Rand, type Rgb } from './raster.ts';

export interface LarvaC {
  x: number;
  y: number;
  heading: number;
  length: number;
  /** Widest half-width over length. */
  girth: number;
  /** Curvature of the centre line (radians end to end) and an S term. */
  bow: number;
  twist: number;
  bodyAlpha: number;
  eyeSize: number;
  eyeAlpha: number;
  eyeGap: number;
  specks: number;
}

export function randomLarvaC(rand: Rand, x: number, y: number, length: number): LarvaC {
  return {
    x,
    y,
    heading: rand() * Math.PI * 2,
    length: length * (1 + 0.12 * rand.gauss()),
    girth: rand.between(0.07, 0.11),
    bow: rand.gauss() * 0.7,
    twist: rand.gauss() * 0.35,
    bodyAlpha: rand.between(0.2, 0.62),
    eyeSize: rand.between(0.028, 0.06),
    eyeAlpha: rand.between(0.45, 0.95),
    eyeGap: rand() < 0.25 ? 0 : rand.between(0.6, 1.4),
    specks: rand.int(0, 5),
  };
}

/** Half-width at t (0 head … 1 tail), as a share of the widest. */
function halfWidth(t: number): number {
  if (t < 0.06) return 0.45 + t * 9;
  if (t < 0.4) return 1 - (t - 0.06) * 0.35;
  if (t < 0.88) return 0.88 - ((t - 0.4) / 0.48) * 0.58;
  return 0.3;
}

function centre(l: LarvaC, t: number): [number, number, number] {
  // Arc-length-ish param: bend grows along the body; direction at t.
  const s = (t - 0.5) * l.length;
  const theta = l.heading + l.bow * (t - 0.5) + l.twist * Math.sin((t - 0.5) * Math.PI * 2);
  return [s, theta, 0];
}

export function drawLarvaC(p: Planes, l: LarvaC, tray: 'bright' | 'dark', rand: Rand): void {
  // Integrate the centre line from the middle outwards.
  const N = Math.max(24, Math.ceil(l.length * 1.5));
  const xs = new Float32Array(N + 1);
  const ys = new Float32Array(N + 1);
  const mid = Math.floor(N / 2);
  xs[mid] = l.x;
  ys[mid] = l.y;
  const ds = l.length / N;
  for (let k = mid + 1; k <= N; k++) {
    const th = centre(l, (k - 0.5) / N)[1];
    xs[k] = (xs[k - 1] as number) + Math.cos(th) * ds;
    ys[k] = (ys[k - 1] as number) + Math.sin(th) * ds;
  }
  for (let k = mid - 1; k >= 0; k--) {
    const th = centre(l, (k + 0.5) / N)[1];
    xs[k] = (xs[k + 1] as number) - Math.cos(th) * ds;
    ys[k] = (ys[k + 1] as number) - Math.sin(th) * ds;
  }
  const W = l.girth * l.length;
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (let k = 0; k <= N; k++) {
    minX = Math.min(minX, xs[k] as number);
    maxX = Math.max(maxX, xs[k] as number);
    minY = Math.min(minY, ys[k] as number);
    maxY = Math.max(maxY, ys[k] as number);
  }
  const pad = Math.ceil(W * 1.6) + 2;
  const bx = Math.max(0, Math.floor(minX) - pad);
  const by = Math.max(0, Math.floor(minY) - pad);
  const bw = Math.min(p.w, Math.ceil(maxX) + pad) - bx;
  const bh = Math.min(p.h, Math.ceil(maxY) + pad) - by;
  if (bw <= 0 || bh <= 0) return;
  const alpha = new Float32Array(bw * bh);
  const core = new Float32Array(bw * bh);
  const stamp = (cx: number, cy: number, r: number, a: number, into: Float32Array) => {
    const x0 = Math.max(0, Math.floor(cx - r - 1 - bx));
    const x1 = Math.min(bw - 1, Math.ceil(cx + r + 1 - bx));
    const y0 = Math.max(0, Math.floor(cy - r - 1 - by));
    const y1 = Math.min(bh - 1, Math.ceil(cy + r + 1 - by));
    for (let y = y0; y <= y1; y++)
      for (let x = x0; x <= x1; x++) {
        const d = Math.hypot(x + bx + 0.5 - cx, y + by + 0.5 - cy) - r;
        const cov = d <= -0.5 ? 1 : d >= 0.5 ? 0 : 0.5 - d;
        const v = cov * a;
        const i = y * bw + x;
        if (v > (into[i] as number)) into[i] = v;
      }
  };
  for (let k = 0; k <= N; k++) {
    const t = k / N;
    const r = Math.max(0.6, W * halfWidth(t));
    // The head-chest is denser than the abdomen.
    const a = l.bodyAlpha * (t < 0.42 ? 1 : 0.75 - 0.25 * t);
    stamp(xs[k] as number, ys[k] as number, r, a, alpha);
    if (t > 0.1 && t < 0.38) stamp(xs[k] as number, ys[k] as number, r * 0.45, 1, core);
  }
  // Tail fan: three short lobes splayed at the last point.
  const tx = xs[N] as number;
  const ty = ys[N] as number;
  const th = centre(l, 1)[1];
  for (const spread of [-0.55, 0, 0.55])
    for (let s = 0; s <= 1; s += 0.1) {
      const d = s * l.length * 0.09;
      stamp(
        tx + Math.cos(th + spread) * d,
        ty + Math.sin(th + spread) * d,
        W * 0.28,
        l.bodyAlpha * 0.55,
        alpha,
      );
    }
  const body: Rgb =
    tray === 'bright'
      ? [rand.between(95, 140), rand.between(85, 120), rand.between(70, 105)]
      : [rand.between(190, 235), rand.between(188, 230), rand.between(180, 225)];
  const gut: Rgb = tray === 'bright' ? [70, 55, 40] : [150, 130, 110];
  for (let y = 0; y < bh; y++)
    for (let x = 0; x < bw; x++) {
      const i = y * bw + x;
      const a = alpha[i] as number;
      if (a <= 0) continue;
      const j = (y + by) * p.w + x + bx;
      p.mix(j, body, a);
      const c = core[i] as number;
      if (c > 0) p.mix(j, gut, c * l.bodyAlpha * 0.6);
    }
  // Eyes at the head, either side of the centre line.
  const hx = (xs[0] as number) + Math.cos(l.heading - l.bow * 0.5) * W * 0.2;
  const hy = (ys[0] as number) + Math.sin(l.heading - l.bow * 0.5) * W * 0.2;
  const nx = -Math.sin(l.heading - l.bow * 0.5);
  const ny = Math.cos(l.heading - l.bow * 0.5);
  const er = Math.max(0.7, l.eyeSize * l.length);
  const eye: Rgb = [12, 10, 14];
  const off = (W * l.eyeGap) / 1.4;
  if (l.eyeGap === 0) ellipse(p, hx, hy, er * 1.3, er, l.heading, eye, l.eyeAlpha);
  else
    for (const side of [-1, 1])
      ellipse(p, hx + nx * off * side, hy + ny * off * side, er, er, 0, eye, l.eyeAlpha);
  // Chromatophores: small dark specks along the belly.
  for (let k = 0; k < l.specks; k++) {
    const q = Math.floor(rand.between(0.3, 0.85) * N);
    ellipse(p, xs[q] as number, ys[q] as number, W * 0.18, W * 0.18, 0, [60, 30, 25], 0.5 * l.bodyAlpha);
  }
}
