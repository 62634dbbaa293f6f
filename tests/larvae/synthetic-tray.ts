/**
 * Seeded generator of synthetic larvae-tray photos with a KNOWN count: the project's own
 * evaluation set for the counting engine (src/shared/larvae). Same seed + options → the
 * same pixels, byte for byte (mulberry32, no Math.random).
 *
 * A photo: a bright (white basin) or dark (black basin) tray under uneven light, with
 * `count` post-larvae — elongated, slightly curved, translucent bodies tapering to the
 * tail, a dark gut line and a dark eye spot at the head, varied sizes and orientations,
 * placed at random so they touch and cross — plus bubbles (rings), debris (small dark
 * specks), glare (soft bright patches), blur (soft edges) and sensor noise.
 */

export type HatchColor = 'bright' | 'dark';

export interface TrayOptions {
  seed: number;
  count: number;
  hatchColor: HatchColor;
  width?: number;
  height?: number;
  /** 0 none … 1 strong; soft edges (focus blur). */
  blur?: number;
  bubbles?: number;
  debris?: number;
  glare?: number;
}

export interface TrayPhoto {
  width: number;
  height: number;
  rgba: Uint8ClampedArray;
  count: number;
  /** Head position of every larva drawn (ground truth). */
  larvae: { x: number; y: number }[];
}

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Draws a soft disc of darkness/brightness into a coverage buffer (max-combined). */
function stampDisc(
  cov: Float32Array,
  bw: number,
  bh: number,
  cx: number,
  cy: number,
  r: number,
  soft: number,
): void {
  const reach = r + soft + 1;
  const x0 = Math.max(0, Math.floor(cx - reach));
  const x1 = Math.min(bw - 1, Math.ceil(cx + reach));
  const y0 = Math.max(0, Math.floor(cy - reach));
  const y1 = Math.min(bh - 1, Math.ceil(cy + reach));
  for (let y = y0; y <= y1; y++) {
    const dy = y + 0.5 - cy;
    for (let x = x0; x <= x1; x++) {
      const dx = x + 0.5 - cx;
      const d = Math.sqrt(dx * dx + dy * dy) - r;
      const v = d <= -soft ? 1 : d >= soft ? 0 : 0.5 - d / (2 * soft);
      const i = y * bw + x;
      if (v > cov[i]) cov[i] = v;
    }
  }
}

interface Larva {
  x: number;
  y: number;
  angle: number;
  length: number;
  width: number;
  bend: number;
  opacity: number;
}

