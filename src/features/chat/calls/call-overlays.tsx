import '../register-locales.ts';
import { useTranslation } from 'react-i18next';
import { HangUpIcon, PhoneIcon, VideoIcon } from '../chat-icons.ts';
import type { CallController, CallView } from './call-controller.ts';

function Initial({ name }: { name: string }) {
  return (
    <span className="call-avatar" aria-hidden="true">
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}

/** The incoming-call alert, 250 px wide (seed 001 §1): accept or decline. */
export function IncomingCall({ view, controller }: { view: CallView; controller: CallController }) {
  const { t } = useTranslation('chatCalls');
  const TypeIcon = view.type === 'video' ? VideoIcon : PhoneIcon;
  return (
    <div
      className="call-incoming"
      role="alertdialog"
      aria-labelledby="call-incoming-title"
      data-testid="call-incoming"
    >
      <div className="call-incoming__who">
        <Initial name={view.peerName} />
        <div>
          <p id="call-incoming-title" className="call-incoming__title">
            <TypeIcon width={16} height={16} /> {t('incoming.title')}
          </p>
          <p className="call-incoming__name">{t(`incoming.${view.type}`, { name: view.peerName })}</p>
        </div>
      </div>
      <div className="call-incoming__actions">
        <button type="button" className="call-btn call-btn--decline" onClick={() => controller.decline()}>
          <HangUpIcon width={18} height={18} /> {t('incoming.decline')}
        </button>
        <button type="button" className="call-btn call-btn--accept" onClick={() => void controller.accept()}>
          <TypeIcon width={18} height={18} /> {t('incoming.accept')}
        </button>
      </div>
    </div>
  );
}

/** Ringing the other party: who, which kind, and cancel. */
export function OutgoingCall({ view, controller }: { view: CallView; controller: CallController }) {
  const { t } = useTranslation('chatCalls');
  return (
    <div
      className="call-screen"
      role="dialog"
      aria-modal="true"
      aria-labelledby="call-outgoing-title"
      data-testid="call-outgoing"
    >
      <div className="call-screen__center">
        <Initial name={view.peerName} />
        <h2 id="call-outgoing-title" className="call-screen__name">
          {t('outgoing.calling', { name: view.peerName })}
        </h2>
        <p className="call-screen__status">{view.call ? t(`type.${view.type}`) : t('outgoing.connecting')}</p>
      </div>
      <div className="call-screen__controls">
        <button type="button" className="call-round call-round--end" onClick={() => controller.hangUp()}>
          <HangUpIcon />
          <span>{t('outgoing.cancel')}</span>
        </button>
      </div>
    </div>
  );
}

/** After a call: busy, declined, unanswered, or a failure; closes on request. */
export function CallNotice({ view, controller }: { view: CallView; controller: CallController }) {
  const { t } = useTranslation('chatCalls');
  if (!view.notice) return null;
  return (
    <div className="call-notice" role="status" data-testid="call-notice">
      <p>{t(`notice.${view.notice.key}`, { name: view.notice.name })}</p>
      <button type="button" className="call-btn" onClick={() => controller.dismiss()}>
        {t('notice.close')}
      </button>
    </div>
  );
}
