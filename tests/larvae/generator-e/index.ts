/**
 * Generator E: a TUNING set of larvae-tray photos (issue 25, fourth round; ADR 0085),
 * written to look at the engine's failures photo by photo without looking at the held-out
 * sets C and D. Its own code, sharing nothing with generators A–D.
 *
 * The larva: a body along a bent spine (rostrum, carapace with a gut, a segmented abdomen
 * tapering to a forked tail), opacity 0.18–0.8, a pair of dark eyes at the head (merged on
 * a fifth), 1.3–2.6 % of the frame's long side. Basins: a rounded tray on a table, a round
 * bowl, or a floor filling the frame; white, pale blue, cream or grey; black, navy, dark
 * green or charcoal; grain, blotches, a lip, water tint. Light: a tilted falloff,
 * vignetting, a soft shadow; glare as a blob, a window with bars, a ring light, a streak or
 * sparkles. Camera: defocus or a motion smear, white balance, noise, sharpening, JPEG
 * 50–92. Distractors: bubbles with a catch-light, debris, hairs, a printed label at the
 * edge; larvae in clumps. Without larvae: a page of text, empty bright and dark trays with
 * debris, bubbles and glare, a garden scene.
 */

import { type BlurE, shoot } from './camera.ts';
import { Picture } from './canvas.ts';
import { paintPage, paintScene } from './negatives.ts';
import { makeRand, type Rand } from './seed.ts';
import {
  type BasinE,
  type Clutter,
  type GlareE,
  paintBasin,
  paintClutter,
  paintGlare,
  paintLight,
} from './setting.ts';
import { paintShrimp, randomShrimp } from './shrimp.ts';

export type KindE = 'tray' | 'text' | 'empty' | 'scene';

export interface SpecE {
  name: string;
  seed: number;
  kind: KindE;
  tray: 'bright' | 'dark';
  count: number;
  width: number;
  height: number;
  basin: BasinE;
  glare: GlareE;
  blur: BlurE;
  uneven: boolean;
  /** Share of larvae in clumps. */
  clumped: number;
  clutter: Clutter;
}

export interface PhotoE {
  spec: SpecE;
  width: number;
  height: number;
  rgba: Uint8ClampedArray;
  /** Each larva's centre (the truth, for looking at marks). */
  larvae: [number, number][];
}

function placeShrimp(
  pic: Picture,
  spec: SpecE,
  inside: (x: number, y: number, m: number) => boolean,
  r: Rand,
  where: [number, number][],
): number {
  const side = Math.max(pic.w, pic.h);
  const unit = side * r.range(0.013, 0.026) * (spec.count > 1500 ? 0.8 : 1);
  const dark = spec.tray === 'dark';
  const body = dark
    ? ([r.range(0.75, 0.95), r.range(0.72, 0.9), r.range(0.65, 0.85)] as const)
    : ([r.range(0.25, 0.45), r.range(0.22, 0.38), r.range(0.18, 0.3)] as const);
  const eye = [0.02, 0.02, 0.03] as const;
  const clumps: [number, number][] = [];
  for (let k = Math.max(1, Math.round(spec.count / 60)); k > 0; k--) {
    for (let t = 0; t < 30; t++) {
      const x = r() * pic.w;
      const y = r() * pic.h;
      if (inside(x, y, unit * 2)) {
        clumps.push([x, y]);
        break;
      }
    }
  }
  const soft = Math.max(0.8, side / 3000);
  let drawn = 0;
  for (let tries = 0; drawn < spec.count && tries < spec.count * 100; tries++) {
    let x: number;
    let y: number;
    const home = clumps.length && r.yes(spec.clumped) ? r.pick(clumps) : undefined;
    if (home) {
      x = home[0] + r.gauss() * unit * 0.8;
      y = home[1] + r.gauss() * unit * 0.8;
    } else {
      x = r() * pic.w;
      y = r() * pic.h;
    }
    if (!inside(x, y, unit * 0.7)) continue;
    paintShrimp(pic, randomShrimp(r, x, y, unit), body, eye, soft);
    where.push([x, y]);
    drawn++;
  }
  return drawn;
}

