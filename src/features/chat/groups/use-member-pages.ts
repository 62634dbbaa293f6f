import { useCallback, useEffect, useState } from 'react';
import type { GroupMember } from '#shared/chat/entities';
import { PAGE_SIZES } from '#shared/chat/rest';
import type { ChatClient } from '../client/chat-client.ts';

export type MemberKind = 'members' | 'banned';

export interface MemberPages {
  items: GroupMember[];
  status: 'idle' | 'loading' | 'ready' | 'error';
  hasMore: boolean;
  loadingMore: boolean;
  loadMore(): void;
  reload(): void;
}

/**
 * Members or banned members of one group, 10 a page (seed 001 §9), reloaded whenever a
 * `group` frame about the group arrives, so every open list follows kicks, bans, unbans,
 * scope changes, joins and adds. `enabled` false fetches nothing (the banned list of a
 * participant, seed 001 §4).
 */
export function useMemberPages(
  client: ChatClient,
  guid: string,
  kind: MemberKind,
  enabled = true,
): MemberPages {
  const [items, setItems] = useState<GroupMember[]>([]);
  const [status, setStatus] = useState<MemberPages['status']>('idle');
  const [pages, setPages] = useState(1);
  const [hasMore, setHasMore] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const [generation, setGeneration] = useState(0);

  const fetchPage = useCallback(
    (page: number) => (kind === 'members' ? client.members(guid, { page }) : client.banned(guid, { page })),
    [client, guid, kind],
  );

  // Reloads every page shown so far, so a list the user scrolled keeps its length.
  // biome-ignore lint/correctness/useExhaustiveDependencies: generation asks for a reload; pages is read at reload time
  useEffect(() => {
    if (!enabled) {
      setItems([]);
      setStatus('idle');
      return;
    }
    let live = true;
    setStatus((s) => (s === 'ready' ? s : 'loading'));
    (async () => {
      const all: GroupMember[] = [];
      let more = false;
      for (let page = 1; page <= pages; page++) {
        const rows = await fetchPage(page);
        all.push(...rows);
        more = rows.length >= PAGE_SIZES.members;
        if (!more) break;
      }
      return { all, more };
    })().then(
      ({ all, more }) => {
        if (!live) return;
        setItems(all);
        setHasMore(more);
        setStatus('ready');
      },
      () => live && setStatus('error'),
    );
    return () => {
      live = false;
    };
  }, [enabled, fetchPage, generation]);

  useEffect(
    () =>
      client.on((e) => {
        if (e.type === 'group' && e.guid === guid && e.event !== 'deleted') setGeneration((n) => n + 1);
      }),
    [client, guid],
  );

  const loadMore = useCallback(() => {
    if (loadingMore || !hasMore) return;
    setLoadingMore(true);
    fetchPage(pages + 1).then(
      (rows) => {
        setItems((list) => [...list, ...rows.filter((r) => !list.some((m) => m.uid === r.uid))]);
        setPages(pages + 1);
        setHasMore(rows.length >= PAGE_SIZES.members);
        setLoadingMore(false);
      },
      () => setLoadingMore(false),
    );
  }, [fetchPage, hasMore, loadingMore, pages]);

  return { items, status, hasMore, loadingMore, loadMore, reload: () => setGeneration((n) => n + 1) };
}

/** Every uid of a group's members or banned list (for filtering the add-members picker). */
export async function allUids(
  client: ChatClient,
  guid: string,
  kind: MemberKind,
  maxPages = 100,
): Promise<Set<string>> {
  const uids = new Set<string>();
  for (let page = 1; page <= maxPages; page++) {
    const rows =
      kind === 'members' ? await client.members(guid, { page }) : await client.banned(guid, { page });
    for (const r of rows) uids.add(r.uid);
    if (rows.length < PAGE_SIZES.members) break;
  }
  return uids;
}
