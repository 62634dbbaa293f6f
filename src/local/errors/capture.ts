import type { ErrorKind } from '#shared/domain/error-tracing';

/**
 * Error capture, the part in the first download (ADR 0067; under 2 KB gzip, measured by
 * tests/bench/bundle-size.bench.ts): listens for uncaught errors and unhandled rejections,
 * takes what boundaries, chunk loads and the sync engine hand to `captureError`, and keeps
 * it in memory until the reporter (reporter.ts: scrubbing, the Dexie queue, sampling,
 * sending) has loaded after the first screen. Nothing here reads or sends anything.
 */

/** What was caught, where and when; scrubbed by the reporter before it is stored. */
export interface Caught {
  kind: ErrorKind;
  error: unknown;
  /** The route pattern (`/farm/$farm_id`), never the path with its ids. */
  route: string;
  at: number;
}

export type CaughtSink = (caught: Caught) => void;

/** Errors before the reporter loaded; a crash loop at start must not fill the memory. */
const EARLY_MAX = 20;
const early: Caught[] = [];
let sink: CaughtSink | null = null;
let routeOf: () => string = () => '';

/** Hands an error to the reporter (or keeps it until the reporter is there). Never throws. */
export function captureError(error: unknown, kind: ErrorKind = 'error'): void {
  try {
    const caught = { kind, error, route: routeOf(), at: Date.now() };
    if (sink) sink(caught);
    else if (early.length < EARLY_MAX) early.push(caught);
  } catch {
    // Reporting must never become the error.
  }
}

/**
 * Starts listening at once; `load` brings the reporter (a lazy chunk) when the app has
 * time for it, and what was caught before is handed over then.
 */
export function installErrorCapture(options: { route: () => string; load: () => Promise<CaughtSink> }): void {
  routeOf = options.route;
  addEventListener('error', (event) => captureError(event.error ?? event.message, 'error'));
  addEventListener('unhandledrejection', (event) => captureError(event.reason, 'rejection'));
  options.load().then(
    (loaded) => {
      sink = loaded;
      for (const caught of early.splice(0)) loaded(caught);
    },
    () => undefined,
  );
}
