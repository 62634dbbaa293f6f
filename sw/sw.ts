/// <reference lib="webworker" />
import { Queue } from 'workbox-background-sync';
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { systemClock } from '#local/clock';
import { getDb } from '#local/db';
import { defaultLocks } from '#local/sync/single-flight';
import {
  isOutboxRequest,
  OUTBOX_METHODS,
  OUTBOX_QUEUE_NAME,
  OUTBOX_SYNC_TAG,
  type PageToWorker,
  type WorkerToPage,
} from '#local/sync/worker-protocol';
import { registerApiCache } from './api-cache.ts';
import { registerLarvaeCache } from './larvae-cache.ts';
import { registerMediaCache } from './media-cache.ts';
import { createOutboxWorker } from './outbox-queue.ts';
import { registerPush } from './push.ts';

declare const self: ServiceWorkerGlobalScope;

/** Background Sync is not in TypeScript's lib (Chromium only). */
type SyncRegistration = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };
type SyncEventLike = ExtendableEvent & { tag: string; lastChance: boolean };

// The shell: every hashed asset of the build, injected by vite-plugin-pwa.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first install controls the open page at once: a keeper who signs in and walks to
// the ponds without reloading still gets the offline queue. Updates still wait for the
// user's tap (SKIP_WAITING below); claiming then only finishes what that tap started.
clientsClaim();
// Every app URL (/farm/…/settings, /sync) is the same single-page shell: serve the
// precached index.html for navigations, so a reload without signal opens the app instead
// of the browser's offline page. /api/* is the server's, never the shell.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/^\/api\//] }));

registerApiCache();
registerMediaCache();
registerLarvaeCache();
registerPush(self);

async function notify(message: WorkerToPage): Promise<void> {
  const clients = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of clients) client.postMessage(message);
}

const outbox = createOutboxWorker({
  db: getDb(),
  fetch: (request) => fetch(request),
  clock: systemClock,
  notify,
  locks: defaultLocks(),
  registerSync: async () => {
    try {
      await (self.registration as SyncRegistration).sync?.register(OUTBOX_SYNC_TAG);
    } catch {
      // Background Sync refused (disabled by the user): start-up and page requests still replay.
    }
  },
});

// forceSyncFallback makes workbox replay on every worker start-up (browsers without
// Background Sync: Firefox, Safari). With it workbox does NOT listen to 'sync' events,
// so the listener below answers the same tag for browsers that have them.
const queue = new Queue(OUTBOX_QUEUE_NAME, {
  forceSyncFallback: true,
  maxRetentionTime: 7 * 24 * 60,
  // Called without awaiting at start-up: a failed replay (still offline) must not surface
  // as an unhandled rejection; the request is back in the queue for the next chance.
  onSync: ({ queue: q }) => outbox.replay(q).catch(() => undefined),
});

// Every write of the outbox (creates, edits, deletes, actions) goes through the worker,
// so each kind replays from the background-sync queue with the app closed.
for (const method of OUTBOX_METHODS) {
  registerRoute(
    ({ url, sameOrigin, request }) => sameOrigin && isOutboxRequest(url.pathname, method, request.headers),
    ({ request }) => outbox.handleOutboxRequest(request, queue),
    method,
  );
}

self.addEventListener('sync', (event) => {
  const sync = event as SyncEventLike;
  // A rejection tells the browser to retry later (the request went back to the queue).
  if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(outbox.replay(queue));
});

self.addEventListener('message', (event) => {
  const data = event.data as PageToWorker | undefined;
  // The page asks the waiting worker to take over after the user accepts "update available".
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  // The page came online or back to the foreground: replay now, Background Sync or not.
  if (data?.type === 'sync:replay-request') event.waitUntil(outbox.replay(queue).catch(() => undefined));
});
