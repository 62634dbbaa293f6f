import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { LARVAE_ENGINE_CACHE } from '#shared/larvae/engine-cache';

/**
 * The larvae counter's worker chunk (OpenCV with its WebAssembly, ~7 MB) is left out of
 * the precache (vite.config.ts globIgnores): most users never count larvae, and a phone
 * should not download it at install. Opening a counting screen online stores it here
 * (src/features/larvae/use-engine-prefetch.ts; the first count would too); from then on
 * it is served from this cache, so a hatchery without signal still counts. Its name carries
 * the content hash, so a cached copy never goes stale; old ones are dropped past 3.
 */
export { LARVAE_ENGINE_CACHE };

export function isLarvaeEngine(pathname: string): boolean {
  return /^\/assets\/count-worker-[\w-]+\.js$/.test(pathname);
}

export function registerLarvaeCache(): void {
  registerRoute(
    ({ url, sameOrigin }) => sameOrigin && isLarvaeEngine(url.pathname),
    new CacheFirst({
      cacheName: LARVAE_ENGINE_CACHE,
      plugins: [
        {
          async cacheDidUpdate({ cacheName }) {
            const cache = await caches.open(cacheName);
            const keys = await cache.keys();
            for (const request of keys.slice(0, Math.max(0, keys.length - 3))) await cache.delete(request);
          },
        },
      ],
    }),
    'GET',
  );
}
