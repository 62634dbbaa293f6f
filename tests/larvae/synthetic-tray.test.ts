import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { evaluationSet, generateTray } from './synthetic-tray.ts';

const digest = (a: Uint8ClampedArray) => createHash('sha256').update(a).digest('hex');

describe('generateTray', () => {
  it('is deterministic: the same seed gives the same pixels, another seed others', () => {
    const opts = {
      seed: 42,
      count: 80,
      hatchColor: 'dark' as const,
      width: 800,
      height: 600,
      bubbles: 4,
      debris: 9,
      glare: 1,
    };
    const a = generateTray(opts);
    const b = generateTray(opts);
    expect(digest(a.rgba)).toBe(digest(b.rgba));
    expect(a.larvae).toEqual(b.larvae);
    expect(digest(generateTray({ ...opts, seed: 43 }).rgba)).not.toBe(digest(a.rgba));
  });

  it('draws exactly the count asked, inside the photo', () => {
    const p = generateTray({ seed: 1, count: 150, hatchColor: 'bright', width: 1000, height: 750 });
    expect(p.larvae).toHaveLength(150);
    expect(p.larvae.every((l) => l.x >= 0 && l.x < 1000 && l.y >= 0 && l.y < 750)).toBe(true);
  });

  it('the evaluation set spans 50 to 3,000 larvae on bright and dark 12 MP trays', () => {
    const set = evaluationSet();
    expect(Math.min(...set.map((s) => s.count))).toBe(50);
    expect(Math.max(...set.map((s) => s.count))).toBe(3000);
    expect(new Set(set.map((s) => s.hatchColor))).toEqual(new Set(['bright', 'dark']));
    expect(set.every((s) => (s.width ?? 4000) * (s.height ?? 3000) === 12_000_000)).toBe(true);
  });
});
