import type { WorkboxPlugin } from 'workbox-core/types';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { MEDIA_CACHE_NAME } from '#local/sync/worker-protocol';
import { FORBIDDEN_RETRY_MS } from '#shared/domain/media';

/**
 * Cache-first for images that never change once published: the emoji set (left out of
 * the precache: 2 MB that most users never open), stickers, and uploaded chat images
 * (`/api/files/<id>` is immutable: a new upload gets a new id). An emoji or photo seen
 * once shows again without signal. Video, audio and documents are not kept: too big for
 * a cheap phone's storage, and range requests do not cache.
 */
const MAX_ENTRIES = 400;

export function isCachedMedia(pathname: string, destination: string): boolean {
  if (pathname.startsWith('/twemoji/') || pathname.startsWith('/stickers/')) return true;
  return pathname.startsWith('/api/files/') && destination === 'image';
}

const trim: WorkboxPlugin = {
  async cacheDidUpdate({ cacheName }) {
    const cache = await caches.open(cacheName);
    const keys = await cache.keys();
    for (const request of keys.slice(0, Math.max(0, keys.length - MAX_ENTRIES))) await cache.delete(request);
  },
};

/**
 * A signed image URL that expired a moment ago, or a file whose access the server was
 * still granting, is answered 403; asked again after 800 ms it often comes. Once: a second
 * 403 is the answer.
 */
export function retryForbidden(
  fetchAgain: (request: Request) => Promise<Response> = (request) => fetch(request),
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): WorkboxPlugin {
  return {
    async fetchDidSucceed({ request, response }) {
      if (response.status !== 403) return response;
      await wait(FORBIDDEN_RETRY_MS);
      return fetchAgain(request);
    },
  };
}

export function registerMediaCache(): void {
  registerRoute(
    ({ url, request, sameOrigin }) => sameOrigin && isCachedMedia(url.pathname, request.destination),
    new CacheFirst({ cacheName: MEDIA_CACHE_NAME, plugins: [retryForbidden(), trim] }),
    'GET',
  );
}
