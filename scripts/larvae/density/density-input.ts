/**
 * The density model's input (ADR 0105): a photo brought to DENSITY_SIDE px on its long
 * side by area averaging (a larva is then 10–20 px long on every generator's frame), as
 * RGB bytes. The training data (scripts/larvae/density-data.ts) and the count
 * (density-count.ts) both go through this, so the model sees what it was trained on.
 */
import type { Cv } from '../../../src/shared/larvae/opencv.ts';
import type { LarvaeImage } from '../../../src/shared/larvae/types.ts';

export const DENSITY_SIDE = 800;

export interface DensityInput {
  /** RGB, 3 bytes a pixel, row by row. */
  rgb: Uint8Array;
  width: number;
  height: number;
  /** Working pixels per photo pixel (≤ 1). */
  factor: number;
}

export function densityInput(cv: Cv, image: LarvaeImage): DensityInput {
  const factor = Math.min(1, DENSITY_SIDE / Math.max(image.width, image.height));
  const width = Math.max(1, Math.round(image.width * factor));
  const height = Math.max(1, Math.round(image.height * factor));
  const src = new cv.Mat(image.height, image.width, cv.CV_8UC4);
  const small = new cv.Mat();
  try {
    src.data.set(image.rgba.subarray(0, image.width * image.height * 4));
    if (factor < 1) cv.resize(src, small, new cv.Size(width, height), 0, 0, cv.INTER_AREA);
    const from = factor < 1 ? small.data : src.data;
    const rgb = new Uint8Array(width * height * 3);
    for (let i = 0, j = 0; j < rgb.length; i += 4, j += 3) {
      rgb[j] = from[i] as number;
      rgb[j + 1] = from[i + 1] as number;
      rgb[j + 2] = from[i + 2] as number;
    }
    return { rgb, width, height, factor };
  } finally {
    src.delete();
    small.delete();
  }
}

/** The least spread the 'photo' input is divided by (0..1 units): a flat photo is not blown up into noise. */
export const NORM_FLOOR = 0.02;

export interface DensityStats {
  /** Each channel's mean, 0..255 (R, G, B). */
  mean: [number, number, number];
  /** The root mean square about those means over all three channels, 0..1, at least NORM_FLOOR. */
  spread: number;
}

/**
 * The input's statistics for a model trained with `--norm photo` (ADR 0111): it is fed
 * (pixel − its channel's mean) / spread, so that a dark and a bright tray look alike to it
 * (train-density.py's photo_stats computes the same).
 */
export function densityStats(input: DensityInput): DensityStats {
  const sum = [0, 0, 0];
  const squares = [0, 0, 0];
  const { rgb } = input;
  for (let i = 0; i < rgb.length; i += 3)
    for (let c = 0; c < 3; c++) {
      const v = rgb[i + c] as number;
      sum[c] = (sum[c] as number) + v;
      squares[c] = (squares[c] as number) + v * v;
    }
  const n = Math.max(1, rgb.length / 3);
  const mean = sum.map((s) => s / n) as [number, number, number];
  const variance = mean.reduce((v, m, c) => v + Math.max(0, (squares[c] as number) / n - m * m), 0) / 3;
  return { mean, spread: Math.max(NORM_FLOOR, Math.sqrt(variance) / 255) };
}
