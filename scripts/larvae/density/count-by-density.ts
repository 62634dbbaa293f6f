/**
 * A count by the density model alone (ADR 0105), as the engine's answer: the model's sum,
 * rounded; under the calibration's `noLarvaeBelow`, "no larvae"; the band a share of the count plus a floor
 * for few larvae, both set on validation photos of the tuning generators
 * (scripts/larvae/train-density.py), not on any evaluation set.
 */

import type { Cv } from '../../../src/shared/larvae/opencv.ts';
import type { HatchColor, LarvaeImage, LarvaeResult } from '../../../src/shared/larvae/types.ts';
import { type DensityInputNorm, type DnnNet, densityCount } from './density-count.ts';

const MIN_SIDE = 240;

/**
 * What the training script sets on its validation photos (`<model>.onnx.json`, written by
 * scripts/larvae/train-density.py, ADR 0109): "no larvae" under `noLarvaeBelow`, the band
 * `bandShare` × count + `bandFloor` either side. The defaults are ADR 0105's placeholders.
 */
export interface DensityCalibration {
  noLarvaeBelow: number;
  bandShare: number;
  bandFloor: number;
  /** The model's input normalisation (train-density.py's `--norm`; absent in ADR 0109's files: 'fixed'). */
  input?: DensityInputNorm;
}

export const PLACEHOLDER_CALIBRATION: DensityCalibration = {
  noLarvaeBelow: 8,
  bandShare: 0.12,
  bandFloor: 4,
};

export function countByDensity(
  cv: Cv,
  net: DnnNet,
  image: LarvaeImage,
  _hatch: HatchColor,
  calibration: DensityCalibration = PLACEHOLDER_CALIBRATION,
): LarvaeResult {
  const { width, height } = image;
  if (Math.min(width, height) < MIN_SIDE) return { ok: false, problem: 'image-too-small', width, height };
  const { sum, marks } = densityCount(cv, net, image, calibration.input);
  const count = Math.round(sum);
  if (count < calibration.noLarvaeBelow) return { ok: false, problem: 'no-larvae', width, height };
  const half = calibration.bandShare * count + calibration.bandFloor;
  return {
    ok: true,
    count,
    lower: Math.max(0, Math.floor(count - half)),
    upper: Math.ceil(count + half),
    marks,
    singles: count,
    inClumps: 0,
    quality: [],
    width,
    height,
  };
}
