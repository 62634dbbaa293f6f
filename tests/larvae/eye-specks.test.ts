import { beforeAll, describe, expect, it } from 'vitest';
import { countLarvae } from '../../src/shared/larvae/count-larvae.ts';
import type { Cv } from '../../src/shared/larvae/opencv.ts';
import { generatePhotoE, tuningSetE } from './generator-e/index.ts';
import { loadNodeOpenCv } from './node-opencv.ts';
import { evaluationSet, generateTray } from './synthetic-tray.ts';

/**
 * A faint larva's lone dark eye-speck is counted where the tray around it is crowded, not
 * on a sparse tray (ADR 0116, the crowd made local in ADR 0119). Tuning photos only.
 */
let cv: Cv;
beforeAll(async () => {
  ({ cv } = await loadNodeOpenCv());
}, 60_000);

describe('eye-specks of faint larvae, counted where the tray is crowded (ADR 0119)', () => {
  it("counts the faint larvae's eyes on a dense defocused white tray", async () => {
    // Generator E at half size, 2,400 larvae: 2,042 (−14.9 %) before; ~190 eye-specks off
    // every kept mark, nearly all among crowded larvae.
    const spec = tuningSetE(0.5).find((s) => s.name === 'E-bright-2400-18');
    if (!spec) throw new Error('no photo E-bright-2400-18');
    const res = countLarvae(cv, await generatePhotoE(spec), spec.tray);
    expect(res).toMatchObject({ ok: true });
    if (!res.ok) return;
    expect(res.count).toBeGreaterThanOrEqual(0.9 * 2400);
    expect(res.count).toBeLessThanOrEqual(1.05 * 2400);
    expect(res.marks).toHaveLength(res.count);
  }, 120_000);

  it("does not count a sparse tray's lone dark specks (debris as often as larvae)", () => {
    // Generator A at 12 MP, 50 larvae: 42 dark specks lie off every larva; the crowd around
    // each is far under a dense tray's, so none is counted (92 when every speck counted).
    const opts = evaluationSet(false).find((o) => o.hatchColor === 'bright' && o.count === 50);
    if (!opts) throw new Error('no sparse bright tray in set A');
    const photo = generateTray({ ...opts, width: 4000, height: 3000 });
    const res = countLarvae(cv, photo, 'bright');
    expect(res).toMatchObject({ ok: true });
    if (res.ok) expect(Math.abs(res.count - 50)).toBeLessThanOrEqual(2);
  }, 120_000);
});
