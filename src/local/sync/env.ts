import { defaultLocks, type LockManagerLike } from '#local/sync/single-flight';
import type { PageToWorker } from '#local/sync/worker-protocol';

/**
 * What the engine needs from its surroundings, injected so tests drive it by hand and
 * so this file typechecks under both the DOM and WebWorker libs (src/local is compiled
 * for the page and for the service worker).
 */
export type SyncTrigger = 'online' | 'offline' | 'focus';

export interface SyncEnv {
  isOnline(): boolean;
  /** Subscribes to connectivity and focus changes; returns the unsubscribe. */
  listen(trigger: SyncTrigger, fn: () => void): () => void;
  locks?: LockManagerLike;
  /** Messages posted by the service worker; returns the unsubscribe. */
  onWorkerMessage?(fn: (data: unknown) => void): () => void;
  postToWorker?(message: PageToWorker): void;
}

type Target = {
  addEventListener(type: string, fn: (event: { data?: unknown }) => void): void;
  removeEventListener(type: string, fn: (event: { data?: unknown }) => void): void;
};
type Host = Partial<Target> & {
  navigator?: {
    onLine?: boolean;
    serviceWorker?: Target & { controller?: { postMessage(message: unknown): void } | null };
  };
  document?: Target & { visibilityState?: string };
};

/** The page's environment: window events, navigator.onLine, Web Locks, the controlling worker. */
export function browserEnv(): SyncEnv {
  const host = globalThis as unknown as Host;
  const on = (target: Target | undefined, type: string, fn: (event: { data?: unknown }) => void) => {
    target?.addEventListener(type, fn);
    return () => target?.removeEventListener(type, fn);
  };
  const win = typeof host.addEventListener === 'function' ? (host as Target) : undefined;
  const worker = host.navigator?.serviceWorker;
  return {
    isOnline: () => host.navigator?.onLine !== false,
    listen(trigger, fn) {
      if (trigger !== 'focus') return on(win, trigger, fn);
      // Back from the home screen or another app: 'visibilitychange' fires, 'focus' may not.
      const offFocus = on(win, 'focus', fn);
      const offVisible = on(host.document, 'visibilitychange', () => {
        if (host.document?.visibilityState === 'visible') fn();
      });
      return () => {
        offFocus();
        offVisible();
      };
    },
    locks: defaultLocks(),
    onWorkerMessage: worker ? (fn) => on(worker, 'message', (event) => fn(event.data)) : undefined,
    postToWorker: worker ? (message) => worker.controller?.postMessage(message) : undefined,
  };
}
