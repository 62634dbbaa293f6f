/**
 * Generator E's post-larva: a body along a bent spine painted as one coverage mask
 * (rostrum, a carapace with a darker gut, a segmented abdomen tapering to a forked tail),
 * a pair of dark eyes on short stalks at the head (merged into one on a larva seen from
 * the side), and an opacity of its own (some barely there).
 */
import { Mask, type Picture, type Rgb } from './canvas.ts';
import type { Rand } from './seed.ts';

export interface Shrimp {
  x: number;
  y: number;
  /** Head direction. */
  angle: number;
  length: number;
  /** Widest body width over length. */
  girth: number;
  /** Bend along the body (radians over its length) and a second, S-shaped one. */
  bend: number;
  wiggle: number;
  opacity: number;
  eyeSize: number;
  eyeDark: number;
  mergedEyes: boolean;
  tailSpread: number;
}

export function randomShrimp(r: Rand, x: number, y: number, length: number): Shrimp {
  const faint = r.yes(0.18);
  return {
    x,
    y,
    angle: r.range(0, 2 * Math.PI),
    length: length * r.range(0.85, 1.15),
    girth: r.range(0.085, 0.15),
    bend: r.yes(0.15) ? r.range(-3, 3) : r.range(-0.9, 0.9),
    wiggle: r.range(-0.5, 0.5),
    opacity: faint ? r.range(0.18, 0.32) : r.range(0.35, 0.8),
    eyeSize: r.range(0.022, 0.05),
    eyeDark: r.range(0.55, 0.95),
    mergedEyes: r.yes(0.22),
    tailSpread: r.range(0.2, 0.6),
  };
}

/** The width at t along the body (0 head … 1 tail), as a share of the widest. */
function profile(t: number): number {
  if (t < 0.06) return 0.25 + (t / 0.06) * 0.55; // rostrum
  if (t < 0.3) return 0.8 + 0.2 * Math.sin(((t - 0.06) / 0.24) * (Math.PI / 2)); // carapace
  if (t < 0.88) return 1 - ((t - 0.3) / 0.58) * 0.62; // abdomen tapering
  return 0.38; // tail stalk
}

/** Points along the spine, head first; each with its tangent angle. */
function spine(s: Shrimp, steps: number): { x: number; y: number; a: number }[] {
  const pts: { x: number; y: number; a: number }[] = [];
  const ds = s.length / steps;
  // Start at the head, half a length from the centre (roughly).
  let a = s.angle + Math.PI; // walking from head to tail
  let x = s.x + Math.cos(s.angle) * s.length * 0.5;
  let y = s.y + Math.sin(s.angle) * s.length * 0.5;
  a -= s.bend / 2;
  for (let k = 0; k <= steps; k++) {
    const t = k / steps;
    pts.push({ x, y, a });
    a += (s.bend + s.wiggle * Math.sin(t * 2 * Math.PI) * 2) / steps;
    x += Math.cos(a) * ds;
    y += Math.sin(a) * ds;
  }
  return pts;
}

/** Paints the larva: body in `body` colour, eyes in `eye`. Soft over `soft` px. */
export function paintShrimp(pic: Picture, s: Shrimp, body: Rgb, eye: Rgb, soft: number): void {
  const mask = Mask.around(pic, s.x, s.y, s.length * 1.2);
  const gut = Mask.around(pic, s.x, s.y, s.length * 1.2);
  const wide = (s.length * s.girth) / 2;
  const steps = Math.max(12, Math.ceil(s.length / Math.max(1, wide * 0.6)));
  const pts = spine(s, steps);
  for (let k = 0; k < pts.length; k++) {
    const t = k / steps;
    const p = pts[k];
    if (!p) continue;
    const rw = Math.max(0.6, wide * profile(t));
    // Segments: the abdomen is a little lighter between segments.
    const seg = t > 0.32 && t < 0.88 ? 0.85 + 0.15 * Math.cos(t * 40) : 1;
    mask.ellipse(p.x, p.y, Math.max(rw, s.length / steps), rw, p.a, seg, soft);
    if (t > 0.12 && t < 0.75) gut.ellipse(p.x, p.y, s.length / steps, Math.max(0.5, rw * 0.3), p.a, 1, soft);
  }
  // Forked tail: two lobes opening from the tail end.
  const end = pts[pts.length - 1];
  if (end) {
    for (const side of [-1, 1]) {
      const a = end.a + side * s.tailSpread;
      const lobe = s.length * 0.07;
      mask.ellipse(
        end.x + Math.cos(a) * lobe,
        end.y + Math.sin(a) * lobe,
        lobe,
        Math.max(0.6, wide * 0.3),
        a,
        0.8,
        soft,
      );
    }
  }
  mask.lay(pic, body, s.opacity);
  gut.lay(pic, body, Math.min(1, s.opacity * 0.5));
  // Eyes: at the front of the carapace, either side of the spine.
  const head = pts[Math.round(steps * 0.08)] ?? pts[0];
  if (!head) return;
  const er = Math.max(0.7, s.length * s.eyeSize);
  const eyes = Mask.around(pic, head.x, head.y, wide * 3 + er * 2);
  const across = head.a + Math.PI / 2;
  if (s.mergedEyes) eyes.ellipse(head.x, head.y, er * 1.3, er, head.a, 1, soft);
  else
    for (const side of [-1, 1]) {
      const off = wide * 0.95 + er * 0.4;
      eyes.ellipse(
        head.x + Math.cos(across) * off * side,
        head.y + Math.sin(across) * off * side,
        er,
        er,
        0,
        1,
        soft,
      );
    }
  eyes.lay(pic, eye, s.eyeDark);
}
