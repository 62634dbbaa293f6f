import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConfirmProvider } from '#components/confirm-dialog';
import { ToastProvider } from '#components/toast';
import { initI18n } from './i18n.ts';
import { router } from './router.tsx';
import { SyncHost } from './sync-host.tsx';
import { provideSyncControl } from './sync-status.tsx';
import './styles.css';
import './utilities.css';

initI18n();

// The sync runtime (Dexie, outbox, engine) loads right after the shell, in parallel with
// the first screen: it stays out of the first download, and the worker precaches it.
void import('./sync-runtime.ts').then(
  ({ createSyncRuntime }) => provideSyncControl(createSyncRuntime()),
  (error: unknown) => console.error('sync runtime failed to load', error),
);

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
