import { describe, expect, it } from 'vitest';

// workbox modules expect a worker global `self` at import time.
(globalThis as { self?: unknown }).self ??= globalThis;
const { isCachedMedia } = await import('./media-cache.ts');

describe('media runtime cache', () => {
  it('keeps emoji, stickers and uploaded images, never video, audio or documents', () => {
    expect(isCachedMedia('/twemoji/1f990.svg', 'image')).toBe(true);
    expect(isCachedMedia('/stickers/udang.svg', 'image')).toBe(true);
    expect(isCachedMedia('/api/files/abc', 'image')).toBe(true);
    expect(isCachedMedia('/api/files/abc', 'video')).toBe(false);
    expect(isCachedMedia('/api/files/abc', '')).toBe(false);
    expect(isCachedMedia('/api/pond', 'image')).toBe(false);
  });
});
