import '../register-locales.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EditIcon, ReplyIcon, TrashIcon } from '../chat-icons.ts';
import { bubbleTime } from '../conversations/chat-dates.ts';
import { Avatar } from './avatar.tsx';
import { BubbleContent } from './bubble-content.tsx';
import { ReactionSlot } from './extras-slots.tsx';
import type { ListMessage } from './list-state.ts';
import { actionText, callText } from './message-text.ts';
import { ReceiptMark } from './receipt-mark.tsx';

export interface BubbleHandlers {
  onEdit: (m: ListMessage) => void;
  onDelete: (m: ListMessage) => void;
  onThread: (m: ListMessage) => void;
  onRetry: (m: ListMessage) => void;
  onOpenImage: (url: string, alt: string) => void;
}

interface BubbleProps extends BubbleHandlers {
  message: ListMessage;
  me: string;
  isGroup: boolean;
  /** Thread view: no "reply in thread" and no reply count. */
  inThread?: boolean;
  blocked: boolean;
}

/** One message, sender or receiver side (seed 001 §2 "Message bubbles", §5–§6 who may do what). */
export function MessageBubble({ message: m, me, isGroup, inThread, blocked, ...on }: BubbleProps) {
  const { t, i18n } = useTranslation('chat');
  const [tapped, setTapped] = useState(false);
  const mine = m.sender.uid === me;

  if (m.category === 'action' || m.category === 'call') {
    return (
      <li className="chat-row chat-row--system" data-message-id={m.id}>
        <p className="chat-system">{m.category === 'action' ? actionText(m, t, me) : callText(m, t, me)}</p>
      </li>
    );
  }

  const live = !m.deleted_at && !m._pending && !m._error;
  const canEdit = mine && live && m.type === 'text' && m.category === 'message';
  const canDelete = mine && live;
  const canThread = live && !inThread && !m.parent_id;
  const showSender = !mine && isGroup;

  return (
    <li className={`chat-row chat-row--${mine ? 'mine' : 'theirs'}`} data-message-id={m.id || m.client_id}>
      {showSender && <Avatar name={m.sender.name} src={m.sender.avatar} size={32} />}
      <div className="chat-row__body">
        {showSender && <span className="chat-bubble__sender">{m.sender.name}</span>}
        {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: the tap only reveals the action buttons, which are reachable by keyboard focus */}
        <div
          className={`chat-bubble chat-bubble--${m.type}${m.deleted_at ? ' chat-bubble--deleted' : ''}`}
          onClick={() => setTapped((v) => !v)}
        >
          <BubbleContent message={m} mine={mine} onOpenImage={on.onOpenImage} />
          <span className="chat-bubble__meta">
            {m.sent_at > 0 && (
              <time dateTime={new Date(m.sent_at * 1000).toISOString()}>
                {bubbleTime(m.sent_at, i18n.language)}
              </time>
            )}
            {mine && !m.deleted_at && <ReceiptMark message={m} />}
          </span>
        </div>
        {(canEdit || canDelete || canThread) && (
          <div className={`chat-actions${tapped ? ' chat-actions--open' : ''}`}>
            {canEdit && (
              <button
                type="button"
                className="chat-actions__button"
                onClick={() => on.onEdit(m)}
                title={t('bubble.edit')}
              >
                <EditIcon size={18} />
                <span className="visually-hidden">{t('bubble.edit')}</span>
              </button>
            )}
            {canDelete && (
              <button
                type="button"
                className="chat-actions__button"
                onClick={() => on.onDelete(m)}
                title={t('bubble.delete')}
              >
                <TrashIcon size={18} />
                <span className="visually-hidden">{t('bubble.delete')}</span>
              </button>
            )}
            {canThread && (
              <button
                type="button"
                className="chat-actions__button"
                onClick={() => on.onThread(m)}
                title={t('bubble.reply')}
              >
                <ReplyIcon size={18} />
                <span className="visually-hidden">{t('bubble.reply')}</span>
              </button>
            )}
          </div>
        )}
        {live && <ReactionSlot message={m} mine={mine} disabled={blocked} />}
        {!inThread && m.reply_count > 0 && !m.deleted_at && (
          <button type="button" className="chat-replies" onClick={() => on.onThread(m)}>
            {t('bubble.replies', { count: m.reply_count })}
          </button>
        )}
        {m._error && (
          <p className="chat-bubble__error" role="alert">
            {m._error}{' '}
            <button
              type="button"
              className="button button--small button--ghost"
              onClick={() => on.onRetry(m)}
            >
              {t('bubble.retry')}
            </button>
          </p>
        )}
      </div>
    </li>
  );
}
