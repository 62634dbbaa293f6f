import { beforeAll, describe, expect, it } from 'vitest';
import { countLarvae } from '../../src/shared/larvae/count-larvae.ts';
import type { Cv } from '../../src/shared/larvae/opencv.ts';
import { correctedBand } from '../../src/shared/larvae/types.ts';
import { loadNodeOpenCv } from './node-opencv.ts';
import { generateTray, mulberry32, trayWithEdgeDashes } from './synthetic-tray.ts';

let cv: Cv;
beforeAll(async () => {
  ({ cv } = await loadNodeOpenCv());
}, 60_000);

/** 2000×1500: a quarter of a 12 MP photo at half scale, larvae 30–45 px long. */
const small = { width: 2000, height: 1500 };

describe('countLarvae on generated trays', () => {
  for (const [count, hatchColor] of [
    [60, 'bright'],
    [60, 'dark'],
    [400, 'bright'],
    [400, 'dark'],
  ] as const) {
    it(`finds ${count} larvae on a ${hatchColor} tray within its band`, () => {
      const photo = generateTray({
        seed: count + 7,
        count,
        hatchColor,
        ...small,
        bubbles: 8,
        debris: 30,
        glare: 1,
      });
      const res = countLarvae(cv, photo, hatchColor);
      expect(res.ok).toBe(true);
      if (!res.ok) return;
      expect(res.lower).toBeLessThanOrEqual(count);
      expect(res.upper).toBeGreaterThanOrEqual(count);
      expect(Math.abs(res.count - count) / count).toBeLessThan(0.05);
      expect(res.marks).toHaveLength(res.count);
      // Every true larva has a mark near it (within a body length).
      const near = photo.larvae.filter((l) =>
        res.marks.some((m) => Math.hypot(m.x - l.x, m.y - l.y) < 40),
      ).length;
      expect(near / count).toBeGreaterThan(0.9);
    });
  }

  it('says "no larvae" for an empty tray', () => {
    const photo = generateTray({ seed: 3, count: 0, hatchColor: 'bright', ...small, bubbles: 6, debris: 40 });
    expect(countLarvae(cv, photo, 'bright')).toMatchObject({ ok: false, problem: 'no-larvae' });
  });

  it('says "too dark" for a black photo and "too bright" for a blown-out one', () => {
    const dark = new Uint8ClampedArray(800 * 600 * 4).fill(6);
    const bright = new Uint8ClampedArray(800 * 600 * 4).fill(255);
    expect(countLarvae(cv, { rgba: dark, width: 800, height: 600 }, 'bright')).toMatchObject({
      problem: 'too-dark',
    });
    expect(countLarvae(cv, { rgba: bright, width: 800, height: 600 }, 'dark')).toMatchObject({
      problem: 'too-bright',
    });
  });

  it('gives no number for a scene (large shapes of many tones, nothing larva-shaped)', () => {
    const w = 1600;
    const h = 1200;
    const rgba = new Uint8ClampedArray(w * h * 4);
    const rand = mulberry32(9);
    // Sky, ground and a dozen houses / trees of very different tones.
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const i = (y * w + x) * 4;
        const v = y < h * 0.45 ? 200 - y / 8 : 70 + ((x * 7 + y * 3) % 40);
        rgba.set([v, v, v, 255], i);
      }
    for (let k = 0; k < 14; k++) {
      const x0 = Math.floor(rand() * w * 0.8);
      const y0 = Math.floor(h * 0.3 + rand() * h * 0.5);
      const bw = 80 + Math.floor(rand() * 250);
      const bh = 80 + Math.floor(rand() * 300);
      const v = Math.floor(rand() * 255);
      for (let y = y0; y < Math.min(h, y0 + bh); y++)
        for (let x = x0; x < Math.min(w, x0 + bw); x++) rgba.set([v, v, v, 255], (y * w + x) * 4);
    }
    const res = countLarvae(cv, { rgba, width: w, height: h }, 'bright');
    // Its light spread is within a glared tray's now; it is refused for what it lacks.
    expect(res.ok).toBe(false);
    if (!res.ok) expect(['not-a-tray', 'no-larvae']).toContain(res.problem);
  });

  it("does not count marks on the basin's edge, and its band reaches over them (ADR 0097)", () => {
    // A white tray of 120 larvae seen on a dark table, and 16 larva-sized dark dashes lying
    // along the basin's edge (what the rim's step, the frame's corners or a label beside the
    // basin leave): counted as larvae before ADR 0097 (136 and more).
    const res = countLarvae(cv, trayWithEdgeDashes(), 'bright');
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    expect(Math.abs(res.count - 120) / 120).toBeLessThanOrEqual(0.05);
    expect(res.lower).toBeLessThanOrEqual(120);
    // What was left out at the edge may be larvae against the wall: the band holds it.
    expect(res.upper).toBeGreaterThanOrEqual(136);
  });

  it('refuses a thumbnail', () => {
    const rgba = new Uint8ClampedArray(200 * 150 * 4).fill(200);
    expect(countLarvae(cv, { rgba, width: 200, height: 150 }, 'bright')).toMatchObject({
      problem: 'image-too-small',
    });
  });
});

describe('correctedBand', () => {
  it('moves the band with the hand-corrected marks', () => {
    expect(correctedBand({ count: 100, lower: 95, upper: 108 }, 101)).toEqual({
      count: 101,
      lower: 96,
      upper: 109,
    });
    expect(correctedBand({ count: 3, lower: 2, upper: 4 }, 0)).toEqual({ count: 0, lower: 0, upper: 1 });
  });
});
