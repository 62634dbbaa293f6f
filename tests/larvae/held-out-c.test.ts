import { beforeAll, describe, expect, it } from 'vitest';
import { countLarvae } from '../../src/shared/larvae/count-larvae.ts';
import type { Cv } from '../../src/shared/larvae/opencv.ts';
import { generatePhotoC, type KindC, photoSpecC, type SpecC } from './generator-c/index.ts';
import { loadNodeOpenCv } from './node-opencv.ts';

/**
 * Photos without larvae from the held-out generator C (seeds not in the evaluation set,
 * 1600 × 1200): a printed form, a handwritten page, an empty white tray with foam, debris
 * and a window's glare, and a pond scene get no number.
 */
let cv: Cv;
beforeAll(async () => {
  ({ cv } = await loadNodeOpenCv());
}, 60_000);

const spec = (kind: KindC, seed: number, extra: Partial<SpecC> = {}): SpecC =>
  photoSpecC(`test-${kind}-${seed}`, kind, 'bright', seed, { width: 1600, height: 1200, ...extra });

describe('countLarvae on held-out photos without larvae (generator C)', () => {
  // Met since ADR 0085 (it got 70: a table's short strokes passed for larvae).
  it('gives no number for a printed form', async () => {
    const s = spec('form', 610_001);
    const res = countLarvae(cv, await generatePhotoC(s), s.tray);
    expect(res.ok).toBe(false);
  }, 60_000);

  for (const s of [
    spec('handwriting', 610_002),
    spec('empty-tray', 610_003, { foam: 30, debris: 150, glare: 2 }),
    spec('pond', 610_004),
  ])
    it(`gives no number for ${s.kind}`, async () => {
      const photo = await generatePhotoC(s);
      const res = countLarvae(cv, photo, s.tray);
      expect(res.ok).toBe(false);
    }, 60_000);
});
