/**
 * Generator B: the larvae counter's HELD-OUT photos, written independently of generator A
 * (tests/larvae/synthetic-tray.ts, the set the engine is tuned on) and of the engine's
 * tuning. It differs from A in the larva (segmented body, paired stalked eyes, forked tail,
 * its own opacities), the basin (round or rectangular with a rim and the floor outside,
 * plastic grain, water tint), the light (vignetting, gradient, a shadow, tube/window/
 * sparkle glare), the camera (tilt, white balance, read + shot noise, defocus or motion
 * blur, a real JPEG encoder) and the distractors (ringed bubbles, fibres, grains, flakes,
 * a printed label or a finger at the edge); plus photos with no larvae at all (a page of
 * text, empty trays with bubbles, debris and glare, an outdoor scene).
 * Only the summary figures of this set may guide the engine's tuning.
 */

import { shoot } from './camera.ts';
import { Canvas, Mask, valueNoise } from './canvas.ts';
import { drawLarva, randomLarva } from './larva.ts';
import { makeRng, type Rng } from './random.ts';
import {
  applyLight,
  drawBasin,
  drawBubble,
  drawDebris,
  drawEdgeObject,
  drawGlare,
  drawPrint,
} from './scene.ts';

export type BlurKind = 'none' | 'defocus' | 'motion';
export type PhotoKindB = 'tray' | 'text-page' | 'empty-tray' | 'scene';

export interface PhotoSpecB {
  name: string;
  seed: number;
  kind: PhotoKindB;
  hatchColor: 'bright' | 'dark';
  /** True number of larvae (0 for every kind but 'tray'). */
  count: number;
  /** 1 = 4000 × 3000 (12 MP); smaller while iterating. */
  scale: number;
  glare: number;
  blur: BlurKind;
  /** Share of larvae placed in clumps (0–0.6). */
  clumped: number;
  bubbles: number;
  debris: number;
  edgeObject: boolean;
  unevenLight: boolean;
}

export interface PhotoB {
  spec: PhotoSpecB;
  width: number;
  height: number;
  rgba: Uint8ClampedArray;
  /** Each larva's midpoint between head and tail (the truth, for training a density model). */
  larvae: [number, number][];
}

const FULL_W = 4000;
const FULL_H = 3000;

function placeLarvae(
  canvas: Canvas,
  spec: PhotoSpecB,
  unit: number,
  inside: (x: number, y: number) => boolean,
  rng: Rng,
  where: [number, number][],
): void {
  const centres: [number, number][] = [];
  const clumps = Math.max(1, Math.round(spec.count / 60));
  while (centres.length < clumps) {
    const x = rng.range(0, canvas.width);
    const y = rng.range(0, canvas.height);
    if (inside(x, y)) centres.push([x, y]);
  }
  let drawn = 0;
  while (drawn < spec.count) {
    let x: number;
    let y: number;
    if (rng() < spec.clumped) {
      const [cx, cy] = rng.pick(centres);
      x = cx + rng.normal() * unit * 1.2;
      y = cy + rng.normal() * unit * 1.2;
    } else {
      x = rng.range(0, canvas.width);
      y = rng.range(0, canvas.height);
    }
    // The whole larva (head and tail) lies on the basin floor.
    if (!inside(x, y)) continue;
    const look = randomLarva(rng, x, y, unit, spec.hatchColor);
    const tailX = x + Math.cos(look.angle) * look.length;
    const tailY = y + Math.sin(look.angle) * look.length;
    if (!inside(tailX, tailY)) continue;
    drawLarva(canvas, look, spec.hatchColor, rng);
    where.push([(x + tailX) / 2, (y + tailY) / 2]);
    drawn++;
  }
}

function drawTray(canvas: Canvas, spec: PhotoSpecB, unit: number, rng: Rng, where: [number, number][]): void {
  const basin = drawBasin(canvas, spec.hatchColor, rng);
  drawDebris(canvas, spec.debris, unit, basin, rng);
  if (spec.count > 0) placeLarvae(canvas, spec, unit, basin.inside, rng, where);
  for (let k = 0; k < spec.bubbles; k++) {
    const x = rng.range(0, canvas.width);
    const y = rng.range(0, canvas.height);
    if (basin.inside(x, y)) drawBubble(canvas, x, y, unit * rng.range(0.05, 0.35), spec.hatchColor);
  }
}

