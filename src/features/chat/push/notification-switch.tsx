import '../register-locales.ts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '#local/api-client';
import { enablePush, type PushState, pushState, unsubscribePush } from '#local/push-subscription';

/**
 * The chat's "notifications" preference (seed 001 info tab): asks the browser only on
 * the user's tap, then subscribes this device for Web Push; off removes it here and on
 * the server.
 */
export function NotificationSwitch() {
  const { t } = useTranslation('chatPush');
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    pushState()
      .then((s) => live && setState(s))
      .catch(() => live && setState('unsupported'));
    return () => {
      live = false;
    };
  }, []);

  const toggle = async () => {
    setBusy(true);
    setFailed(false);
    try {
      if (state === 'on') {
        await unsubscribePush(api);
        setState('off');
      } else setState(await enablePush(api));
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  if (state === null) return null;
  const canToggle = state === 'on' || state === 'off';
  return (
    <div className="chat-push-switch">
      <div>
        <strong>{t('label')}</strong>
        <p className="muted" role="status">
          {t(state)}
        </p>
        {failed && <p role="alert">{t('failed')}</p>}
      </div>
      {canToggle && (
        <button
          type="button"
          className="button button--secondary"
          onClick={toggle}
          disabled={busy}
          aria-pressed={state === 'on'}
        >
          {state === 'on' ? t('disable') : t('enable')}
        </button>
      )}
    </div>
  );
}
