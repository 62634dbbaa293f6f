import { beforeAll, describe, expect, it } from 'vitest';
import {
  DENSITY_SIDE,
  densityInput,
  densityStats,
  NORM_FLOOR,
} from '../../scripts/larvae/density/density-input.ts';
import type { Cv } from '../../src/shared/larvae/opencv.ts';
import { generatePhotoB, photoSpecB } from './generator-b/index.ts';
import { loadNodeOpenCv } from './node-opencv.ts';

/** The density model's input (ADR 0105) and the truth its training data is made from. */
let cv: Cv;
beforeAll(async () => {
  ({ cv } = await loadNodeOpenCv());
}, 60_000);

function flat(width: number, height: number, rgb: [number, number, number]) {
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < rgba.length; i += 4) rgba.set([...rgb, 255], i);
  return { rgba, width, height };
}

describe('densityInput', () => {
  it('brings a photo to DENSITY_SIDE px on its long side, RGB without alpha', () => {
    const input = densityInput(cv, flat(1200, 1600, [10, 120, 250]));
    expect(input).toMatchObject({ width: 600, height: DENSITY_SIDE, factor: 0.5 });
    expect(input.rgb.length).toBe(600 * 800 * 3);
    expect([...input.rgb.subarray(0, 6)]).toEqual([10, 120, 250, 10, 120, 250]);
  });

  it('keeps a photo already smaller as it is', () => {
    const input = densityInput(cv, flat(640, 480, [200, 200, 200]));
    expect(input).toMatchObject({ width: 640, height: 480, factor: 1 });
  });
});

describe('densityStats (the input of a model trained with --norm photo, ADR 0111)', () => {
  it("gives each channel's mean and the spread about those means over all channels", () => {
    // Half the pixels (10, 100, 200), half (30, 100, 240): means 20, 100, 220; deviations
    // ±10, 0, ±20, so the spread is √((100 + 0 + 400) / 3) levels.
    const rgb = new Uint8Array([10, 100, 200, 30, 100, 240, 10, 100, 200, 30, 100, 240]);
    const stats = densityStats({ rgb, width: 2, height: 2, factor: 1 });
    expect(stats.mean).toEqual([20, 100, 220]);
    expect(stats.spread).toBeCloseTo(Math.sqrt(500 / 3) / 255, 6);
  });

  it('does not divide a flat photo by less than NORM_FLOOR', () => {
    const input = densityInput(cv, flat(640, 480, [90, 90, 90]));
    expect(densityStats(input)).toEqual({ mean: [90, 90, 90], spread: NORM_FLOOR });
  });
});

describe('generator B returns its larvae', () => {
  it('one midpoint a larva, on the frame (the basin may pass its edge by less than a larva)', async () => {
    const spec = photoSpecB({ seed: 77, kind: 'tray', hatchColor: 'dark', count: 40, scale: 0.15 });
    const photo = await generatePhotoB(spec);
    expect(photo.larvae).toHaveLength(40);
    const larva = photo.width * 0.021;
    for (const [x, y] of photo.larvae) {
      expect(x).toBeGreaterThan(-larva);
      expect(x).toBeLessThan(photo.width + larva);
      expect(y).toBeGreaterThan(-larva);
      expect(y).toBeLessThan(photo.height + larva);
    }
    const inside = photo.larvae.filter(([x, y]) => x >= 0 && x < photo.width && y >= 0 && y < photo.height);
    expect(inside.length).toBeGreaterThanOrEqual(36);
    const none = await generatePhotoB(
      photoSpecB({ seed: 78, kind: 'text-page', hatchColor: 'bright', scale: 0.15 }),
    );
    expect(none.larvae).toHaveLength(0);
  }, 60_000);
});
