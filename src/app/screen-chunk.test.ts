import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkTimeoutError, isChunkLoadError, withChunkTimeout } from './screen-chunk.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('withChunkTimeout', () => {
  it('gives up on a screen whose code has not arrived after 120 s', async () => {
    vi.useFakeTimers();
    const never = withChunkTimeout(() => new Promise<never>(() => undefined));
    const result = never().catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(119_999);
    let settled = false;
    void result.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await result;
    expect(error).toBeInstanceOf(ChunkTimeoutError);
    expect(isChunkLoadError(error)).toBe(true);
  });

  it('passes a module that arrives, and a failure as it came', async () => {
    expect(await withChunkTimeout(async () => ({ Screen: 1 }))()).toEqual({ Screen: 1 });
    const failed = new TypeError('Failed to fetch dynamically imported module: /assets/x.js');
    await expect(withChunkTimeout(async () => Promise.reject(failed))()).rejects.toBe(failed);
    expect(isChunkLoadError(failed)).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});
