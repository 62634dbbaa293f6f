/**
 * Exponential backoff with "equal jitter": the n-th retry waits between half and all of
 * min(cap, base·2^(n−1)). The random half spreads phones that lost signal together (a
 * whole farm behind one tower) so they do not all hit the server in the same second.
 */
export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_CAP_MS = 60_000;

export function retryDelay(attempts: number, random: number): number {
  const exp = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(exp / 2 + (random * exp) / 2);
}
