import { describe, expect, it } from 'vitest';

// workbox modules expect a worker global `self` at import time.
(globalThis as { self?: unknown }).self ??= globalThis;
const { isCachedMedia, retryForbidden } = await import('./media-cache.ts');
const { FORBIDDEN_RETRY_MS } = await import('#shared/domain/media');

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

describe('an image answered 403', () => {
  const request = new Request('http://farm.test/api/files/abc');
  const call = (plugin: ReturnType<typeof retryForbidden>, response: Response) =>
    (plugin.fetchDidSucceed as (p: { request: Request; response: Response }) => Promise<Response>)({
      request,
      response,
    });

  it('is asked again once, after 800 ms', async () => {
    const waits: number[] = [];
    const again: Request[] = [];
    const plugin = retryForbidden(
      async (r) => {
        again.push(r);
        return new Response('image', { status: 200 });
      },
      async (ms) => {
        waits.push(ms);
      },
    );
    const answer = await call(plugin, new Response('', { status: 403 }));
    expect(answer.status).toBe(200);
    expect(waits).toEqual([FORBIDDEN_RETRY_MS]);
    expect(FORBIDDEN_RETRY_MS).toBe(800);
    expect(again.map((r) => r.url)).toEqual([request.url]);
  });

  it('keeps a second 403, and never retries another answer', async () => {
    let calls = 0;
    const plugin = retryForbidden(
      async () => {
        calls++;
        return new Response('', { status: 403 });
      },
      async () => undefined,
    );
    expect((await call(plugin, new Response('', { status: 403 }))).status).toBe(403);
    expect(calls).toBe(1);
    expect((await call(plugin, new Response('', { status: 404 }))).status).toBe(404);
    expect((await call(plugin, new Response('x', { status: 200 }))).status).toBe(200);
    expect(calls).toBe(1);
  });
});
