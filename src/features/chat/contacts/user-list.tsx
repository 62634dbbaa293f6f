import '../register-locales.ts';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { ChatUser } from '#shared/chat/entities';
import { ArrowLeftIcon, CloseIcon, SearchIcon } from '../chat-icons.ts';
import { localeOf } from '../conversations/chat-dates.ts';
import { Avatar } from '../messages/avatar.tsx';
import { byLetter, type UsersState } from './use-users.ts';

interface UserListProps {
  state: UsersState;
  search: string;
  onSearch: (text: string) => void;
  selected: string | null;
  onSelect: (user: ChatUser) => void;
  onLoadMore: () => void;
  /** Small screens: the list is a slide-over that can be closed back to the open chat. */
  onClose?: () => void;
}

/** Seed 001 §2 Contacts sidebar: title Users, search, letter headings, presence per user. */
export function UserList({
  state,
  search,
  onSearch,
  selected,
  onSelect,
  onLoadMore,
  onClose,
}: UserListProps) {
  const { t, i18n } = useTranslation('chat');
  const groups = byLetter(state.users, localeOf(i18n.language));
  return (
    <nav className="chat-sidebar" aria-label={t('contacts.title')}>
      <header className="chat-sidebar__header">
        <Link to="/" className="icon-button" title={t('backHome')}>
          <ArrowLeftIcon />
          <span className="visually-hidden">{t('backHome')}</span>
        </Link>
        <h1 className="chat-sidebar__title">{t('contacts.title')}</h1>
        {onClose && (
          <button type="button" className="icon-button chat-sidebar__close" onClick={onClose}>
            <CloseIcon />
            <span className="visually-hidden">{t('contacts.close')}</span>
          </button>
        )}
      </header>
      <label className="chat-sidebar__search">
        <SearchIcon size={18} />
        <span className="visually-hidden">{t('contacts.search')}</span>
        <input
          type="search"
          placeholder={t('contacts.search')}
          value={search}
          onChange={(e) => onSearch(e.target.value)}
        />
      </label>
      <div
        className="chat-sidebar__scroll"
        onScroll={(e) => {
          const el = e.currentTarget;
          if (el.scrollHeight - el.scrollTop - el.clientHeight <= 20) onLoadMore();
        }}
      >
        {state.status === 'loading' && <p className="chat-sidebar__note">{t('contacts.loading')}</p>}
        {state.status === 'error' && (
          <p className="chat-sidebar__note" role="alert">
            {t('contacts.error')}
          </p>
        )}
        {state.status === 'ready' && state.users.length === 0 && (
          <p className="chat-sidebar__note">{t('contacts.empty')}</p>
        )}
        {state.status === 'ready' &&
          groups.map((g) => (
            <section key={g.letter} className="chat-letter">
              <h2 className="chat-letter__heading">{g.letter}</h2>
              <ul className="chat-items">
                {g.users.map((u) => (
                  <li
                    key={u.uid}
                    className="chat-item"
                    aria-current={u.uid === selected ? 'true' : undefined}
                  >
                    <button type="button" className="chat-item__open" onClick={() => onSelect(u)}>
                      <Avatar name={u.name} src={u.avatar} status={u.status} size={40} />
                      <span className="chat-item__text">
                        <span className="chat-item__name">{u.name}</span>
                        <span className="chat-item__preview">{t(`status.${u.status}`)}</span>
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          ))}
      </div>
    </nav>
  );
}
