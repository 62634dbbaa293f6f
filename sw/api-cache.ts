import type { WorkboxPlugin } from 'workbox-core/types';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { API_CACHE_NAME, HEADER_SYNC } from '#local/sync/worker-protocol';

/**
 * Network-first runtime cache of GET /api/* so any visited screen opens offline with its
 * last data. Only 200 answers are stored (workbox's default for NetworkFirst).
 *
 * Not cached: /api/dev/* (one-time codes of the development outbox), /api/docs (large,
 * useless offline), /api/files/* (uploaded media: media-cache.ts keeps the images), and the sync engine's own pulls (marked by X-Tambak-Sync): a cached
 * answer would replay an old `server_time` and, for whole-list pulls, could drop rows
 * created since. /api/user (the profile) is cached; logout deletes this cache
 * (clearLocalData), so the next user of the phone never sees it.
 */
const MAX_ENTRIES = 300;
const NETWORK_TIMEOUT_SECONDS = 5;

export function isCachedApiPath(pathname: string): boolean {
  if (!pathname.startsWith('/api/')) return false;
  return !['/api/dev/', '/api/docs', '/api/files/', '/api/chat/socket'].some((p) => pathname.startsWith(p));
}

/** Keeps the cache bounded: URLs with dates and filters would otherwise grow it forever. */
const trim: WorkboxPlugin = {
  async cacheDidUpdate({ cacheName }) {
    const cache = await caches.open(cacheName);
    const keys = await cache.keys();
    // keys() lists in insertion order: the oldest go first.
    for (const request of keys.slice(0, Math.max(0, keys.length - MAX_ENTRIES))) await cache.delete(request);
  },
};

export function registerApiCache(): void {
  registerRoute(
    ({ url, request, sameOrigin }) =>
      sameOrigin && isCachedApiPath(url.pathname) && !request.headers.has(HEADER_SYNC),
    new NetworkFirst({
      cacheName: API_CACHE_NAME,
      networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
      plugins: [trim],
    }),
    'GET',
  );
}
