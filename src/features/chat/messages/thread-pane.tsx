import '../register-locales.ts';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatUser } from '#shared/chat/entities';
import { CloseIcon } from '../chat-icons.ts';
import type { ChatClient, Target } from '../client/chat-client.ts';
import { Composer } from './composer.tsx';
import type { ListMessage } from './list-state.ts';
import { type BubbleHandlers, MessageBubble } from './message-bubble.tsx';
import { isNearBottom, MessageListView } from './message-list-view.tsx';
import { useMessageList } from './use-message-list.ts';
import { useSender } from './use-sender.ts';

interface ThreadProps extends Omit<BubbleHandlers, 'onThread'> {
  client: ChatClient;
  me: ChatUser;
  target: Target;
  conversationName: string;
  parent: ListMessage;
  blocked: 'me' | 'them' | null;
  editing: ListMessage | null;
  onCancelEdit: () => void;
  onClose: () => void;
}

/** Seed 001 §2 "Thread pane": title and conversation name, parent bubble, reply count, replies, composer. */
export function ThreadPane({
  client,
  me,
  target,
  conversationName,
  parent,
  blocked,
  editing,
  onCancelEdit,
  onClose,
  ...on
}: ThreadProps) {
  const { t } = useTranslation('chat');
  const scrollRef = useRef<HTMLElement>(null);
  const isAtBottom = useCallback(() => isNearBottom(scrollRef.current), []);
  const list = useMessageList({ client, me: me.uid, target, parentId: parent.id, isAtBottom });
  const { send, retry } = useSender(client, me, target, list, parent.id);
  const isGroup = target.receiver_type === 'group';

  useEffect(() => {
    if (parent.deleted_at) onClose();
  }, [parent.deleted_at, onClose]);

  const replies = Math.max(parent.reply_count, list.state.messages.length);
  const ownEditing = editing && editing.parent_id === parent.id ? editing : null;
  return (
    <aside className="chat-thread" aria-label={t('thread.title')}>
      <header className="chat-thread__header">
        <div>
          <h2 className="chat-thread__title">{t('thread.title')}</h2>
          <p className="chat-thread__conversation">{conversationName}</p>
        </div>
        <button type="button" className="icon-button" onClick={onClose}>
          <CloseIcon />
          <span className="visually-hidden">{t('thread.close')}</span>
        </button>
      </header>
      <MessageListView
        list={list}
        scrollRef={scrollRef}
        me={me.uid}
        isGroup={isGroup}
        inThread
        blocked={blocked !== null}
        onThread={() => {}}
        {...on}
        onRetry={(m) => void retry(m)}
        header={
          <>
            <ol className="chat-messages chat-thread__parent">
              <MessageBubble
                message={parent}
                me={me.uid}
                isGroup={isGroup}
                inThread
                blocked={blocked !== null}
                onThread={() => {}}
                {...on}
              />
            </ol>
            <p className="chat-thread__separator">
              <span>{t('thread.replies', { count: replies })}</span>
            </p>
          </>
        }
      />
      <Composer
        client={client}
        target={target}
        send={send}
        editing={ownEditing}
        onCancelEdit={onCancelEdit}
        onEdited={(id, text) =>
          list.patch(id, (m) => ({ ...m, text, edited_at: Math.floor(Date.now() / 1000) }))
        }
        blocked={blocked}
        compact
      />
    </aside>
  );
}
