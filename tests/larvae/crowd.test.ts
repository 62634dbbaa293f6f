import { describe, expect, it } from 'vitest';
import { type CrowdSpot, frameEquivalentCrowd } from '../../src/shared/larvae/crowd.ts';

/** A square lattice of single larvae `step` px apart over [x0, x1) × [y0, y1). */
function lattice(x0: number, x1: number, y0: number, y1: number, step: number): CrowdSpot[] {
  const spots: CrowdSpot[] = [];
  for (let y = y0; y < y1; y += step) for (let x = x0; x < x1; x += step) spots.push({ x, y, larvae: 1 });
  return spots;
}

describe('frameEquivalentCrowd (ADR 0119)', () => {
  it('reads an even spread of larvae as the count the whole frame holds', () => {
    // 2,000 × 1,500 px, one larva every 20 px: 7,500 larvae over the frame.
    const spots = lattice(0, 2000, 0, 1500, 20);
    const [mid] = frameEquivalentCrowd([{ x: 1000, y: 750 }], spots, 100, 2000 * 1500);
    expect(mid / spots.length).toBeGreaterThan(0.95);
    expect(mid / spots.length).toBeLessThan(1.05);
  });

  it('is high on a crowded patch of a sparse frame and nil away from it', () => {
    // 200 larvae packed in a 200 px square of a 2,000 × 1,500 frame.
    const spots = lattice(400, 600, 400, 600, 14.2);
    const [inPatch, far] = frameEquivalentCrowd(
      [
        { x: 500, y: 500 },
        { x: 1500, y: 1000 },
      ],
      spots,
      80,
      2000 * 1500,
    );
    expect(inPatch).toBeGreaterThan(10 * spots.length);
    expect(far).toBe(0);
  });

  it('weighs a clump by the larvae it holds and counts only what lies within reach', () => {
    const spots: CrowdSpot[] = [
      { x: 100, y: 100, larvae: 5 },
      { x: 160, y: 100, larvae: 1 },
      // Just outside the reach, and two cells away.
      { x: 100, y: 161, larvae: 1 },
      { x: 400, y: 400, larvae: 9 },
    ];
    const area = Math.PI * 60 * 60;
    expect(frameEquivalentCrowd([{ x: 100, y: 100 }], spots, 60, area)).toEqual([6]);
  });

  it('leaves out the point itself when it is one of the spots (own)', () => {
    const spots: CrowdSpot[] = [
      { x: 50, y: 50, larvae: 1 },
      { x: 60, y: 50, larvae: 1 },
    ];
    const area = Math.PI * 20 * 20;
    expect(frameEquivalentCrowd([{ x: 50, y: 50 }], spots, 20, area, 1)).toEqual([1]);
  });

  it('answers nothing for no points and zero where no larvae are', () => {
    expect(frameEquivalentCrowd([], [{ x: 0, y: 0, larvae: 1 }], 10, 100)).toEqual([]);
    expect(frameEquivalentCrowd([{ x: 5, y: 5 }], [], 10, 100)).toEqual([0]);
  });
});
