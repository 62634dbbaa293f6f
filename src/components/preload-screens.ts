import { type AnyRoute, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { afterNextPaint } from './first-screen.ts';

/** One idle moment of the main thread (soon at the latest). */
function idle(): Promise<void> {
  return new Promise<void>((resolve) => {
    if (typeof globalThis.requestIdleCallback === 'function')
      globalThis.requestIdleCallback(() => resolve(), { timeout: 2000 });
    else setTimeout(resolve, 0);
  });
}

/**
 * Loads the code of the screens a list leads to (route paths as the route table names them,
 * `/farm/$farm_id/feed/add`) once the list is painted, one screen per idle moment (issue 31):
 * the tap that opens one then only draws it. Without it the tap also ran the screen's
 * module code and put its stylesheet in the page before the first paint of the new screen.
 * A screen whose code does not arrive is loaded again by the tap as before.
 */
export function usePreloadScreens(paths: readonly string[]): void {
  const router = useRouter();
  const key = paths.join('\n');
  useEffect(() => {
    let live = true;
    void (async () => {
      for (const path of key.split('\n')) {
        await afterNextPaint();
        await idle();
        if (!live) return;
        const route = (router.routesByPath as Record<string, AnyRoute | undefined>)[path];
        if (route) await Promise.resolve(router.loadRouteChunk(route)).catch(() => undefined);
      }
    })();
    return () => {
      live = false;
    };
  }, [key, router]);
}
