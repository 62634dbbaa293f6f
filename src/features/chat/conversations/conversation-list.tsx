import '../register-locales.ts';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { Conversation } from '#shared/chat/entities';
import { ArrowLeftIcon, TrashIcon } from '../chat-icons.ts';
import { Avatar } from '../messages/avatar.tsx';
import { previewText } from '../messages/message-text.ts';
import { listDate } from './chat-dates.ts';
import type { ConversationsState } from './use-conversations.ts';

interface ListProps {
  state: ConversationsState;
  me: string;
  selectedId: string | null;
  now: Date;
  onSelect: (c: Conversation) => void;
  onDelete: (c: Conversation) => void;
  onLoadMore: () => void;
}

function ListDateText({ at, now }: { at: number; now: Date }) {
  const { t, i18n } = useTranslation('chat');
  const d = listDate(at, now, i18n.language);
  return (
    <span className="chat-item__date">{d.kind === 'yesterday' ? t('conversations.yesterday') : d.text}</span>
  );
}

/** The conversations sidebar (seed 001 §2 Conversations); loads more within 20 px of the end. */
export function ConversationList({ state, me, selectedId, now, onSelect, onDelete, onLoadMore }: ListProps) {
  const { t } = useTranslation('chat');
  return (
    <nav className="chat-sidebar" aria-label={t('conversations.title')}>
      <header className="chat-sidebar__header">
        <Link to="/" className="icon-button" title={t('backHome')}>
          <ArrowLeftIcon />
          <span className="visually-hidden">{t('backHome')}</span>
        </Link>
        <h1 className="chat-sidebar__title">{t('conversations.title')}</h1>
      </header>
      <div
        className="chat-sidebar__scroll"
        onScroll={(e) => {
          const el = e.currentTarget;
          if (el.scrollHeight - el.scrollTop - el.clientHeight <= 20) onLoadMore();
        }}
      >
        {state.status === 'loading' && <p className="chat-sidebar__note">{t('conversations.loading')}</p>}
        {state.status === 'error' && (
          <p className="chat-sidebar__note" role="alert">
            {t('conversations.error')}
          </p>
        )}
        {state.status === 'ready' && state.items.length === 0 && (
          <p className="chat-sidebar__note">{t('conversations.empty')}</p>
        )}
        <ul className="chat-items">
          {state.items.map((c) => {
            const last = c.last_message;
            const unread = c.unread_message_count;
            return (
              <li
                key={c.conversation_id}
                className="chat-item"
                aria-current={c.conversation_id === selectedId ? 'true' : undefined}
              >
                <button type="button" className="chat-item__open" onClick={() => onSelect(c)}>
                  <Avatar name={c.name} size={44} />
                  <span className="chat-item__text">
                    <span className="chat-item__top">
                      <span className="chat-item__name">{c.name}</span>
                      {(last?.sent_at ?? c.updated_at) > 0 && (
                        <ListDateText at={last?.sent_at ?? c.updated_at} now={now} />
                      )}
                    </span>
                    <span className="chat-item__bottom">
                      <span className="chat-item__preview">
                        {last ? previewText(last, t, me) : t('conversations.noMessage')}
                      </span>
                      {unread > 0 && (
                        <span className="chat-badge" title={t('conversations.unread', { count: unread })}>
                          {unread}
                          <span className="visually-hidden">
                            {' '}
                            {t('conversations.unread', { count: unread })}
                          </span>
                        </span>
                      )}
                    </span>
                  </span>
                </button>
                <button
                  type="button"
                  className="icon-button chat-item__delete"
                  onClick={() => onDelete(c)}
                  title={t('conversations.delete', { name: c.name })}
                >
                  <TrashIcon size={18} />
                  <span className="visually-hidden">{t('conversations.delete', { name: c.name })}</span>
                </button>
              </li>
            );
          })}
        </ul>
      </div>
    </nav>
  );
}
