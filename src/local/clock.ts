/**
 * Time and randomness behind one seam so the sync engine's backoff and timers are
 * deterministic in tests (a manual clock advances time; nothing ever really sleeps).
 */
export interface Clock {
  now(): number;
  /** In [0, 1): the jitter source. */
  random(): number;
  /** Runs `fn` after `ms`; returns a function that cancels it. */
  setTimer(fn: () => void, ms: number): () => void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  random: () => Math.random(),
  setTimer(fn, ms) {
    const handle = setTimeout(fn, ms);
    return () => clearTimeout(handle);
  },
};
