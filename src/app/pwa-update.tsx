import { useRegisterSW } from 'virtual:pwa-register/react';
import { useTranslation } from 'react-i18next';

/**
 * registerType 'prompt': a new version waits until the user taps "update", so an update
 * never reloads the page under a half-typed form (JOURNEYS.md: no reading lost to an update).
 */
export function PwaUpdate() {
  const { t } = useTranslation('ui');
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW();
  if (!needRefresh) return null;
  return (
    <div className="update-bar" role="status">
      <p>{t('update.available')}</p>
      <div className="row">
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => setNeedRefresh(false)}
        >
          {t('update.later')}
        </button>
        <button
          type="button"
          className="button button--primary button--small"
          onClick={() => {
            // The new worker claims this page; reload once it controls it, so the page and
            // the worker run the same version (workbox-window does not always do it).
            navigator.serviceWorker?.addEventListener('controllerchange', () => window.location.reload(), {
              once: true,
            });
            setNeedRefresh(false);
            void updateServiceWorker(true);
          }}
        >
          {t('update.reload')}
        </button>
      </div>
    </div>
  );
}
