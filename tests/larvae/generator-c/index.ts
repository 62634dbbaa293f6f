/**
 * Generator C: the larvae counter's HELD-OUT photos (issue 25, second round). Written
 * after generators A (tests/larvae/synthetic-tray.ts) and B (tests/larvae/generator-b),
 * without reading the engine's thresholds and sharing no code with either; the engine is
 * tuned on A and B (B's per-photo results were looked at while tuning), and C is looked at
 * once, at the end (docs/adr/0071-larvae-generalization.md).
 *
 * How it differs: larvae drawn as stamped discs along a bent centre line (heavy
 * head-chest with a gut core, thin abdomen, three-lobed tail fan, eyes that may merge,
 * chromatophore specks), sizes from 1.2 to 2.4 % of the frame's width (the camera's
 * distance varies); enamel trays with a rounded rim on a table or a floor filling the
 * frame, stains, scratches, water tint and caustic ripples; vignetting, a tilted gradient,
 * blotchy light and the hard shadow of the phone; a window reflection on white basins, a
 * ring light, a lamp blob or water glints on black ones; homography perspective, white
 * balance, signal-dependent chroma noise, defocus or oriented motion blur, sharpening, JPEG
 * 40–88; foam, pellets, faeces strands, hairs, a ruler/coin/thumb at the edge; clumps
 * along the basin's side; portrait and 16:9 frames. Photos without larvae: a printed
 * form, a handwritten page, empty white and black trays with foam, debris and glare, a
 * pond scene.
 */
import { shoot } from './camera.ts';
import { drawLarvaC, randomLarvaC } from './larva.ts';
import { Planes, seeded } from './raster.ts';
import {
  debris,
  edgeThing,
  foam,
  glare,
  handwriting,
  light,
  paintBasin,
  pondScene,
  printedForm,
  ripples,
  type Tray,
} from './scene.ts';

export type BlurC = 'none' | 'defocus' | 'motion';
export type KindC = 'tray' | 'form' | 'handwriting' | 'empty-tray' | 'pond';

export interface SpecC {
  name: string;
  seed: number;
  kind: KindC;
  tray: Tray;
  count: number;
  width: number;
  height: number;
  glare: number;
  blur: BlurC;
  uneven: boolean;
  clumped: number;
  foam: number;
  debris: number;
  edge: boolean;
}

export interface PhotoC {
  spec: SpecC;
  width: number;
  height: number;
  rgba: Uint8ClampedArray;
}

export async function generatePhotoC(spec: SpecC): Promise<PhotoC> {
  const rand = seeded(spec.seed);
  const { width: w, height: h } = spec;
  const p = new Planes(w, h);
  const side = Math.max(w, h);
  const unit = side * rand.between(0.012, 0.024);
  if (spec.kind === 'form') printedForm(p, unit, rand);
  else if (spec.kind === 'handwriting') handwriting(p, unit, rand);
  else if (spec.kind === 'pond') pondScene(p, unit, rand);
  else {
    const floor = paintBasin(p, spec.tray, rand);
    if (rand() < 0.6) ripples(p, unit, rand);
    debris(p, spec.tray, spec.debris, unit, floor, rand);
    // Clumps gather along one side of the basin.
    const wall = rand.int(0, 3);
    let placed = 0;
    let tries = 0;
    while (placed < spec.count && tries < spec.count * 200) {
      tries++;
      let x = rand.between(0, w);
      let y = rand.between(0, h);
      if (rand() < spec.clumped) {
        const t = rand();
        const dist = Math.abs(rand.gauss()) * unit * 1.5 + unit * 1.2;
        const along = [
          [t * w, dist],
          [w - dist, t * h],
          [t * w, h - dist],
          [dist, t * h],
        ][wall] as [number, number];
        x = along[0] + rand.gauss() * unit * 0.5;
        y = along[1] + rand.gauss() * unit * 0.5;
      }
      const larva = randomLarvaC(rand, x, y, unit);
      const reach = larva.length * 0.6;
      if (
        ![
          [x - reach, y],
          [x + reach, y],
          [x, y - reach],
          [x, y + reach],
        ].every(([a, b]) => floor.inside(a as number, b as number))
      )
        continue;
      drawLarvaC(p, larva, spec.tray, rand);
      placed++;
    }
    if (placed < spec.count) throw new Error(`${spec.name}: placed ${placed} of ${spec.count}`);
    for (let k = 0; k < spec.foam; k++) {
      const x = rand.between(0, w);
      const y = rand.between(0, h);
      const r = unit * rand.between(0.06, 0.3);
      if (floor.inside(x, y)) foam(p, spec.tray, x, y, r);
    }
  }
  if (spec.edge) edgeThing(p, unit, rand);
  light(
    p,
    spec.uneven
      ? {
          vignette: rand.between(0.3, 0.6),
          gradient: rand.between(0.2, 0.4),
          blotch: rand.between(0.05, 0.15),
          handShadow: rand() < 0.5,
        }
      : { vignette: rand.between(0, 0.15), gradient: rand.between(0, 0.06), blotch: 0, handShadow: false },
    rand,
  );
  if (spec.glare > 0) glare(p, spec.tray, spec.glare, unit, rand);
  const rgba = await shoot(
    p,
    {
      perspective: rand.between(0, 0.08),
      whiteBalance: [rand.between(0.86, 1.12), 1, rand.between(0.85, 1.15)],
      noise: rand.between(1, 7),
      defocus: spec.blur === 'defocus' ? unit * rand.between(0.025, 0.05) : 0,
      motion: spec.blur === 'motion' ? unit * rand.between(0.1, 0.2) : 0,
      motionAngle: rand() * Math.PI,
      sharpen: rand() < 0.5,
      quality: rand.int(40, 88),
    },
    rand,
  );
  return { spec, width: w, height: h, rgba };
}