export function generateTray(opts: TrayOptions): TrayPhoto {
  const width = opts.width ?? 4000;
  const height = opts.height ?? 3000;
  const rand = mulberry32(opts.seed);
  const bright = opts.hatchColor === 'bright';
  const scale = width / 4000;
  const soft = 0.8 + (opts.blur ?? 0.3) * 2.2 * Math.max(scale, 0.5);

  // Light field: a gradient across the tray and a vignette, stored on a coarse grid.
  const base = bright ? 205 + rand() * 25 : 32 + rand() * 18;
  const gx = (rand() - 0.5) * 0.35;
  const gy = (rand() - 0.5) * 0.35;
  const vig = 0.15 + rand() * 0.15;
  const tint = [1 - rand() * 0.04, 1, 1 + rand() * 0.03];
  const light = (x: number, y: number) => {
    const u = x / width - 0.5;
    const v = y / height - 0.5;
    return 1 + gx * u * 2 + gy * v * 2 - vig * (u * u + v * v) * 2;
  };

  // Value buffer (grey level before tint), one float a pixel.
  const val = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) val[y * width + x] = base * light(x, y);
  }

  // Larvae: a tray margin keeps them inside the photo.
  const margin = 60 * scale;
  const larvae: Larva[] = [];
  for (let i = 0; i < opts.count; i++) {
    larvae.push({
      x: margin + rand() * (width - 2 * margin),
      y: margin + rand() * (height - 2 * margin),
      angle: rand() * Math.PI * 2,
      length: (58 + rand() * 34) * scale,
      width: (6.2 + rand() * 2.6) * scale,
      bend: (rand() - 0.5) * 0.9,
      opacity: 0.4 + rand() * 0.15,
    });
  }

  const truth: { x: number; y: number }[] = [];
  for (const l of larvae) {
    const pad = l.width + soft + 4;
    const half = l.length / 2 + pad;
    const bx = Math.floor(l.x - half);
    const by = Math.floor(l.y - half);
    const bw = Math.ceil(2 * half) + 1;
    const bh = bw;
    const body = new Float32Array(bw * bh);
    const gut = new Float32Array(bw * bh);
    const eye = new Float32Array(bw * bh);
    const cos = Math.cos(l.angle);
    const sin = Math.sin(l.angle);
    const steps = Math.ceil(l.length);
    let head = { x: 0, y: 0 };
    for (let s = 0; s <= steps; s++) {
      const t = s / steps; // 0 head … 1 tail
      const along = (t - 0.5) * l.length;
      const across = l.bend * l.length * (t - 0.5) * (t - 0.5) * 0.6;
      const px = half + along * cos - across * sin;
      const py = half + along * sin + across * cos;
      if (s === 0) head = { x: px, y: py };
      const r = (l.width / 2) * (t < 0.15 ? 0.75 + t * 1.6 : 1 - (t - 0.15) * 0.75);
      stampDisc(body, bw, bh, px, py, Math.max(r, 0.9 * scale), soft);
      if (t > 0.2 && t < 0.8) stampDisc(gut, bw, bh, px, py, Math.max(0.6, r * 0.25), soft * 0.7);
    }
    // Eye spot a little behind the head tip.
    const ex = head.x + cos * l.width * 0.5;
    const ey = head.y + sin * l.width * 0.5;
    stampDisc(eye, bw, bh, ex, ey, l.width * 0.32, soft * 0.7);
    truth.push({ x: bx + ex, y: by + ey });

    for (let yy = 0; yy < bh; yy++) {
      const iy = by + yy;
      if (iy < 0 || iy >= height) continue;
      for (let xx = 0; xx < bw; xx++) {
        const ix = bx + xx;
        if (ix < 0 || ix >= width) continue;
        const k = yy * bw + xx;
        const b = body[k];
        if (b <= 0) continue;
        const i = iy * width + ix;
        const lit = base * light(ix, iy);
        // Translucent body: on a bright tray it darkens (absorbs), on a dark tray it
        // scatters light back (brightens); gut and eye are dark on both.
        let v = val[i];
        v = bright ? v * (1 - l.opacity * b) : v + (lit * 3.2 + 30 - v) * l.opacity * b * 0.9;
        v = v * (1 - 0.45 * gut[k]);
        v = v * (1 - 0.8 * eye[k]);
        val[i] = v;
      }
    }
  }

  // Bubbles: rings with a bright rim; debris: small dark irregular specks.
  const bubbles = opts.bubbles ?? 0;
  for (let b = 0; b < bubbles; b++) {
    const cx = rand() * width;
    const cy = rand() * height;
    const r = (6 + rand() * 14) * scale;
    const x0 = Math.max(0, Math.floor(cx - r - 3));
    const x1 = Math.min(width - 1, Math.ceil(cx + r + 3));
    const y0 = Math.max(0, Math.floor(cy - r - 3));
    const y1 = Math.min(height - 1, Math.ceil(cy + r + 3));
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const d = Math.hypot(x - cx, y - cy);
        const ring = Math.max(0, 1 - Math.abs(d - r) / (1.6 * scale + 0.6));
        const i = y * width + x;
        if (ring > 0) val[i] = val[i] * (1 - 0.25 * ring) + (d < r ? 40 * ring : 0);
        if (d < r * 0.35) val[i] = Math.min(255, val[i] + 30 * (1 - d / (r * 0.35)));
      }
    }
  }
  const debris = opts.debris ?? 0;
  for (let d = 0; d < debris; d++) {
    const cx = rand() * width;
    const cy = rand() * height;
    const r = (1.2 + rand() * 2.5) * scale;
    const dark = bright ? 0.5 : 0.4;
    const x0 = Math.max(0, Math.floor(cx - r - 2));
    const x1 = Math.min(width - 1, Math.ceil(cx + r + 2));
    const y0 = Math.max(0, Math.floor(cy - r - 2));
    const y1 = Math.min(height - 1, Math.ceil(cy + r + 2));
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const dd = Math.hypot(x - cx, (y - cy) * 1.4);
        if (dd < r) val[y * width + x] *= 1 - dark;
      }
    }
  }

  // Glare: soft bright patches (reflections of the lamp on the water).
  const glare = opts.glare ?? 0;
  for (let g = 0; g < glare; g++) {
    const cx = rand() * width;
    const cy = rand() * height;
    const rx = (120 + rand() * 260) * scale;
    const ry = rx * (0.3 + rand() * 0.5);
    const gain = 0.12 + rand() * 0.18;
    const x0 = Math.max(0, Math.floor(cx - rx));
    const x1 = Math.min(width - 1, Math.ceil(cx + rx));
    const y0 = Math.max(0, Math.floor(cy - ry));
    const y1 = Math.min(height - 1, Math.ceil(cy + ry));
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const q = ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2;
        if (q < 1) {
          const i = y * width + x;
          val[i] = val[i] + (bright ? 255 - val[i] : 120) * gain * (1 - q) * (1 - q);
        }
      }
    }
  }

  const rgba = new Uint8ClampedArray(width * height * 4);
  const noise = bright ? 6 : 4;
  for (let i = 0; i < width * height; i++) {
    const n = (rand() + rand() - 1) * noise;
    const v = val[i] + n;
    rgba[i * 4] = v * tint[0];
    rgba[i * 4 + 1] = v * tint[1];
    rgba[i * 4 + 2] = v * tint[2];
    rgba[i * 4 + 3] = 255;
  }
  return { width, height, rgba, count: opts.count, larvae: truth };
}

