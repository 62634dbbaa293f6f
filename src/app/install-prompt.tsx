import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Chromium's install offer (not in the DOM typings). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const DISMISSED_KEY = 'tambak:install-dismissed';

/**
 * Offers "install on the home screen" when the browser says the app is installable
 * (beforeinstallprompt): a pond keeper then opens Tambak like an app, offline too. Once
 * dismissed it stays quiet on this device; the browser's own menu still offers install.
 */
export function InstallPrompt() {
  const { t } = useTranslation('ui');
  const [offer, setOffer] = useState<InstallPromptEvent | null>(null);

  useEffect(() => {
    const onOffer = (event: Event) => {
      event.preventDefault(); // show our bar instead of the browser's mini-infobar
      if (localStorage.getItem(DISMISSED_KEY) !== '1') setOffer(event as InstallPromptEvent);
    };
    const onInstalled = () => setOffer(null);
    window.addEventListener('beforeinstallprompt', onOffer);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onOffer);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);

  if (!offer) return null;
  return (
    <div className="update-bar" role="status">
      <p>{t('install.offer')}</p>
      <div className="row">
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => {
            localStorage.setItem(DISMISSED_KEY, '1');
            setOffer(null);
          }}
        >
          {t('install.dismiss')}
        </button>
        <button
          type="button"
          className="button button--primary button--small"
          onClick={async () => {
            await offer.prompt();
            await offer.userChoice;
            setOffer(null);
          }}
        >
          {t('install.accept')}
        </button>
      </div>
    </div>
  );
}
