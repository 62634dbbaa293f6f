import { useEffect } from 'react';
import { LARVAE_ENGINE_CACHE } from '#shared/larvae/engine-cache';
import countWorkerUrl from './count-worker.ts?worker&url';

/** The counting worker's chunk (OpenCV + WASM), the same URL the counter starts. */
export const COUNT_WORKER_URL = countWorkerUrl;

/**
 * Stores the counting engine in Cache Storage when a counting screen is opened with
 * signal, so the first count works without it (the dialog promises "juga tanpa sinyal").
 * Only the download happens here (nothing is compiled), in the background, once: an
 * engine already stored is left alone. The service worker serves it from that cache.
 */
export function useEnginePrefetch(): void {
  useEffect(() => {
    if (typeof caches === 'undefined' || !navigator.onLine) return;
    let stop = false;
    void (async () => {
      try {
        const cache = await caches.open(LARVAE_ENGINE_CACHE);
        if (stop || (await cache.match(COUNT_WORKER_URL))) return;
        await cache.add(COUNT_WORKER_URL);
      } catch (error) {
        // No signal after all, or storage full: the first count fetches it instead.
        console.warn('larvae engine prefetch:', error);
      }
    })();
    return () => {
      stop = true;
    };
  }, []);
}
