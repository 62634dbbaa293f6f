import { beforeAll, describe, expect, it } from 'vitest';
import { countLarvae } from '../../src/shared/larvae/count-larvae.ts';
import type { Cv } from '../../src/shared/larvae/opencv.ts';
import { generatePhotoB, heldOutSet } from './generator-b/index.ts';
import { generatePhotoE, tuningSetE } from './generator-e/index.ts';
import { loadNodeOpenCv } from './node-opencv.ts';

/**
 * Tuning photos at a phone photo's full size (`--scale=1`, counted on the engine's 2,400 px
 * copy), where the engine had been tuned at half size only (ADR 0102): a black tray's rim
 * seen as one ring and a label's separate glyphs beside a white basin are not larvae, and a
 * scene gets no number. The engine fails all three today, so each is marked as failing
 * (`it.fails`): it runs, and turns red the day the engine meets it, to be made a plain test
 * then. The changes that met the first two (ADR 0102) moved the held-out sets slightly the
 * wrong way and were not kept. ADR 0114's five rules met all four below (a grey table's
 * blotches beside a cream bowl added) and moved the held-out sets by the same amounts as
 * ADR 0102's; they were not kept either.
 */
let cv: Cv;
beforeAll(async () => {
  ({ cv } = await loadNodeOpenCv());
}, 60_000);

describe('countLarvae on tuning photos at full size', () => {
  it.fails("does not count a black tray's rim seen as one ring (was 200 for 80)", async () => {
    const spec = tuningSetE(1).find((s) => s.name === 'E-dark-80-3');
    if (!spec) throw new Error('no photo');
    const res = countLarvae(cv, await generatePhotoE(spec), spec.tray);
    expect(res.ok).toBe(true);
    if (res.ok) expect(Math.abs(res.count - 80) / 80).toBeLessThanOrEqual(0.1);
  }, 240_000);

  it.fails("does not count a label's glyphs beside a white basin (was 60 for 50)", async () => {
    const spec = heldOutSet(1).find((s) => s.name === 'B-bright-50-0');
    if (!spec) throw new Error('no photo');
    const res = countLarvae(cv, await generatePhotoB(spec), spec.hatchColor);
    expect(res.ok).toBe(true);
    if (res.ok) expect(Math.abs(res.count - 50) / 50).toBeLessThanOrEqual(0.1);
  }, 240_000);

  it.fails("does not count a grey table's blotches beside a cream bowl (245 for 160; 144 with ADR 0114's rules)", async () => {
    const spec = tuningSetE(1).find((s) => s.name === 'E-bright-160-20');
    if (!spec) throw new Error('no photo');
    const res = countLarvae(cv, await generatePhotoE(spec), spec.tray);
    expect(res.ok).toBe(true);
    if (res.ok) expect(Math.abs(res.count - 160) / 160).toBeLessThanOrEqual(0.12);
  }, 240_000);

  it.fails('gives no number for a scene of sky and grass (1,191 at 12 MP; none at half size)', async () => {
    const spec = heldOutSet(1).find((s) => s.name === 'B-neg-scene');
    if (!spec) throw new Error('no photo');
    expect(countLarvae(cv, await generatePhotoB(spec), spec.hatchColor).ok).toBe(false);
  }, 240_000);
});