function drawTextPage(canvas: Canvas, unit: number, rng: Rng): void {
  canvas.fill([rng.range(228, 246), rng.range(226, 242), rng.range(212, 232)]);
  const m = Math.min(canvas.width, canvas.height) * 0.06;
  drawPrint(
    canvas,
    { x: m, y: m, w: canvas.width - 2 * m, h: canvas.height - 2 * m },
    unit * rng.range(0.35, 0.55),
    [24, 24, 28],
    rng,
  );
}

function drawOutdoorScene(canvas: Canvas, unit: number, rng: Rng): void {
  const { width: w, height: h } = canvas;
  const horizon = h * rng.range(0.35, 0.55);
  const clouds = valueNoise(w, h, w / 6, rng);
  const soil = valueNoise(w, h, w / 40, rng);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (y < horizon) {
        const c = Math.max(0, clouds[i] ?? 0) * 90;
        canvas.r[i] = 110 + c + (y / horizon) * 40;
        canvas.g[i] = 160 + c + (y / horizon) * 30;
        canvas.b[i] = 225 + c * 0.3;
      } else {
        const t = (soil[i] ?? 0) * 18;
        canvas.r[i] = 70 + t;
        canvas.g[i] = 120 + t;
        canvas.b[i] = 50 + t;
      }
    }
  // A house: wall, roof, a window.
  const hx = w * rng.range(0.1, 0.6);
  const hw = w * rng.range(0.15, 0.3);
  const hh = h * rng.range(0.15, 0.25);
  for (let y = Math.floor(horizon - hh); y < horizon + h * 0.05; y++)
    for (let x = Math.floor(hx); x < hx + hw; x++) {
      const wall = y > horizon - hh * 0.6;
      const win = wall && x > hx + hw * 0.4 && x < hx + hw * 0.6 && y < horizon - hh * 0.2;
      canvas.over(y * w + x, win ? [40, 50, 60] : wall ? [214, 200, 170] : [150, 60, 40], 1);
    }
  // Grass blades: thin curved strokes, darker and lighter than the ground.
  const blades = Math.round(1500 * (w / FULL_W));
  for (let k = 0; k < blades; k++) {
    const x = rng.range(0, w);
    const y = rng.range(horizon + h * 0.05, h);
    const len = unit * rng.range(0.4, 1.6);
    const a = -Math.PI / 2 + rng.normal() * 0.35;
    const m = Mask.around(x, y, len + 3, canvas);
    m.stroke([
      [x, y, unit * 0.04],
      [x + Math.cos(a) * len * 0.5, y + Math.sin(a) * len * 0.5, unit * 0.03],
      [x + Math.cos(a + 0.3) * len, y + Math.sin(a + 0.3) * len, unit * 0.01],
    ]);
    const col = rng() < 0.5 ? ([40, 90, 30] as const) : ([120, 170, 70] as const);
    m.paint((i, c) => canvas.over(i, col, c * 0.8), canvas);
  }
}

