/**
 * Generator D: a second HELD-OUT set of larvae-tray photos (issue 25, third round; ADR
 * 0077). Written before the engine was tuned in that round, from the list of
 * differences, sharing no code with generators A, B or C; its photos were not looked at
 * one by one while tuning.
 *
 * How it draws: the larva is a tapered stroke along a curving spine (rostrum, broad
 * carapace, abdomen narrowing and sometimes curled, a tail fan opening again), with a gut
 * line, chromatophores and stalked eyes that merge when the larva lies on its side; a
 * fifth of the larvae are faint. Sizes 1.4–2.8 % of the frame's long side, ±15 % within a
 * photo and larger towards the near edge (perspective). Basins: an oval bowl, a rounded
 * tray or a floor filling the frame; white, pale blue or cream; black, dark green or navy;
 * a lip and a wooden or concrete table; texture, stains, scratches, tinted water and
 * caustic lines. Light: vignetting, a slanted falloff, the phone's shadow; a window or a
 * ring light on bright basins, a streak or water glints on dark ones. Camera: defocus or
 * motion blur, white balance, signal-dependent noise, sharpening, JPEG 45–92 at 4:2:0.
 * Distractors: bubbles, feed pellets, fibres, specks, a ruler or a fingertip at the edge;
 * larvae crowd in clumps and along the basin's side. Photos without larvae: a printed
 * page, chalk on a blackboard, empty bright and dark basins with clutter and glare, a
 * pond scene.
 */
import { applyLightD, type GlareD, paintBasin } from './basin.ts';
import { type ClutterD, scatterClutter } from './clutter.ts';
import { Frame } from './frame.ts';
import { drawLarvaD, larvaEnds, randomLarvaD } from './larva.ts';
import { blackboard, pondScene, printedPage } from './negatives.ts';
import { photograph } from './optics.ts';
import { type Dice, dice } from './rng.ts';

export type KindD = 'tray' | 'page' | 'blackboard' | 'empty' | 'pond';
export type BlurD = 'sharp' | 'defocus' | 'motion';

export interface SpecD {
  name: string;
  seed: number;
  kind: KindD;
  tray: 'bright' | 'dark';
  count: number;
  width: number;
  height: number;
  glare: GlareD;
  blur: BlurD;
  uneven: boolean;
  /** Share of larvae in clumps, and along the basin's side. */
  clumped: number;
  rim: number;
  clutter: ClutterD;
}

export interface PhotoD {
  spec: SpecD;
  width: number;
  height: number;
  rgba: Uint8ClampedArray;
}

/** Draws the spec's larvae; answers how many were drawn (the truth). */
function placeLarvae(f: Frame, spec: SpecD, depth: (x: number, y: number) => number, r: Dice): number {
  const side = Math.max(f.w, f.h);
  const unit = side * r.between(0.014, 0.028);
  const tilt = r.between(-0.3, 0.3);
  const dark = spec.tray === 'dark';
  const centres: [number, number][] = [];
  const clumpSpread = unit * r.between(0.6, 1.5);
  for (let k = 0; k < Math.max(1, Math.round(spec.count / 80)); k++) {
    for (let tries = 0; tries < 50; tries++) {
      const x = r.between(0, f.w);
      const y = r.between(0, f.h);
      if (depth(x, y) > unit * 2) {
        centres.push([x, y]);
        break;
      }
    }
  }
  let drawn = 0;
  let guard = 0;
  while (drawn < spec.count && guard++ < spec.count * 200) {
    const roll = r();
    let x = r.between(0, f.w);
    let y = r.between(0, f.h);
    if (roll < spec.clumped && centres.length) {
      const [cx, cy] = r.oneOf(centres);
      x = cx + r.gauss() * clumpSpread;
      y = cy + r.gauss() * clumpSpread;
    }
    const d = depth(x, y);
    if (d <= 0) continue;
    // Along the side: keep only spots near the basin's edge.
    if (roll >= spec.clumped && roll < spec.clumped + spec.rim && d > unit * 2.5) continue;
    const size = unit * r.between(0.85, 1.15) * (1 + tilt * (y / f.h - 0.5));
    const larva = randomLarvaD(r, x, y, size);
    if (larvaEnds(larva).some(([ex, ey]) => depth(ex, ey) < unit * 0.15)) continue;
    drawLarvaD(f, larva, dark, r);
    drawn++;
  }
  return drawn;
}

