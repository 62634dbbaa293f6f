import '../register-locales.ts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '#components/dialog';
import { useToast } from '#components/toast';
import type { ChatUser, Group } from '#shared/chat/entities';
import { PAGE_SIZES } from '#shared/chat/rest';
import type { ChatClient } from '../client/chat-client.ts';
import { Avatar } from '../messages/avatar.tsx';
import { errorText } from './error-text.ts';
import { SEARCH_DEBOUNCE_MS } from './use-group-list.ts';
import { allUids } from './use-member-pages.ts';

interface AddMembersModalProps {
  client: ChatClient;
  group: Group;
  onClose: () => void;
}

/**
 * Seed 001 §2/§5 add members (admins only): titled Contacts, a search, a checkbox list
 * without current and banned members, and Add with an adding label while busy.
 */
export function AddMembersModal({ client, group, onClose }: AddMembersModalProps) {
  const { t } = useTranslation('chatGroups');
  const toast = useToast();
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [users, setUsers] = useState<ChatUser[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [excluded, setExcluded] = useState<Set<string> | null>(null);
  const [picked, setPicked] = useState<Map<string, string>>(new Map());
  const [adding, setAdding] = useState(false);
  const [page, setPage] = useState(1);
  const [hasMore, setHasMore] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setQuery(search.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);

  useEffect(() => {
    let live = true;
    Promise.all([allUids(client, group.guid, 'members'), allUids(client, group.guid, 'banned')]).then(
      ([members, banned]) => live && setExcluded(new Set([...members, ...banned])),
      // A participant-only view cannot read bans; the server refuses banned users anyway.
      () => allUids(client, group.guid, 'members').then((m) => live && setExcluded(m)),
    );
    return () => {
      live = false;
    };
  }, [client, group.guid]);

  useEffect(() => {
    let live = true;
    setUsers(null);
    setFailed(false);
    client.users({ page: 1, search: query || undefined }).then(
      (rows) => {
        if (!live) return;
        setUsers(rows);
        setPage(1);
        setHasMore(rows.length >= PAGE_SIZES.users);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [client, query]);

  const loadMore = () =>
    client.users({ page: page + 1, search: query || undefined }).then(
      (rows) => {
        setUsers((list) => [...(list ?? []), ...rows.filter((r) => !list?.some((u) => u.uid === r.uid))]);
        setPage(page + 1);
        setHasMore(rows.length >= PAGE_SIZES.users);
      },
      () => setFailed(true),
    );

  const shown = users && excluded ? users.filter((u) => !excluded.has(u.uid)) : null;

  const toggle = (u: ChatUser) =>
    setPicked((map) => {
      const next = new Map(map);
      if (next.has(u.uid)) next.delete(u.uid);
      else next.set(u.uid, u.name);
      return next;
    });

  const add = async () => {
    setAdding(true);
    try {
      const result = await client.addMembers(group.guid, [...picked.keys()]);
      const refused = Object.entries(result)
        .filter(([, outcome]) => outcome !== 'success')
        .map(([uid]) => picked.get(uid) ?? uid);
      if (refused.length) toast.error(t('add.failed', { names: refused.join(', ') }));
      onClose();
    } catch (err) {
      console.error('add members failed', err);
      toast.error(errorText(err, t('membersModal.error')));
    } finally {
      setAdding(false);
    }
  };

  return (
    <Dialog
      open
      title={t('add.title')}
      onClose={onClose}
      size="large"
      footer={
        <>
          <span className="groups-hint">{t('add.selected', { count: picked.size })}</span>
          <button
            type="button"
            className="button button--primary"
            disabled={adding || picked.size === 0}
            aria-busy={adding}
            onClick={add}
          >
            {adding ? t('add.adding') : t('add.add')}
          </button>
        </>
      }
    >
      <input
        type="search"
        className="field__input groups-add__search"
        aria-label={t('add.search')}
        placeholder={t('add.search')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      {failed ? (
        <p role="alert">{t('membersModal.error')}</p>
      ) : !shown ? (
        <p role="status">{t('list.loading')}</p>
      ) : shown.length === 0 ? (
        <p>{t('add.empty')}</p>
      ) : (
        <ul className="groups-members">
          {shown.map((u) => (
            <li key={u.uid} className="groups-member">
              <label className="groups-member__pick">
                <input type="checkbox" checked={picked.has(u.uid)} onChange={() => toggle(u)} />
                <Avatar name={u.name} src={u.avatar} status={u.status} size={32} />
                <span className="groups-member__name">{u.name}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {hasMore && shown && (
        <button
          type="button"
          className="button button--secondary button--small groups-list__more"
          onClick={loadMore}
        >
          {t('list.loadMore')}
        </button>
      )}
    </Dialog>
  );
}
