import { beforeAll, describe, expect, it } from 'vitest';
import { countLarvae } from '../../src/shared/larvae/count-larvae.ts';
import type { Cv } from '../../src/shared/larvae/opencv.ts';
import type { LarvaeImage } from '../../src/shared/larvae/types.ts';
import { loadNodeOpenCv } from './node-opencv.ts';
import { trayWithEdgeDashes } from './synthetic-tray.ts';

// This file must hold its own OpenCV (vitest runs each file in a fresh fork): the first
// 12 MP count below is the one that grows OpenCV's WASM heap, as a phone photo does in a
// fresh counting worker or server thread.
let cv: Cv;
beforeAll(async () => {
  ({ cv } = await loadNodeOpenCv());
}, 60_000);

/**
 * A white tray of 120 larvae on a dark table with 16 larva-sized dashes along the basin's
 * edge (the scene of count-larvae.test.ts's edge test), made at 2000 × 1500 and enlarged
 * ×2 to a phone's 4000 × 3000: the engine works on a copy 2,400 px wide.
 */
function twelveMegapixelTray(): LarvaeImage {
  const { rgba, width: w, height: h } = trayWithEdgeDashes();
  const W = 2 * w;
  const H = 2 * h;
  const big = new Uint8ClampedArray(W * H * 4);
  const src = new Uint32Array(rgba.buffer);
  const dst = new Uint32Array(big.buffer);
  for (let y = 0; y < H; y++) {
    const row = (y >> 1) * w;
    for (let x = 0; x < W; x++) dst[y * W + x] = src[row + (x >> 1)];
  }
  return { rgba: big, width: W, height: H };
}

describe('countLarvae on a 12 MP photo', () => {
  it("gives the same answer on the count that grows OpenCV's heap as on the next (ADR 0100)", () => {
    // Before ADR 0100 the engine kept views of the heap (the grey copy, the background, the
    // labels) across later allocations; when the heap grew, they read as empty: no mark had
    // eyes or a contrast, nothing was off the basin, and the dashes on the edge were counted.
    const photo = twelveMegapixelTray();
    const first = countLarvae(cv, photo, 'bright');
    const second = countLarvae(cv, photo, 'bright');
    expect(first).toEqual(second);
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    expect(Math.abs(first.count - 120) / 120).toBeLessThanOrEqual(0.05);
    expect(first.lower).toBeLessThanOrEqual(120);
    expect(first.upper).toBeGreaterThanOrEqual(120);
  }, 60_000);
});