/** Renders one photo; larvae drawn equal `spec.count` (the generator retries placement). */
export async function generatePhotoE(spec: SpecE): Promise<PhotoE> {
  const r = makeRand(spec.seed);
  const pic = new Picture(spec.width, spec.height);
  const unit = Math.max(spec.width, spec.height) * 0.02;
  const larvae: [number, number][] = [];
  if (spec.kind === 'text') paintPage(pic, r);
  else if (spec.kind === 'scene') paintScene(pic, r);
  else {
    const basin = paintBasin(pic, spec.basin, spec.tray, r);
    paintClutter(pic, basin, spec.tray, unit, spec.clutter, r);
    if (spec.kind === 'tray') {
      const drawn = placeShrimp(pic, spec, basin.inside, r, larvae);
      if (drawn !== spec.count) throw new Error(`${spec.name}: ${drawn} of ${spec.count} larvae placed`);
    }
    paintLight(pic, spec.uneven, r);
    paintGlare(pic, spec.glare, r);
  }
  const rgba = await shoot(pic, spec.blur, r);
  return { spec, width: spec.width, height: spec.height, rgba, larvae };
}

const COUNTS = [45, 80, 130, 200, 320, 500, 750, 1100, 1600, 2400, 160, 900] as const;
/** Frames at scale 1 (3.6 MP + … 12 MP, like a phone's photos; `--scale=0.5` halves them). */
const FRAMES = [
  [4000, 3000],
  [3000, 4000],
  [4000, 2250],
  [3200, 2400],
] as const;
const BASINS: readonly BasinE[] = ['tray', 'bowl', 'floor'];
const GLARES = {
  bright: ['none', 'blob', 'window', 'ring'],
  dark: ['none', 'streak', 'sparkles', 'blob'],
} as const;
const BLURS: readonly BlurE[] = ['sharp', 'defocus', 'sharp', 'motion'];

/** A photo's spec with defaults. */
export function photoSpecE(o: Partial<SpecE> & Pick<SpecE, 'name' | 'kind' | 'tray' | 'seed'>): SpecE {
  const r = makeRand(o.seed ^ 0x5bd1e995);
  const heavy = o.kind === 'empty' ? 3 : 1;
  return {
    count: 0,
    width: 1600,
    height: 1200,
    basin: 'tray',
    glare: 'none',
    blur: 'sharp',
    uneven: false,
    clumped: 0,
    clutter: {
      bubbles: r.int(0, 15) * heavy,
      debris: r.int(0, 25) * heavy,
      hairs: r.int(0, 3) * heavy,
      label: r.yes(0.3),
    },
    ...o,
  };
}

/**
 * The tuning set E: 24 tray photos (12 counts × bright and dark; 7.7–12 MP at scale 1) and
 * 4 without larvae (a page of text, empty bright and dark trays with clutter, a scene).
 */
export function tuningSetE(scale = 1): SpecE[] {
  // Photo k: count k ÷ 2, a white basin when k is even, a black one when odd.
  const specs = Array.from({ length: 2 * COUNTS.length }, (_, k): SpecE => {
    const i = k >> 1;
    const j = k & 1;
    const tray = j === 0 ? 'bright' : 'dark';
    const seed = 850_001 + k * 104_729;
    const r = makeRand(seed ^ 0x27d4eb2f);
    const [fw, fh] = FRAMES[(i + j) % FRAMES.length] as readonly [number, number];
    return photoSpecE({
      name: `E-${tray}-${COUNTS[i]}-${k}`,
      kind: 'tray',
      tray,
      seed,
      count: COUNTS[i] as number,
      width: Math.round(fw * scale),
      height: Math.round(fh * scale),
      basin: BASINS[(i + 2 * j) % 3] as BasinE,
      glare: GLARES[tray][(i + j) % 4] as GlareE,
      blur: BLURS[(i + 3 * j) % 4] as BlurE,
      uneven: r.yes(0.5),
      clumped: r.range(0, 0.45),
    });
  });
  const size = { width: Math.round(3200 * scale), height: Math.round(2400 * scale) };
  specs.push(
    photoSpecE({ name: 'E-neg-text', kind: 'text', tray: 'bright', seed: 860_001, ...size }),
    photoSpecE({
      name: 'E-neg-empty-bright',
      kind: 'empty',
      tray: 'bright',
      seed: 860_002,
      glare: 'window',
      ...size,
    }),
    photoSpecE({
      name: 'E-neg-empty-dark',
      kind: 'empty',
      tray: 'dark',
      seed: 860_003,
      glare: 'sparkles',
      basin: 'bowl',
      ...size,
    }),
    photoSpecE({ name: 'E-neg-scene', kind: 'scene', tray: 'bright', seed: 860_004, ...size }),
  );
  return specs;
}
