import '../register-locales.ts';
import { useTranslation } from 'react-i18next';
import type { CallType } from '#shared/chat/protocol';
import { PhoneIcon, VideoIcon } from '../chat-icons.ts';
import type { Target } from '../client/chat-client.ts';
import { useChatClient } from '../client/chat-context.tsx';
import { useCall } from './use-call.ts';

/**
 * Audio and video call buttons for a one-to-one conversation header (seed 001 §4).
 * Group calls are not offered: calls are one-to-one only.
 */
export function CallButtons({ target, name }: { target: Target; name: string }) {
  const { t } = useTranslation('chatCalls');
  const { controller, view } = useCall();
  // The hosted chat carries no calls (ADR 0006 amendment): no buttons that cannot work.
  const supportsCalls = useChatClient()?.supportsCalls !== false;
  if (target.receiver_type !== 'user' || !controller || !supportsCalls) return null;
  const busy = view !== null && view.phase !== 'idle';
  const place = (type: CallType) => void controller.start(target.receiver, name, type);
  return (
    <>
      <button
        type="button"
        className="icon-button"
        onClick={() => place('audio')}
        disabled={busy}
        title={t('buttons.audio', { name })}
        data-testid="call-audio"
      >
        <PhoneIcon />
        <span className="visually-hidden">{t('buttons.audio', { name })}</span>
      </button>
      <button
        type="button"
        className="icon-button"
        onClick={() => place('video')}
        disabled={busy}
        title={t('buttons.video', { name })}
        data-testid="call-video"
      >
        <VideoIcon />
        <span className="visually-hidden">{t('buttons.video', { name })}</span>
      </button>
    </>
  );
}
