import type { ErrorComponentProps } from '@tanstack/react-router';
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { captureError } from '#local/errors/capture';
import { isChunkLoadError } from './screen-chunk.ts';

/**
 * What a screen shows when it cannot be drawn: its code did not arrive (seed 000 §9's 120 s
 * chunk timeout, a dropped connection; a new deployment's missing chunk has already
 * reloaded once, lazyRouteComponent) or it failed while drawing. Records saved on the
 * phone are not touched; "try again" loads the screen anew. What it caught is reported
 * (error tracing, ADR 0067).
 *
 * A screen whose code did not arrive is tried again by reloading the page, not by importing
 * again: a browser may keep a failed import of a module for the page's life (Chromium 150,
 * still on phones, answers every later `import()` of that file with the same failure), so
 * only a new page asks the network again. Drafts and records are in IndexedDB; offline the
 * service worker serves the page.
 */
export function ScreenLoadError({ error, reset }: ErrorComponentProps) {
  const { t } = useTranslation('ui');
  const router = useRouter();
  const chunk = isChunkLoadError(error);
  // The router's boundary of each screen: what it caught is reported (ADR 0067).
  useEffect(() => captureError(error, chunk ? 'chunk' : 'boundary'), [error, chunk]);
  return (
    <section className="card stack" role="alert">
      <h1>{chunk ? t('screenLoad.chunkTitle') : t('screenLoad.errorTitle')}</h1>
      <p>{chunk ? t('screenLoad.chunkBody') : t('screenLoad.errorBody')}</p>
      <div className="row">
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            if (chunk) {
              location.reload();
              return;
            }
            reset();
            void router.invalidate();
          }}
        >
          {t('actions.retry')}
        </button>
      </div>
    </section>
  );
}
