import { useCallback, useEffect, useRef, useState } from 'react';
import type { Group } from '#shared/chat/entities';
import { PAGE_SIZES } from '#shared/chat/rest';
import { type ChatClient, ChatError } from '../client/chat-client.ts';
import { applyGroupFrame, type GroupFrame, putOnTop } from './group-events.ts';

/** Seed 001 §5/§9: group search waits 500 ms after the last key. */
export const SEARCH_DEBOUNCE_MS = 500;

export type ListStatus = 'loading' | 'ready' | 'error';

export interface GroupList {
  groups: Group[];
  status: ListStatus;
  hasMore: boolean;
  loadingMore: boolean;
  search: string;
  setSearch(text: string): void;
  loadMore(): void;
  reload(): void;
  /** A group created or joined here: on top (created) or replaced in place (joined). */
  put(group: Group, onTop?: boolean): void;
  remove(guid: string): void;
}

/** A group by its id as the caller sees it, or null when it is gone or not visible. */
export async function findGroup(client: ChatClient, guid: string): Promise<Group | null> {
  try {
    return await client.group(guid);
  } catch (e) {
    if (e instanceof ChatError && e.code === 'not-found') return null;
    throw e;
  }
}

/**
 * The group list of seed 001 §2/§4: 30 a page with load-more, debounced search, and live
 * `group` frames applied as they come (an added-to group not in the list is fetched and
 * put on top).
 */
export function useGroupList(
  client: ChatClient,
  me: string,
  onFrame?: (frame: GroupFrame) => void,
): GroupList {
  const [groups, setGroups] = useState<Group[]>([]);
  const [status, setStatus] = useState<ListStatus>('loading');
  const [page, setPage] = useState(1);
  const [hasMore, setHasMore] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const [search, setSearchText] = useState('');
  const [query, setQuery] = useState('');
  const [generation, setGeneration] = useState(0);
  const onFrameRef = useRef(onFrame);
  onFrameRef.current = onFrame;
  const groupsRef = useRef(groups);
  groupsRef.current = groups;

  useEffect(() => {
    const timer = setTimeout(() => setQuery(search.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: generation asks for a reload
  useEffect(() => {
    let live = true;
    setStatus('loading');
    client.groups({ page: 1, search: query || undefined }).then(
      (rows) => {
        if (!live) return;
        setGroups(rows);
        setPage(1);
        setHasMore(rows.length >= PAGE_SIZES.groups);
        setStatus('ready');
      },
      () => live && setStatus('error'),
    );
    return () => {
      live = false;
    };
  }, [client, query, generation]);

  useEffect(
    () =>
      client.on((event) => {
        if (event.type !== 'group') return;
        const { unknown } = applyGroupFrame(groupsRef.current, event, me);
        setGroups((list) => applyGroupFrame(list, event, me).list);
        onFrameRef.current?.(event);
        if (unknown) {
          void findGroup(client, event.guid).then(
            (g) => g && setGroups((list) => putOnTop(list, g)),
            () => undefined,
          );
        }
      }),
    [client, me],
  );

  const loadMore = useCallback(() => {
    if (loadingMore || !hasMore) return;
    setLoadingMore(true);
    client.groups({ page: page + 1, search: query || undefined }).then(
      (rows) => {
        setGroups((list) => [...list, ...rows.filter((r) => !list.some((g) => g.guid === r.guid))]);
        setPage(page + 1);
        setHasMore(rows.length >= PAGE_SIZES.groups);
        setLoadingMore(false);
      },
      () => setLoadingMore(false),
    );
  }, [client, hasMore, loadingMore, page, query]);

  return {
    groups,
    status,
    hasMore,
    loadingMore,
    search,
    setSearch: setSearchText,
    loadMore,
    reload: () => setGeneration((n) => n + 1),
    put: (group, onTop = false) =>
      setGroups((list) =>
        onTop || !list.some((g) => g.guid === group.guid)
          ? putOnTop(list, group)
          : list.map((g) => (g.guid === group.guid ? group : g)),
      ),
    remove: (guid) => setGroups((list) => list.filter((g) => g.guid !== guid)),
  };
}
