import { beforeAll, describe, expect, it } from 'vitest';
import { countLarvae } from '../../src/shared/larvae/count-larvae.ts';
import type { Cv } from '../../src/shared/larvae/opencv.ts';
import { generatePhotoE, tuningSetE } from './generator-e/index.ts';
import { loadNodeOpenCv } from './node-opencv.ts';

/**
 * The engine on generator E's photos at `--scale=0.5` (ADR 0085, 0088): its photos without
 * larvae get no number; a black bowl on a lighter table (refused "not a tray" before ADR
 * 0085), a sparse black tray with a glare streak and bubbles and a white tray with a
 * blown-out glare patch (refused before ADR 0088) are counted; the band of a tray whose
 * clumps are under-read holds the truth, and a dense defocused tray's faint larvae are
 * seen (ADR 0091); a label's print and solid dark debris on a white basin are not counted
 * as clumps (ADR 0094); marks on the basin's edge (a tray's rim, a label over it) are
 * not larvae (ADR 0097).
 */
let cv: Cv;
beforeAll(async () => {
  ({ cv } = await loadNodeOpenCv());
}, 60_000);

const set = tuningSetE(0.5);

async function count(name: string) {
  const spec = set.find((s) => s.name === name);
  if (!spec) throw new Error(`no photo ${name}`);
  const photo = await generatePhotoE(spec);
  return countLarvae(cv, photo, spec.tray);
}

describe('countLarvae on generator E', () => {
  it.each(['E-neg-text', 'E-neg-empty-bright', 'E-neg-empty-dark', 'E-neg-scene'])(
    'gives no number for %s',
    async (name) => {
      expect((await count(name)).ok).toBe(false);
    },
    60_000,
  );

  it('counts a sparse black tray with a glare streak and bubbles within 8 % (refused before)', async () => {
    const res = await count('E-dark-45-1');
    expect(res).toMatchObject({ ok: true });
    if (res.ok) expect(Math.abs(res.count - 45) / 45).toBeLessThanOrEqual(0.08);
  }, 60_000);

  it('counts a white tray with a blown-out glare patch instead of refusing it "too bright"', async () => {
    const res = await count('E-bright-1600-16');
    expect(res).toMatchObject({ ok: true, quality: expect.arrayContaining(['uneven-light']) });
  }, 60_000);

  it('holds the truth in the band of a black tray whose dense clumps are under-read (ADR 0091)', async () => {
    // 500 larvae, most in clumps, counted ~23 % short: the band's upper side reaches the
    // truth through the larvae hidden in clumps; it stayed at 482 before.
    const res = await count('E-dark-500-11');
    expect(res).toMatchObject({ ok: true });
    if (!res.ok) return;
    expect(res.inClumps).toBeGreaterThan(res.singles);
    expect(res.lower).toBeLessThanOrEqual(500);
    expect(res.upper).toBeGreaterThanOrEqual(500);
    // Clumps are under-read, not over-read: the band reaches further up than down.
    expect(res.upper - res.count).toBeGreaterThan(res.count - res.lower);
  }, 60_000);

  it('sees the faint larvae of a dense defocused white tray (the noise floor stays under their contrast)', async () => {
    // 2,400 larvae; the noise floor read from the contrast's lower half had risen above
    // half the larvae's own contrast: 1,868 (−22 %) before ADR 0091.
    const res = await count('E-bright-2400-18');
    expect(res).toMatchObject({ ok: true });
    if (res.ok) expect(res.count).toBeGreaterThanOrEqual(0.82 * 2400);
  }, 60_000);

  it('does not count the print of a label beside a white bowl as larvae (ADR 0094)', async () => {
    // 320 larvae and a printed label on the table: its lines of print merged into solid
    // bars counted as clumps, 432 (+35 %, the truth under the band) before ADR 0094.
    const res = await count('E-bright-320-8');
    expect(res).toMatchObject({ ok: true });
    if (!res.ok) return;
    expect(res.count).toBeLessThanOrEqual(1.2 * 320);
    expect(res.lower).toBeLessThanOrEqual(320);
    expect(res.upper).toBeGreaterThanOrEqual(320);
  }, 60_000);

  it.each([
    // A white floor with a label at the edge: 144 (+10.8 %) before ADR 0094.
    ['E-bright-130-4', 130],
    // A white bowl with dark debris lying solid among the larvae: 88 (+10 %) before.
    ['E-bright-80-2', 80],
  ])(
    'counts %s within 8 % (solid dark marks are not clumps of larvae)',
    async (name, truth) => {
      const res = await count(name);
      expect(res).toMatchObject({ ok: true });
      if (res.ok) expect(Math.abs(res.count - truth) / truth).toBeLessThanOrEqual(0.08);
    },
    60_000,
  );

  it('does not count the rim of a black tray nor a label on it as larvae (ADR 0097)', async () => {
    // 80 larvae; the tray's grey rim and a label lying over it left larva-sized marks along
    // the basin's edge: 105 (+31 %) before ADR 0097.
    const res = await count('E-dark-80-3');
    expect(res).toMatchObject({ ok: true });
    if (res.ok) expect(res.count).toBeLessThanOrEqual(1.25 * 80);
  }, 120_000);

  it("counts a sparse white tray within 5 % (marks on the tray's edge are not larvae; ADR 0097)", async () => {
    // 45 larvae: 49 (+8.9 %) before ADR 0097.
    const res = await count('E-bright-45-0');
    expect(res).toMatchObject({ ok: true });
    if (res.ok) expect(Math.abs(res.count - 45) / 45).toBeLessThanOrEqual(0.05);
  }, 120_000);

  it('counts a black bowl on a lighter table within 8 %', async () => {
    const res = await count('E-dark-320-9');
    expect(res).toMatchObject({ ok: true });
    if (res.ok) expect(Math.abs(res.count - 320) / 320).toBeLessThanOrEqual(0.08);
  }, 60_000);
});
