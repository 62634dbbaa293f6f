import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConfirmProvider } from '#components/confirm-dialog';
import { afterFirstScreen, markFirstScreen } from '#components/first-screen.ts';
import { ToastProvider } from '#components/toast';
import { sessionStore } from '#local/session-store';
import { initI18n } from './i18n.ts';
import { router } from './router.tsx';
import { SyncHost } from './sync-host.tsx';
import { provideSyncControl } from './sync-status.tsx';
import './styles.css';
import './utilities.css';

initI18n();

// The first rendered route marks the first screen; what it does not need waits for it.
const offRendered = router.subscribe('onRendered', () => {
  offRendered();
  markFirstScreen();
});

// The sync runtime (Dexie, outbox, engine) stays out of the first download (the worker
// precaches it). Signed in, it loads at once, in parallel with the first screen, whose data
// its first pull brings; signed out there is nothing to pull, and it waits for the screen.
const loadSyncRuntime = () =>
  import('./sync-runtime.ts').then(
    ({ createSyncRuntime }) => provideSyncControl(createSyncRuntime()),
    (error: unknown) => console.error('sync runtime failed to load', error),
  );
if (sessionStore.get()) void loadSyncRuntime();
else void afterFirstScreen().then(loadSyncRuntime);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

createRoot(root).render(
  <StrictMode>
    <ToastProvider>
      <ConfirmProvider>
        <RouterProvider router={router} />
        <SyncHost />
      </ConfirmProvider>
    </ToastProvider>
  </StrictMode>,
);