/** The evaluation set: counts from 50 to 3,000, bright and dark trays, every nuisance. */
export function evaluationSet(quick = false): TrayOptions[] {
  const counts = quick ? [50, 400, 1500, 3000] : [50, 120, 250, 500, 800, 1200, 1600, 2000, 2500, 3000];
  const set: TrayOptions[] = [];
  counts.forEach((count, i) => {
    for (const hatchColor of ['bright', 'dark'] as const) {
      const seed = 1000 + i * 7 + (hatchColor === 'dark' ? 3 : 0);
      const r = mulberry32(seed * 31);
      set.push({
        seed,
        count,
        hatchColor,
        blur: r() * 0.8,
        bubbles: Math.floor(5 + r() * 25),
        debris: Math.floor(20 + r() * 120),
        glare: Math.floor(r() * 3),
      });
    }
  });
  return set;
}

/**
 * A white tray of 120 larvae (seed 31) seen on a dark table, 2000 × 1500, with 16
 * larva-sized dark dashes (36 × 4 px) lying along the basin's top and bottom edges, 2–6 px
 * inside it: what the rim's step, the frame's corners or a label beside the basin leave
 * (ADR 0097). Truth: 120.
 */
export function trayWithEdgeDashes(): { rgba: Uint8ClampedArray; width: number; height: number } {
  const tray = generateTray({ seed: 31, count: 120, hatchColor: 'bright', width: 1500, height: 1100 });
  const w = 2000;
  const h = 1500;
  const x0 = 250;
  const y0 = 200;
  const rgba = new Uint8ClampedArray(w * h * 4);
  const rand = mulberry32(4);
  for (let i = 0; i < w * h; i++) {
    const v = 85 + rand() * 10;
    rgba.set([v, v * 0.9, v * 0.8, 255], i * 4);
  }
  for (let y = 0; y < tray.height; y++)
    rgba.set(tray.rgba.subarray(y * tray.width * 4, (y + 1) * tray.width * 4), ((y0 + y) * w + x0) * 4);
  for (let k = 0; k < 16; k++) {
    const cx = x0 + 100 + (k % 8) * 170;
    const top = k < 8;
    for (let dy = 0; dy < 4; dy++)
      for (let dx = -18; dx < 18; dx++) {
        const y = top ? y0 + 2 + dy : y0 + tray.height - 3 - dy;
        const i = (y * w + cx + dx) * 4;
        for (let c = 0; c < 3; c++) rgba[i + c] = Math.round(rgba[i + c] * 0.35);
      }
  }
  return { rgba, width: w, height: h };
}
