import '../register-locales.ts';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatUser, Group } from '#shared/chat/entities';
import { ArrowLeftIcon, CloseIcon, InfoIcon, SearchIcon } from '../chat-icons.ts';
import type { Target } from '../client/chat-client.ts';
import { longTimestamp } from '../conversations/chat-dates.ts';
import { Avatar } from './avatar.tsx';
import { CallButtonsSlot } from './extras-slots.tsx';
import type { LivePeer } from './use-live-peer.ts';

interface HeaderProps {
  target: Target;
  title: string;
  subtitle?: ReactNode;
  user?: ChatUser;
  group?: Group;
  peer: LivePeer;
  onBack?: () => void;
  onToggleDetails?: () => void;
  detailsOpen?: boolean;
  onSearch: (text: string) => void;
}

function useStatusLine(peer: LivePeer, isGroup: boolean): string {
  const { t, i18n } = useTranslation('chat');
  if (peer.typing.length > 0) {
    return isGroup ? t('status.typingName', { name: peer.typing.join(', ') }) : t('status.typing');
  }
  if (isGroup) return peer.membersCount === null ? '' : t('status.members', { count: peer.membersCount });
  if (peer.status === 'online') return t('status.online');
  if (peer.lastActiveAt)
    return t('status.lastActive', { date: longTimestamp(peer.lastActiveAt, i18n.language) });
  return peer.status ? t('status.offline') : '';
}

/**
 * Seed 001 §5/§9: search inputs wait 500 ms, "another search handler 400 ms": the message
 * search of a conversation searches 400 ms after the last key (Enter and a tag at once).
 */
export const MESSAGE_SEARCH_DEBOUNCE_MS = 400;

/** Seed 001 §1–§2: back, avatar with presence, name, status line, search with tag chips, details. */
export function PaneHeader({
  target,
  title,
  subtitle,
  user,
  group,
  peer,
  onBack,
  onToggleDetails,
  detailsOpen,
  onSearch,
}: HeaderProps) {
  const { t } = useTranslation('chat');
  const [searching, setSearching] = useState(false);
  const [text, setText] = useState('');
  const isGroup = target.receiver_type === 'group';
  const status = useStatusLine(peer, isGroup);
  const tags = t('tags', { returnObjects: true }) as string[];

  useEffect(() => {
    if (!searching) return;
    const timer = setTimeout(() => onSearch(text.trim()), MESSAGE_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, searching, onSearch]);

  const close = () => {
    setSearching(false);
    setText('');
    onSearch('');
  };

  return (
    <header className="chat-pane__header">
      <div className="chat-pane__bar">
        {onBack && (
          <button type="button" className="icon-button chat-pane__back" onClick={onBack}>
            <ArrowLeftIcon />
            <span className="visually-hidden">{t('header.sidebar')}</span>
          </button>
        )}
        <Avatar
          name={title}
          src={user?.avatar ?? group?.icon}
          status={isGroup ? undefined : (peer.status ?? undefined)}
        />
        <div className="chat-pane__who">
          <h2 className="chat-pane__title">{title}</h2>
          <p className="chat-pane__status" data-testid="chat-status">
            {subtitle ?? status}
          </p>
        </div>
        <CallButtonsSlot target={target} name={title} />
        <button
          type="button"
          className="icon-button"
          aria-pressed={searching}
          onClick={() => (searching ? close() : setSearching(true))}
          title={t('header.search')}
        >
          <SearchIcon />
          <span className="visually-hidden">{t('header.search')}</span>
        </button>
        {onToggleDetails && (
          <button
            type="button"
            className="icon-button"
            aria-pressed={detailsOpen}
            onClick={onToggleDetails}
            title={t('header.details')}
          >
            <InfoIcon />
            <span className="visually-hidden">{t('header.details')}</span>
          </button>
        )}
      </div>
      {searching && (
        <div className="chat-search">
          <div className="chat-search__box">
            <SearchIcon size={18} />
            <input
              type="search"
              autoFocus
              aria-label={t('header.searchLabel')}
              placeholder={t('header.searchPlaceholder')}
              value={text}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') onSearch(text.trim());
              }}
            />
            <button type="button" className="icon-button" onClick={close}>
              <CloseIcon size={18} />
              <span className="visually-hidden">{t('header.searchClose')}</span>
            </button>
          </div>
          <ul className="chat-tags" aria-label={t('header.tags')}>
            {tags.map((tag) => (
              <li key={tag}>
                <button
                  type="button"
                  className="chat-tag"
                  onClick={() => {
                    setText(tag);
                    onSearch(tag);
                  }}
                >
                  {tag}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </header>
  );
}
