/**
 * A count by the density model alone (ADR 0105), as the engine's answer: the model's sum,
 * rounded; under NO_LARVAE_BELOW, "no larvae"; the band a share of the count plus a floor
 * for few larvae, both set on validation photos of the tuning generators
 * (scripts/larvae/train-density.py), not on any evaluation set.
 */

import type { Cv } from '../../../src/shared/larvae/opencv.ts';
import type { HatchColor, LarvaeImage, LarvaeResult } from '../../../src/shared/larvae/types.ts';
import { type DnnNet, densityCount } from './density-count.ts';

const MIN_SIDE = 240;
export const NO_LARVAE_BELOW = 8;
const BAND_SHARE = 0.12;
const BAND_FLOOR = 4;

export function countByDensity(cv: Cv, net: DnnNet, image: LarvaeImage, _hatch: HatchColor): LarvaeResult {
  const { width, height } = image;
  if (Math.min(width, height) < MIN_SIDE) return { ok: false, problem: 'image-too-small', width, height };
  const { sum, marks } = densityCount(cv, net, image);
  const count = Math.round(sum);
  if (count < NO_LARVAE_BELOW) return { ok: false, problem: 'no-larvae', width, height };
  const half = BAND_SHARE * count + BAND_FLOOR;
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
