import '../register-locales.ts';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { Group } from '#shared/chat/entities';
import { ArrowLeftIcon, CloseIcon, LockIcon, PlusIcon, SearchIcon, ShieldIcon } from '../chat-icons.ts';
import { Avatar } from '../messages/avatar.tsx';
import type { GroupList as GroupListState } from './use-group-list.ts';

interface GroupListProps {
  list: GroupListState;
  selected: string | null;
  joining: string | null;
  onOpen: (group: Group) => void;
  onCreate?: () => void;
  /** Small screens: the list is a slide-over that can be closed back to the open group. */
  onClose?: () => void;
}

/** Seed 001 §2 "Groups": title, close (small screens), create, search, the list or a message. */
export function GroupList({ list, selected, joining, onOpen, onCreate, onClose }: GroupListProps) {
  const { t } = useTranslation('chatGroups');
  const { t: tChat } = useTranslation('chat');
  return (
    <nav className="chat-sidebar groups-list" aria-label={t('list.title')}>
      <header className="chat-sidebar__header">
        <Link to="/" className="icon-button" title={tChat('backHome')}>
          <ArrowLeftIcon />
          <span className="visually-hidden">{tChat('backHome')}</span>
        </Link>
        <h1 className="chat-sidebar__title">{t('list.title')}</h1>
        {onCreate && (
          <button type="button" className="icon-button" title={t('list.create')} onClick={onCreate}>
            <PlusIcon size={22} />
            <span className="visually-hidden">{t('list.create')}</span>
          </button>
        )}
        {onClose && (
          <button type="button" className="icon-button chat-sidebar__close" onClick={onClose}>
            <CloseIcon />
            <span className="visually-hidden">{t('list.close')}</span>
          </button>
        )}
      </header>
      <label className="chat-sidebar__search">
        <SearchIcon size={18} />
        <span className="visually-hidden">{t('list.search')}</span>
        <input
          type="search"
          placeholder={t('list.search')}
          value={list.search}
          onChange={(e) => list.setSearch(e.target.value)}
        />
      </label>
      <div
        className="chat-sidebar__scroll"
        onScroll={(e) => {
          // Seed 001 §9: the next page loads within 20 px of the end.
          const el = e.currentTarget;
          if (el.scrollHeight - el.scrollTop - el.clientHeight <= 20) list.loadMore();
        }}
      >
        <GroupListBody list={list} selected={selected} joining={joining} onOpen={onOpen} />
      </div>
    </nav>
  );
}

function GroupListBody({ list, selected, joining, onOpen }: Omit<GroupListProps, 'onCreate' | 'onClose'>) {
  const { t } = useTranslation('chatGroups');
  if (list.status === 'loading') {
    return (
      <p className="chat-sidebar__note" role="status">
        {t('list.loading')}
      </p>
    );
  }
  if (list.status === 'error') {
    return (
      <div className="chat-sidebar__note" role="alert">
        <p>{t('list.error')}</p>
        <button type="button" className="button button--secondary button--small" onClick={list.reload}>
          {t('list.retry')}
        </button>
      </div>
    );
  }
  if (list.groups.length === 0) return <p className="chat-sidebar__note">{t('list.empty')}</p>;
  return (
    <>
      <ul className="chat-items">
        {list.groups.map((g) => (
          <li
            key={g.guid}
            className="chat-item groups-item"
            data-guid={g.guid}
            aria-current={g.guid === selected ? 'true' : undefined}
          >
            <button
              type="button"
              className="chat-item__open"
              aria-busy={joining === g.guid || undefined}
              onClick={() => onOpen(g)}
            >
              <Avatar name={g.name} src={g.icon} size={40} />
              <span className="chat-item__text">
                <span className="chat-item__top">
                  <span className="chat-item__name">{g.name}</span>
                  {g.type === 'private' && (
                    <span className="groups-item__type" title={t('list.private')}>
                      <ShieldIcon size={16} />
                      <span className="visually-hidden">{t('list.private')}</span>
                    </span>
                  )}
                  {g.type === 'password' && (
                    <span className="groups-item__type" title={t('list.password')}>
                      <LockIcon size={16} />
                      <span className="visually-hidden">{t('list.password')}</span>
                    </span>
                  )}
                </span>
                <span className="chat-item__preview">
                  {t('list.members', { count: g.members_count })}
                  {joining === g.guid
                    ? ` · ${t('list.joining')}`
                    : g.has_joined
                      ? ''
                      : ` · ${t('list.notJoined')}`}
                </span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      {list.hasMore && (
        <button
          type="button"
          className="button button--secondary button--small groups-list__more"
          disabled={list.loadingMore}
          onClick={list.loadMore}
        >
          {list.loadingMore ? t('list.loading') : t('list.loadMore')}
        </button>
      )}
    </>
  );
}
