/**
 * Training photos for the larvae density model (ADR 0105), made ONLY by the tuning
 * generators A (tests/larvae/synthetic-tray.ts), B and E, with seeds far from their
 * evaluation sets' (A 1000–1066, B 70 001–90 005, E 850 001–3 300 000): random counts
 * (log-uniform 30–3,200, and a tenth with none), trays, nuisances and frame sizes; plus
 * B's and E's photos without larvae (text, empty trays, scenes).
 *
 * Each photo is brought to the model's input (scripts/larvae/density/density-input.ts) and
 * written as `<n>.rgb` (bytes) and `<n>.json` ({ width, height, points } in input pixels).
 *
 *   node --import tsx scripts/larvae/density-data.ts --out=<folder> --from=0 --to=400
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LarvaeImage } from '../../src/shared/larvae/types.ts';
import { generatePhotoB, type PhotoKindB, photoSpecB } from '../../tests/larvae/generator-b/index.ts';
import { generatePhotoE, type KindE, photoSpecE } from '../../tests/larvae/generator-e/index.ts';
import { loadNodeOpenCv } from '../../tests/larvae/node-opencv.ts';
import { generateTray, mulberry32 } from '../../tests/larvae/synthetic-tray.ts';
import { densityInput } from './density/density-input.ts';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const out = arg('out') ?? 'density-data';
const from = Number(arg('from') ?? 0);
const to = Number(arg('to') ?? 300);
// Frame sizes as a share of 12 MP's width, and the share of photos without larvae (ADR 0109:
// 0.25–0.6 and a fifth, so that 1,000+ photos can be made in half an hour on a shared core;
// the model's input is 800 px on the long side whatever the frame).
const scaleMin = Number(arg('scale-min') ?? 0.3);
const scaleMax = Number(arg('scale-max') ?? 0.8);
const negativeShare = Number(arg('negatives') ?? 0.1);
const { cv } = await loadNodeOpenCv();
mkdirSync(out, { recursive: true });

const SEED0 = 5_000_000;

interface Made {
  image: LarvaeImage;
  points: readonly (readonly [number, number])[];
}

async function make(n: number): Promise<Made> {
  const r = mulberry32(SEED0 + n * 7919);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
  const generator = n % 3; // 0 A, 1 B, 2 E
  const tray = r() < 0.5 ? 'bright' : 'dark';
  const negative = r() < negativeShare;
  const count = negative ? 0 : Math.round(Math.exp(Math.log(30) + r() * Math.log(3200 / 30)));
  const scale = scaleMin + r() * (scaleMax - scaleMin);
  const seed = SEED0 + n;
  if (generator === 0) {
    const w = Math.round(4000 * scale);
    const photo = generateTray({
      seed,
      count: Math.max(1, count),
      hatchColor: tray,
      width: w,
      height: Math.round(w * pick([0.75, 0.5625, 1.3333])),
      blur: r() * 0.9,
      bubbles: Math.floor(r() * 30),
      debris: Math.floor(r() * 140),
      glare: Math.floor(r() * 3),
    });
    return { image: photo, points: photo.larvae.map((p) => [p.x, p.y] as const) };
  }
  if (generator === 1) {
    const kind: PhotoKindB = negative
      ? pick(['text-page', 'empty-tray', 'empty-tray', 'scene'] as const)
      : 'tray';
    const photo = await generatePhotoB(
      photoSpecB({
        seed,
        kind,
        hatchColor: tray,
        count: kind === 'tray' ? count : 0,
        scale,
        glare: r() < 0.5 ? 1 + Math.floor(r() * 3) : 0,
        blur: pick(['none', 'none', 'defocus', 'motion'] as const),
        clumped: r() * 0.45,
        bubbles: Math.floor(r() * 30),
        debris: Math.floor(r() * 120),
        edgeObject: r() < 0.35,
        unevenLight: r() < 0.6,
      }),
    );
    return { image: photo, points: photo.larvae };
  }
  const kind: KindE = negative ? pick(['text', 'empty', 'empty', 'scene'] as const) : 'tray';
  const [fw, fh] = pick([
    [4000, 3000],
    [3000, 4000],
    [4000, 2250],
    [3200, 2400],
  ] as const);
  const photo = await generatePhotoE(
    photoSpecE({
      name: `train-${n}`,
      kind,
      tray,
      seed,
      count: kind === 'tray' ? count : 0,
      width: Math.round(fw * scale),
      height: Math.round(fh * scale),
      basin: pick(['tray', 'bowl', 'floor'] as const),
      glare: pick(
        tray === 'bright'
          ? (['none', 'blob', 'window', 'ring'] as const)
          : (['none', 'streak', 'sparkles', 'blob'] as const),
      ),
      blur: pick(['sharp', 'sharp', 'defocus', 'motion'] as const),
      uneven: r() < 0.5,
      clumped: r() * 0.45,
    }),
  );
  return { image: photo, points: photo.larvae };
}

for (let n = from; n < to; n++) {
  const t0 = performance.now();
  const { image, points } = await make(n);
  const input = densityInput(cv, image);
  const scaled = points.map(([x, y]) => [
    Math.round(x * input.factor * 10) / 10,
    Math.round(y * input.factor * 10) / 10,
  ]);
  writeFileSync(join(out, `${n}.rgb`), input.rgb);
  writeFileSync(
    join(out, `${n}.json`),
    JSON.stringify({ width: input.width, height: input.height, points: scaled }),
  );
  console.log(
    `${n}: ${points.length} larvae, ${image.width}×${image.height}, ${Math.round(performance.now() - t0)} ms`,
  );
}