/** Renders one held-out photo (async: the camera encodes a real JPEG). */
export async function generatePhotoB(spec: PhotoSpecB): Promise<PhotoB> {
  const rng = makeRng(spec.seed);
  const width = Math.round(FULL_W * spec.scale);
  const height = Math.round(FULL_H * spec.scale);
  const canvas = new Canvas(width, height);
  // One larva's length: about 1.8 % of the frame's width (~72 px at 12 MP).
  const unit = width * rng.range(0.016, 0.021);
  const larvae: [number, number][] = [];
  if (spec.kind === 'text-page') drawTextPage(canvas, unit, rng);
  else if (spec.kind === 'scene') drawOutdoorScene(canvas, unit, rng);
  else drawTray(canvas, spec, unit, rng, larvae);
  if (spec.edgeObject) drawEdgeObject(canvas, rng);
  applyLight(
    canvas,
    spec.unevenLight
      ? { vignette: rng.range(0.25, 0.5), gradient: rng.range(0.15, 0.35), shadow: rng() < 0.6 }
      : { vignette: rng.range(0, 0.12), gradient: 0, shadow: false },
    rng,
  );
  if (spec.glare > 0) drawGlare(canvas, spec.glare, spec.hatchColor, rng);
  const rgba = await shoot(
    canvas,
    {
      tilt: rng.range(0, 1),
      whiteBalance: [rng.range(0.9, 1.1), 1, rng.range(0.88, 1.12)],
      noise: rng.range(1.5, 5),
      defocus: spec.blur === 'defocus' ? unit * rng.range(0.03, 0.06) : 0,
      motion: spec.blur === 'motion' ? unit * rng.range(0.08, 0.16) : 0,
      jpegQuality: rng.int(60, 92),
    },
    rng,
  );
  return { spec, width, height, rgba, larvae };
}

/** A photo's spec with plain defaults (no larvae, no nuisance but uneven light). */
export function photoSpecB(
  o: Partial<PhotoSpecB> & Pick<PhotoSpecB, 'seed' | 'kind' | 'hatchColor'>,
): PhotoSpecB {
  return {
    name: `B-${o.kind}-${o.hatchColor}-${o.seed}`,
    count: 0,
    scale: 1,
    glare: 0,
    blur: 'none',
    clumped: 0,
    bubbles: 0,
    debris: 0,
    edgeObject: false,
    unevenLight: true,
    ...o,
  };
}

const COUNTS = [50, 80, 120, 200, 350, 500, 800, 1200, 1600, 2000, 2500, 3000];
const BLURS: readonly BlurKind[] = ['none', 'defocus', 'none', 'motion'];

/**
 * The held-out set: 24 tray photos (12 counts × bright and dark, glare on half, blur
 * cycling none / defocus / motion) and 5 photos without larvae. `limit` keeps an evenly
 * spread subset while iterating; `scale` shrinks every photo (1 = 12 MP).
 */
export function heldOutSet(scale = 1, limit?: number): PhotoSpecB[] {
  const trays: PhotoSpecB[] = [];
  COUNTS.forEach((count, i) => {
    for (const [j, hatchColor] of (['bright', 'dark'] as const).entries()) {
      const seed = 70_001 + i * 131 + j * 17;
      const r = makeRng(seed ^ 0x5bd1e995);
      const k = i * 2 + j;
      trays.push({
        name: `B-${hatchColor}-${count}-${k}`,
        seed,
        kind: 'tray',
        hatchColor,
        count,
        scale,
        glare: (i + j) % 2 === 1 ? r.int(1, 3) : 0,
        blur: BLURS[(i + 2 * j) % 4] ?? 'none',
        clumped: r.range(0.05, 0.4),
        bubbles: r.int(3, 30),
        debris: r.int(10, 120),
        edgeObject: r() < 0.35,
        unevenLight: r() < 0.6,
      });
    }
  });
  const none = (
    name: string,
    kind: PhotoKindB,
    hatchColor: 'bright' | 'dark',
    seed: number,
    extra: Partial<PhotoSpecB> = {},
  ) => photoSpecB({ name, seed, kind, hatchColor, scale, ...extra });
  const negatives = [
    none('B-neg-text-page', 'text-page', 'bright', 90_001),
    none('B-neg-empty-bright', 'empty-tray', 'bright', 90_002, { bubbles: 25, debris: 120, glare: 2 }),
    none('B-neg-empty-dark', 'empty-tray', 'dark', 90_003, { bubbles: 25, debris: 120, glare: 2 }),
    none('B-neg-scene', 'scene', 'bright', 90_004),
    none('B-neg-text-page-dark', 'text-page', 'dark', 90_005),
  ];
  // Every step-th photo, alternating bright and dark trays.
  const step = limit && limit < trays.length ? Math.ceil(trays.length / limit) : 1;
  const picked = trays.filter((_, k) => (Math.floor(k / 2) + (k % 2)) % step === 0);
  return [...picked, ...negatives];
}
