import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConfirmProvider } from '#components/confirm-dialog';
import { ToastProvider } from '#components/toast';
import { initI18n } from './i18n.ts';
import { router } from './router.tsx';
import './styles.css';
import './utilities.css';

initI18n();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

createRoot(root).render(
  <StrictMode>
    <ToastProvider>
      <ConfirmProvider>
        <RouterProvider router={router} />
      </ConfirmProvider>
    </ToastProvider>
  </StrictMode>,
);
