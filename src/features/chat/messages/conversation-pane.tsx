import '../register-locales.ts';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '#components/confirm-dialog';
import { useToast } from '#components/toast';
import type { ChatUser, Group } from '#shared/chat/entities';
import type { ChatClient, Target } from '../client/chat-client.ts';
import { useChatClient } from '../client/chat-context.tsx';
import { Composer } from './composer.tsx';
import { LiveReactionOverlaySlot } from './extras-slots.tsx';
import { ImageViewer } from './image-viewer.tsx';
import type { ListMessage } from './list-state.ts';
import { isNearBottom, MessageListView } from './message-list-view.tsx';
import { PaneHeader } from './pane-header.tsx';
import { ThreadPane } from './thread-pane.tsx';
import { useLivePeer } from './use-live-peer.ts';
import { useMessageList } from './use-message-list.ts';
import { useSender } from './use-sender.ts';

export interface ConversationPaneProps {
  target: Target;
  title: string;
  subtitle?: ReactNode;
  user?: ChatUser;
  group?: Group;
  onToggleDetails?: () => void;
  detailsOpen?: boolean;
  onBack?: () => void;
}

/**
 * One conversation: header, message list, composer, thread pane and image viewer
 * (contracts.md; seed 001 §2, §4). The details pane beside it belongs to the caller.
 */
export function ConversationPane(props: ConversationPaneProps) {
  const { t } = useTranslation('chat');
  const client = useChatClient();
  const me = client?.me;
  if (!client || !me) return <p className="chat-placeholder">{t('connecting')}</p>;
  return (
    <PaneBody
      key={`${props.target.receiver_type}:${props.target.receiver}`}
      client={client}
      me={me}
      {...props}
    />
  );
}

function blockedState(user?: ChatUser): 'me' | 'them' | null {
  if (user?.blocked_by_me) return 'me';
  if (user?.has_blocked_me) return 'them';
  return null;
}

function PaneBody({
  client,
  me,
  target,
  title,
  subtitle,
  user,
  group,
  onToggleDetails,
  detailsOpen,
  onBack,
}: ConversationPaneProps & { client: ChatClient; me: ChatUser }) {
  const { t } = useTranslation('chat');
  const confirm = useConfirm();
  const toast = useToast();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<ListMessage | null>(null);
  const [threadOf, setThreadOf] = useState<ListMessage | null>(null);
  const [viewer, setViewer] = useState<{ url: string; alt: string } | null>(null);
  const scrollRef = useRef<HTMLElement>(null);
  const isAtBottom = useCallback(() => isNearBottom(scrollRef.current), []);
  const list = useMessageList({ client, me: me.uid, target, search, isAtBottom });
  const { send, retry } = useSender(client, me, target, list);
  const peer = useLivePeer(client, me.uid, target, user, group);
  const blocked = blockedState(user);

  const onDelete = useCallback(
    async (m: ListMessage) => {
      if (!(await confirm({ message: t('bubble.deleteConfirm') }))) return;
      try {
        await client.remove(m.id);
        const at = Math.floor(Date.now() / 1000);
        list.patch(m.id, (x) => ({ ...x, deleted_at: at }));
      } catch (e) {
        toast.error(e instanceof Error ? e.message : String(e));
      }
    },
    [client, confirm, list, t, toast],
  );
  const closeThread = useCallback(() => setThreadOf(null), []);
  const openImage = useCallback((url: string, alt: string) => setViewer({ url, alt }), []);
  const onEdited = (id: string, text: string) =>
    list.patch(id, (m) => ({ ...m, text, edited_at: Math.floor(Date.now() / 1000) }));

  const parent = threadOf ? (list.state.messages.find((m) => m.id === threadOf.id) ?? threadOf) : null;
  const handlers = {
    onEdit: setEditing,
    onDelete: (m: ListMessage) => void onDelete(m),
    onOpenImage: openImage,
  };

  return (
    <div className={`chat-pane${parent ? ' chat-pane--thread' : ''}`}>
      <section className="chat-pane__main" aria-label={title}>
        <PaneHeader
          target={target}
          title={title}
          subtitle={subtitle}
          user={user}
          group={group}
          peer={peer}
          onBack={onBack}
          onToggleDetails={onToggleDetails}
          detailsOpen={detailsOpen}
          onSearch={setSearch}
        />
        {search && <p className="chat-search__results">{t('header.searchResults', { text: search })}</p>}
        <MessageListView
          list={list}
          scrollRef={scrollRef}
          me={me.uid}
          isGroup={target.receiver_type === 'group'}
          blocked={blocked !== null}
          onThread={setThreadOf}
          onRetry={(m) => void retry(m)}
          {...handlers}
        />
        {blocked === null && <LiveReactionOverlaySlot target={target} />}
        <Composer
          client={client}
          target={target}
          send={send}
          editing={editing && !editing.parent_id ? editing : null}
          onCancelEdit={() => setEditing(null)}
          onEdited={onEdited}
          blocked={blocked}
        />
      </section>
      {parent && (
        <ThreadPane
          key={parent.id}
          client={client}
          me={me}
          target={target}
          conversationName={title}
          parent={parent}
          blocked={blocked}
          editing={editing}
          onCancelEdit={() => setEditing(null)}
          onClose={closeThread}
          onRetry={() => {}}
          {...handlers}
        />
      )}
      {viewer && <ImageViewer url={viewer.url} alt={viewer.alt} onClose={() => setViewer(null)} />}
    </div>
  );
}
