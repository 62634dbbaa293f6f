import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generatePhotoD, heldOutSetD, photoSpecD } from './generator-d/index.ts';

const digest = (a: Uint8ClampedArray) => createHash('sha256').update(a).digest('hex');

describe('generator D (second held-out set)', () => {
  it('is deterministic: the same seed gives the same pixels, another seed others', async () => {
    const spec = photoSpecD({
      name: 'test',
      kind: 'tray',
      tray: 'dark',
      seed: 7,
      count: 60,
      width: 640,
      height: 480,
      glare: 'glints',
      blur: 'motion',
      clumped: 0.3,
      rim: 0.2,
    });
    const a = await generatePhotoD(spec);
    const b = await generatePhotoD(spec);
    expect(a.rgba.length).toBe(640 * 480 * 4);
    expect(digest(a.rgba)).toBe(digest(b.rgba));
    expect(digest((await generatePhotoD({ ...spec, seed: 8 })).rgba)).not.toBe(digest(a.rgba));
  }, 60_000);

  it('the set: 24 trays of 40 to 2,300 larvae on bright and dark basins, 4 at 12 MP, and 5 without larvae', () => {
    const set = heldOutSetD();
    const trays = set.filter((s) => s.kind === 'tray');
    expect(trays).toHaveLength(24);
    expect(Math.min(...trays.map((s) => s.count))).toBe(40);
    expect(Math.max(...trays.map((s) => s.count))).toBe(2300);
    expect(trays.filter((s) => s.width * s.height > 12e6)).toHaveLength(4);
    expect(set.filter((s) => s.count === 0).map((s) => s.kind)).toEqual([
      'page',
      'blackboard',
      'empty',
      'empty',
      'pond',
    ]);
  });
});
