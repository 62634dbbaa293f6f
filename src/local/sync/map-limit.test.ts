import { describe, expect, it } from 'vitest';
import { mapLimit } from './map-limit.ts';

describe('mapLimit', () => {
  it('keeps at most `limit` calls in flight and answers in the order of the items', async () => {
    let inFlight = 0;
    let most = 0;
    const release: (() => void)[] = [];
    const run = mapLimit([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise<void>((resolve) => release.push(resolve));
      inFlight--;
      return n * 10;
    });
    // Release the waiting calls one by one until all seven have run.
    for (let done = 0; done < 7; done++) {
      await expect.poll(() => release.length).toBeGreaterThan(done);
      release[done]!();
    }
    expect(await run).toEqual([10, 20, 30, 40, 50, 60, 70]);
    expect(most).toBe(3);
  });

  it('answers an empty list at once', async () => {
    expect(await mapLimit([], 4, async () => 1)).toEqual([]);
  });
});
