import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatUser } from '#shared/chat/entities';
import { PAGE_SIZES } from '#shared/chat/rest';
import type { ChatClient } from '../client/chat-client.ts';
import { applyBlock, useBlockFrames } from './live-block.ts';

export const SEARCH_DEBOUNCE_MS = 500;

export interface UsersState {
  status: 'loading' | 'ready' | 'error';
  users: ChatUser[];
  hasMore: boolean;
}

/** Users sorted by name and grouped under their first letter (seed 001 §2 Contacts). Pure. */
export function byLetter(users: ChatUser[], locale: string): { letter: string; users: ChatUser[] }[] {
  const sorted = [...users].sort((a, b) => a.name.localeCompare(b.name, locale, { sensitivity: 'base' }));
  const groups: { letter: string; users: ChatUser[] }[] = [];
  for (const u of sorted) {
    const first = u.name.trim().charAt(0).toLocaleUpperCase(locale);
    const letter = /\p{L}/u.test(first) ? first : '#';
    const last = groups[groups.length - 1];
    if (last?.letter === letter) last.users.push(u);
    else groups.push({ letter, users: [u] });
  }
  return groups;
}

/** The user list: 30 a page, search debounced 500 ms, presence and blocks kept live. */
export function useUsers(client: ChatClient, search: string) {
  const [state, setState] = useState<UsersState>({ status: 'loading', users: [], hasMore: false });
  const page = useRef(1);
  const busy = useRef(false);
  const ref = useRef(state);
  ref.current = state;

  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, status: 'loading' }));
    const timer = setTimeout(() => {
      page.current = 1;
      client.users({ page: 1, search: search.trim() || undefined }).then(
        (users) => live && setState({ status: 'ready', users, hasMore: users.length >= PAGE_SIZES.users }),
        () => live && setState({ status: 'error', users: [], hasMore: false }),
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [client, search]);

  const loadMore = useCallback(() => {
    const s = ref.current;
    if (busy.current || s.status !== 'ready' || !s.hasMore) return;
    busy.current = true;
    const next = page.current + 1;
    client
      .users({ page: next, search: search.trim() || undefined })
      .then((more) => {
        page.current = next;
        setState((cur) => ({
          ...cur,
          users: [...cur.users, ...more.filter((u) => !cur.users.some((x) => x.uid === u.uid))],
          hasMore: more.length >= PAGE_SIZES.users,
        }));
      })
      .catch(() => {})
      .finally(() => {
        busy.current = false;
      });
  }, [client, search]);

  useEffect(
    () =>
      client.on((e) => {
        if (e.type !== 'presence') return;
        setState((s) => ({
          ...s,
          users: s.users.map((u) =>
            u.uid === e.uid
              ? { ...u, status: e.status, last_active_at: e.last_active_at ?? u.last_active_at }
              : u,
          ),
        }));
      }),
    [client],
  );

  useBlockFrames(client, (e) => {
    const me = client.me?.uid;
    if (me) setState((s) => ({ ...s, users: s.users.map((u) => applyBlock(u, e, me)) }));
  });

  const update = useCallback((user: ChatUser) => {
    setState((s) => ({ ...s, users: s.users.map((u) => (u.uid === user.uid ? user : u)) }));
  }, []);

  return { state, loadMore, update };
}
