import { describe, expect, it } from 'vitest';

// workbox modules expect a worker global `self` at import time.
(globalThis as { self?: unknown }).self ??= globalThis;
const { isCachedApiPath } = await import('./api-cache.ts');

describe('GET /api/* runtime cache', () => {
  it('caches screen data but not the dev outbox or the API docs', () => {
    expect(isCachedApiPath('/api/pond')).toBe(true);
    expect(isCachedApiPath('/api/user')).toBe(true);
    expect(isCachedApiPath('/api/dev/outbox')).toBe(false);
    expect(isCachedApiPath('/api/docs/json')).toBe(false);
    expect(isCachedApiPath('/farm/1')).toBe(false);
    expect(isCachedApiPath('/api/files/abc')).toBe(false);
  });
});
