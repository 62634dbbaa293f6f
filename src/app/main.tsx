import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { ConfirmProvider } from '#components/confirm-dialog';
import { afterFirstScreen, afterNextPaint, markFirstScreen } from '#components/first-screen.ts';
import { ToastProvider } from '#components/toast';
import { captureError, installErrorCapture } from '#local/errors/capture';
import { sessionStore } from '#local/session-store';
import { provideSyncControl, syncRunSettled } from '#local/sync/status';
import { initI18n } from './i18n.ts';
import { listenForInstallOffer } from './install-prompt.tsx';
import { matchRoute } from './route-table.ts';
import { earlyReadsSettled, router } from './router.tsx';
import { SyncHost } from './sync-host.tsx';
import './styles.css';
import './utilities.css';

// Errors are caught from the first line on; the reporter (scrubbing, the queue, sending)
// loads once the first screen is up (ADR 0067).
installErrorCapture({
  route: () => matchRoute(location.pathname)?.spec.path ?? '',
  load: () =>
    afterFirstScreen()
      .then(() => import('#local/errors/reporter'))
      .then(({ startReporter }) => startReporter(import.meta.env.VITE_APP_RELEASE ?? 'dev')),
});
initI18n();
listenForInstallOffer();

const FIRST_SCREEN_FALLBACK_MS = 8000;
const FIRST_SYNC_WAIT_MS = 4000;

/** Longest the first render waits for the route's screen chunk before it renders anyway. */
const FIRST_ROUTE_WAIT_MS = 3000;

/** Longest the first sync run waits for the first route's early reads (router.tsx). */
const EARLY_READS_WAIT_MS = 3000;

// The first route has rendered and painted (from the local copy, when signed in and there
// is one). The engine's first run waits for it, so the pull's answers are written and
// rendered after the screen is up, not in the middle of its first render
// (FIRST_ROUTE_WAIT_MS at most: an error screen).
const firstRoutePainted = new Promise<void>((resolve) => {
  const off = router.subscribe('onRendered', () => {
    off();
    void afterNextPaint().then(resolve);
  });
  setTimeout(resolve, FIRST_ROUTE_WAIT_MS);
});

// The first screen is up once that route painted; signed in, once its data came in too
// (the first sync run). What it does not need (the chat, the worker's precache) waits for
// it, so on a slow link they do not compete with that data.
void firstRoutePainted.then(() =>
  sessionStore.get() ? syncRunSettled(FIRST_SYNC_WAIT_MS).then(markFirstScreen) : markFirstScreen(),
);
// Should the first route never render (an error screen), the rest starts all the same.
setTimeout(markFirstScreen, FIRST_SCREEN_FALLBACK_MS);

// The sync runtime (Dexie, outbox, engine) stays out of the first download (the worker
// precaches it). Signed in, it loads at once, in parallel with the first screen, whose data
// its first pull brings; signed out there is nothing to pull, and it waits for the screen.
const loadSyncRuntime = () =>
  import('./sync-runtime.ts').then(
    ({ createSyncRuntime }) =>
      provideSyncControl(
        createSyncRuntime({
          routeFarm: () => matchRoute(router.state.location.pathname)?.params.farm_id,
          // And the first route's own early read (the board): the server answers it before
          // the farm's pull, not after.
          firstRunAfter: firstRoutePainted.then(() => earlyReadsSettled(EARLY_READS_WAIT_MS)),
        }),
      ),
    (error: unknown) => {
      console.error('sync runtime failed to load', error);
      captureError(error, 'chunk');
    },
  );
if (sessionStore.get()) void loadSyncRuntime();
else void afterFirstScreen().then(loadSyncRuntime);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

// The route is resolved (guards, its screen's chunk, which the HTML already preloads) before
// the first render, so that render has the whole screen and happens as one transition: React
// renders it in slices of a few milliseconds instead of long tasks, and a slow phone still
// answers a tap while the app starts. (Loaded by the router after mounting, the screen would
// arrive through the router's store, an update React cannot slice.) Should the chunk be slow,
// the shell renders after FIRST_ROUTE_WAIT_MS and the router finishes the load itself.
// Signed in, the screen then reads the farm from the local copy (docs/adr/0007-first-load.md).
// (No top-level await: it would make the bundler wrap the modules it reaches and split the
// sync runtime into chunks the HTML does not preload.)
const firstRoute = Promise.race([
  router.load().catch((error: unknown) => console.error('first route failed to load', error)),
  new Promise((resolve) => setTimeout(resolve, FIRST_ROUTE_WAIT_MS)),
]);
void firstRoute.then(() => {
  const app = createRoot(root);
  startTransition(() =>
    app.render(
      <StrictMode>
        <ToastProvider>
          <ConfirmProvider>
            <RouterProvider router={router} />
            <SyncHost />
          </ConfirmProvider>
        </ToastProvider>
      </StrictMode>,
    ),
  );
});