export async function generatePhotoD(spec: SpecD): Promise<PhotoD> {
  const r = dice(spec.seed);
  const f = new Frame(spec.width, spec.height);
  const dark = spec.tray === 'dark';
  let drawn = 0;
  if (spec.kind === 'page') printedPage(f, r);
  else if (spec.kind === 'blackboard') blackboard(f, r);
  else if (spec.kind === 'pond') pondScene(f, r);
  else {
    const basin = paintBasin(f, dark, r);
    const unit = Math.max(f.w, f.h) * 0.02;
    scatterClutter(f, basin, spec.clutter, unit, dark, r);
    if (spec.kind === 'tray') drawn = placeLarvae(f, spec, basin.depth, r);
  }
  // The truth is the spec's count: placement giving up early would make it wrong.
  if (drawn !== (spec.kind === 'tray' ? spec.count : 0))
    throw new Error(`${spec.name}: drew ${drawn} larvae of ${spec.count}`);
  applyLightD(
    f,
    {
      vignette: spec.uneven ? r.between(0.2, 0.45) : r.between(0, 0.1),
      slope: spec.uneven ? r.between(0.12, 0.3) : 0,
      shadow: spec.uneven && r.chance(0.6),
      glare: spec.glare,
    },
    r,
  );
  const px = Math.max(f.w, f.h) / 2400;
  const rgba = await photograph(
    f,
    {
      defocus: spec.blur === 'defocus' ? px * r.between(0.8, 1.8) : 0,
      motion: spec.blur === 'motion' ? px * r.between(3, 7) : 0,
      motionAngle: r.between(0, Math.PI),
      gains: [r.between(0.9, 1.12), 1, r.between(0.86, 1.1)],
      noise: r.between(1.5, 6),
      sharpen: r.chance(0.4),
      quality: r.whole(45, 92),
    },
    r,
  );
  return { spec, width: f.w, height: f.h, rgba };
}

const COUNTS = [40, 65, 100, 150, 220, 320, 450, 650, 900, 1250, 1700, 2300];
const FRAMES: readonly [number, number][] = [
  [4032, 3024],
  [2016, 1512],
  [1512, 2016],
  [2560, 1440],
  [1800, 1350],
  [2304, 1728],
];
const BLURS: readonly BlurD[] = ['sharp', 'defocus', 'sharp', 'motion'];
const GLARES = { bright: ['none', 'window', 'ring'], dark: ['none', 'streak', 'glints'] } as const;

function clutterFor(r: Dice, heavy: boolean): ClutterD {
  const k = heavy ? 2 : 1;
  return {
    bubbles: r.whole(0, 20) * k,
    pellets: r.whole(0, 25) * k,
    fibres: r.whole(0, 4) * k,
    specks: r.whole(10, 80) * k,
    edge: r.oneOf(['none', 'none', 'ruler', 'finger'] as const),
  };
}

/** A photo's spec (sizes shrunk by `scale`; 1 = as listed). */
export function photoSpecD(o: Partial<SpecD> & Pick<SpecD, 'name' | 'kind' | 'tray' | 'seed'>): SpecD {
  const r = dice(o.seed ^ 0x2545f491);
  return {
    count: 0,
    width: 2016,
    height: 1512,
    glare: 'none',
    blur: 'sharp',
    uneven: true,
    clumped: 0,
    rim: 0,
    clutter: clutterFor(r, o.kind === 'empty'),
    ...o,
  };
}

/**
 * The held-out set D: 24 tray photos (12 counts × bright and dark; 4 at 12 MP, the rest
 * 2–3.7 MP in landscape, portrait and 16:9) and 5 without larvae.
 */
export function heldOutSetD(scale = 1): SpecD[] {
  const specs: SpecD[] = [];
  COUNTS.forEach((count, i) => {
    for (const [j, tray] of (['bright', 'dark'] as const).entries()) {
      const k = 2 * i + j;
      const seed = 404_001 + k * 7919;
      const r = dice(seed ^ 0x68e31da4);
      const [fw, fh] = FRAMES[(i + 3 * j) % FRAMES.length] as [number, number];
      specs.push(
        photoSpecD({
          name: `D-${tray}-${count}-${k}`,
          kind: 'tray',
          tray,
          seed,
          count,
          width: Math.round(fw * scale),
          height: Math.round(fh * scale),
          glare: GLARES[tray][(i + j) % 3] as GlareD,
          blur: BLURS[(i + j) % 4] as BlurD,
          uneven: r.chance(0.55),
          clumped: r.between(0, 0.5),
          rim: r.between(0, 0.25),
        }),
      );
    }
  });
  const size = { width: Math.round(2016 * scale), height: Math.round(1512 * scale) };
  specs.push(
    photoSpecD({ name: 'D-neg-page', kind: 'page', tray: 'bright', seed: 505_001, ...size }),
    photoSpecD({ name: 'D-neg-blackboard', kind: 'blackboard', tray: 'dark', seed: 505_002, ...size }),
    photoSpecD({
      name: 'D-neg-empty-bright',
      kind: 'empty',
      tray: 'bright',
      seed: 505_003,
      glare: 'window',
      ...size,
    }),
    photoSpecD({
      name: 'D-neg-empty-dark',
      kind: 'empty',
      tray: 'dark',
      seed: 505_004,
      glare: 'glints',
      ...size,
    }),
    photoSpecD({ name: 'D-neg-pond', kind: 'pond', tray: 'bright', seed: 505_005, ...size }),
  );
  return specs;
}