const COUNTS_C = [60, 90, 150, 220, 300, 450, 650, 900, 1300, 1800, 2400, 3000];
const BLURS_C: readonly BlurC[] = ['none', 'motion', 'defocus', 'none'];
/** Frame sizes: every fourth photo at 12 MP, the rest at 3 MP (the engine works at 2400 px). */
const FRAMES: readonly [number, number][] = [
  [4000, 3000],
  [2000, 1500],
  [1500, 2000],
  [2240, 1260],
];

/**
 * The held-out set C: 24 tray photos (12 counts × white and black basins) and 5 photos
 * without larvae. `scale` shrinks every frame (1 = as listed in FRAMES).
 */
export function heldOutSetC(scale = 1): SpecC[] {
  const out: SpecC[] = [];
  COUNTS_C.forEach((count, i) => {
    for (const [j, tray] of (['bright', 'dark'] as const).entries()) {
      const seed = 310_007 + i * 977 + j * 41;
      const r = seeded(seed ^ 0x2545f491);
      const k = i * 2 + j;
      const [fw, fh] = FRAMES[k % FRAMES.length] as [number, number];
      out.push({
        name: `C-${tray}-${count}-${k}`,
        seed,
        kind: 'tray',
        tray,
        count,
        width: Math.round(fw * scale),
        height: Math.round(fh * scale),
        glare: (i + 2 * j) % 3 === 0 ? 0 : r.int(1, 2),
        blur: BLURS_C[(i + j) % 4] as BlurC,
        uneven: r() < 0.55,
        clumped: r.between(0.05, 0.45),
        foam: r.int(2, 25),
        debris: r.int(5, 90),
        edge: r() < 0.3,
      });
    }
  });
  const frame = { width: Math.round(2000 * scale), height: Math.round(1500 * scale) };
  out.push(
    photoSpecC('C-neg-form', 'form', 'bright', 410_001, frame),
    photoSpecC('C-neg-handwriting', 'handwriting', 'bright', 410_002, frame),
    photoSpecC('C-neg-empty-bright', 'empty-tray', 'bright', 410_003, {
      foam: 30,
      debris: 150,
      glare: 2,
      ...frame,
    }),
    photoSpecC('C-neg-empty-dark', 'empty-tray', 'dark', 410_004, {
      foam: 30,
      debris: 150,
      glare: 2,
      ...frame,
    }),
    photoSpecC('C-neg-pond', 'pond', 'bright', 410_005, frame),
  );
  return out;
}

/** A photo's spec with plain defaults: no larvae, 2000 × 1500, uneven light, nothing else. */
export function photoSpecC(
  name: string,
  kind: KindC,
  tray: Tray,
  seed: number,
  extra: Partial<SpecC> = {},
): SpecC {
  return {
    name,
    seed,
    kind,
    tray,
    count: 0,
    width: 2000,
    height: 1500,
    glare: 0,
    blur: 'none',
    uneven: true,
    clumped: 0,
    foam: 0,
    debris: 0,
    edge: false,
    ...extra,
  };
}
