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

/** A tuning photo of generator E or B, counted at full size. */
async function countE(name: string) {
  const spec = tuningSetE(1).find((s) => s.name === name);
  if (!spec) throw new Error(`no photo ${name}`);
  return countLarvae(cv, await generatePhotoE(spec), spec.tray);
}
async function countB(name: string) {
  const spec = heldOutSet(1).find((s) => s.name === name);
  if (!spec) throw new Error(`no photo ${name}`);
  return countLarvae(cv, await generatePhotoB(spec), spec.hatchColor);
}

/** A count within `share` of the true one. */
function expectNear(res: ReturnType<typeof countLarvae>, truth: number, share: number) {
  expect(res.ok).toBe(true);
  if (res.ok) expect(Math.abs(res.count - truth) / truth).toBeLessThanOrEqual(share);
}

describe('countLarvae on tuning photos at full size', () => {
  it.fails("does not count a black tray's rim seen as one ring (was 200 for 80)", async () => {
    expectNear(await countE('E-dark-80-3'), 80, 0.1);
  }, 240_000);

  it.fails("does not count a label's glyphs beside a white basin (was 60 for 50)", async () => {
    expectNear(await countB('B-bright-50-0'), 50, 0.1);
  }, 240_000);

  it.fails("does not count a grey table's blotches beside a cream bowl (245 for 160; 144 with ADR 0114's rules)", async () => {
    expectNear(await countE('E-bright-160-20'), 160, 0.12);
  }, 240_000);

  it.fails('gives no number for a scene of sky and grass (1,191 at 12 MP; none at half size)', async () => {
    expect((await countB('B-neg-scene')).ok).toBe(false);
  }, 240_000);
});
