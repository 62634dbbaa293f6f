/**
 * The larvae density model (ADR 0105), run by OpenCV's dnn module (in the same
 * `@techstark/opencv-js` build as the classical engine, so Node and the browser worker
 * need no other runtime). The model (density-model.onnx, trained by
 * scripts/larvae/train-density.py on the tuning generators' photos) maps the density
 * input (density-input.ts) to larvae per cell of 4 × 4 input pixels; the count is the sum,
 * and the marks are laid on the cells by error diffusion (as many as the rounded count).
 */

import type { Cv, CvMat } from '../../../src/shared/larvae/opencv.ts';
import type { LarvaeImage, LarvaMark } from '../../../src/shared/larvae/types.ts';
import { densityInput, densityStats } from './density-input.ts';

const STRIDE = 4;

export interface DnnNet {
  setInput(blob: CvMat): void;
  forward(): CvMat & { matSize: number[] };
  delete(): void;
}

/** The few dnn calls used here, typed narrowly. */
export interface CvDnn {
  FS_createDataFile(
    parent: string,
    name: string,
    data: Uint8Array,
    read: boolean,
    write: boolean,
    own: boolean,
  ): void;
  readNetFromONNX(path: string): DnnNet;
  blobFromImage(
    image: CvMat,
    scale: number,
    size: unknown,
    mean: unknown,
    swapRB: boolean,
    crop: boolean,
  ): CvMat;
  Scalar: new (a: number, b: number, c: number, d: number) => unknown;
  CV_8UC3: number;
}

const nets = new WeakMap<object, DnnNet>();
let written = 0;

/** The model read into OpenCV once per runtime (the file goes through its in-memory FS). */
export function densityNet(cv: Cv, model: Uint8Array): DnnNet {
  let net = nets.get(cv);
  if (!net) {
    const dnn = cv as unknown as CvDnn;
    const name = `larvae-density-${++written}.onnx`;
    dnn.FS_createDataFile('/', name, model, true, false, false);
    net = dnn.readNetFromONNX(name);
    nets.set(cv, net);
  }
  return net;
}

export interface DensityCount {
  /** The model's count, unrounded. */
  sum: number;
  marks: LarvaMark[];
}

/**
 * How the model wants its input: 'fixed' 0..1 (ADR 0105/0109, the net shifts it itself) or
 * 'photo' less the photo's channel means over its spread (ADR 0111, densityStats).
 */
export type DensityInputNorm = 'fixed' | 'photo';

export function densityCount(
  cv: Cv,
  net: DnnNet,
  image: LarvaeImage,
  norm: DensityInputNorm = 'fixed',
): DensityCount {
  const dnn = cv as unknown as CvDnn;
  const input = densityInput(cv, image);
  // blobFromImage gives (pixel − mean) × scale.
  const stats = norm === 'photo' ? densityStats(input) : undefined;
  const mean = stats?.mean ?? [0, 0, 0];
  const scale = stats ? 1 / (255 * stats.spread) : 1 / 255;
  const mat = new cv.Mat(input.height, input.width, dnn.CV_8UC3);
  let blob: CvMat | undefined;
  let out: (CvMat & { matSize: number[] }) | undefined;
  try {
    mat.data.set(input.rgb);
    blob = dnn.blobFromImage(
      mat,
      scale,
      new cv.Size(input.width, input.height),
      new dnn.Scalar(mean[0], mean[1], mean[2], 0),
      false,
      false,
    );
    net.setInput(blob);
    out = net.forward();
    const gh = out.matSize[2] as number;
    const gw = out.matSize[3] as number;
    const density = Float32Array.from(out.data32F);
    let sum = 0;
    for (const v of density) sum += v;
    return { sum, marks: diffuse(density, gw, gh, (STRIDE / input.factor) as number) };
  } finally {
    mat.delete();
    blob?.delete();
    out?.delete();
  }
}

/** Marks where the density adds up to a larva, row by row, the remainder carried on. */
function diffuse(density: Float32Array, gw: number, gh: number, cell: number): LarvaMark[] {
  const marks: LarvaMark[] = [];
  const d = density;
  for (let y = 0; y < gh; y++)
    for (let x = 0; x < gw; x++) {
      const i = y * gw + x;
      const v = d[i] as number;
      const n = Math.max(0, Math.round(v));
      for (let k = 0; k < n; k++) marks.push({ x: (x + 0.5) * cell, y: (y + 0.5) * cell });
      const rest = v - n;
      if (x + 1 < gw) d[i + 1] = (d[i + 1] as number) + rest * 0.4375;
      if (y + 1 < gh) {
        if (x > 0) d[i + gw - 1] = (d[i + gw - 1] as number) + rest * 0.1875;
        d[i + gw] = (d[i + gw] as number) + rest * 0.3125;
        if (x + 1 < gw) d[i + gw + 1] = (d[i + gw + 1] as number) + rest * 0.0625;
      }
    }
  return marks;
}
