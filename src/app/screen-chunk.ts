/** Seed 000 §9: a screen's script chunk that has not arrived in 120 s has failed. */
export const CHUNK_TIMEOUT_MS = 120_000;

/** A screen's code did not arrive in time (the retry screen says so). */
export class ChunkTimeoutError extends Error {
  constructor(ms: number) {
    super(`The screen's code did not load within ${Math.round(ms / 1000)} s`);
    this.name = 'ChunkTimeoutError';
  }
}

/**
 * The screen's import, given up after `ms`: on one bar of signal a request can hang for
 * minutes, and a spinner that never ends is worse than "try again". A late arrival after
 * the timeout is ignored; the retry imports again (the browser's cache usually has it).
 */
export function withChunkTimeout<T>(load: () => Promise<T>, ms = CHUNK_TIMEOUT_MS): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new ChunkTimeoutError(ms)), ms);
      load().then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error);
        },
      );
    });
}

/** How Chromium, Firefox and Safari word a dynamic import that did not arrive. */
const IMPORT_FAILED = [
  'Failed to fetch dynamically imported module',
  'error loading dynamically imported module',
  'Importing a module script failed',
];

/** A screen that failed because its code did not arrive (missing, cut off or too slow). */
export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkTimeoutError) return true;
  const message = error instanceof Error ? error.message : '';
  return IMPORT_FAILED.some((start) => message.startsWith(start));
}
