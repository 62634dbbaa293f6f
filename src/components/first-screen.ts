import { useEffect, useState } from 'react';

/**
 * "The first screen is up": the shell marks it once the router has rendered the first
 * route; work that the first screen does not need (the chat connection, the service
 * worker registration) waits for it, so on a slow link it does not compete with the
 * screen's own code and data for the phone's bandwidth and CPU.
 */
let markFirst: () => void = () => {};
const firstScreen = new Promise<void>((resolve) => {
  markFirst = resolve;
});

/** Called by the shell after the first route rendered. */
export function markFirstScreen(): void {
  markFirst();
}

/** Longest wait for an idle moment once the first screen is up. */
const IDLE_TIMEOUT_MS = 1500;

/** Two frames from now: what was just rendered has been painted. */
export function afterNextPaint(): Promise<void> {
  return new Promise<void>((resolve) => {
    if (typeof globalThis.requestAnimationFrame !== 'function') return resolve();
    globalThis.requestAnimationFrame(() => globalThis.requestAnimationFrame(() => resolve()));
  });
}

/** Resolves when the first screen is up and the main thread has a quiet moment. */
export async function afterFirstScreen(): Promise<void> {
  await firstScreen;
  await afterNextPaint();
  await new Promise<void>((resolve) => {
    if (typeof globalThis.requestIdleCallback === 'function') {
      globalThis.requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
    } else {
      setTimeout(resolve, 0);
    }
  });
}

/** True once afterFirstScreen() resolved: mounts parts of the shell the first screen can do without. */
export function useAfterFirstScreen(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void afterFirstScreen().then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);
  return ready;
}
