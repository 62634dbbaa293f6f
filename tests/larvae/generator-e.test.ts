import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generatePhotoE, photoSpecE, tuningSetE } from './generator-e/index.ts';

const digest = (a: Uint8ClampedArray) => createHash('sha256').update(a).digest('hex');

describe('generator E (a tuning set looked at photo by photo)', () => {
  it('is deterministic, and draws as many larvae as its spec says', async () => {
    const spec = photoSpecE({
      name: 'test',
      kind: 'tray',
      tray: 'bright',
      seed: 11,
      count: 70,
      width: 640,
      height: 480,
      basin: 'bowl',
      glare: 'window',
      blur: 'motion',
      clumped: 0.3,
    });
    const a = await generatePhotoE(spec);
    const b = await generatePhotoE(spec);
    expect(a.rgba.length).toBe(640 * 480 * 4);
    expect(a.larvae).toHaveLength(70);
    expect(digest(a.rgba)).toBe(digest(b.rgba));
    expect(digest((await generatePhotoE({ ...spec, seed: 12 })).rgba)).not.toBe(digest(a.rgba));
  }, 60_000);

  it('the set: 24 trays of 45 to 2,400 larvae on bright and dark basins, and 4 without larvae', () => {
    const set = tuningSetE();
    const trays = set.filter((s) => s.kind === 'tray');
    expect(trays).toHaveLength(24);
    expect(Math.min(...trays.map((s) => s.count))).toBe(45);
    expect(Math.max(...trays.map((s) => s.count))).toBe(2400);
    expect(new Set(trays.map((s) => s.basin))).toEqual(new Set(['tray', 'bowl', 'floor']));
    expect(set.filter((s) => s.count === 0).map((s) => s.kind)).toEqual(['text', 'empty', 'empty', 'scene']);
  });
});
