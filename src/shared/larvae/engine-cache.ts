/**
 * The Cache Storage name of the larvae counter's engine (the counting worker's chunk,
 * OpenCV with its WebAssembly, ~7 MB): written by the page when a counting screen is
 * opened online (src/features/larvae/use-engine-prefetch.ts) and read by the service
 * worker's cache-first route (sw/larvae-cache.ts), so a phone counts offline from its
 * first count on.
 */
export const LARVAE_ENGINE_CACHE = 'tambak-larvae-engine';
