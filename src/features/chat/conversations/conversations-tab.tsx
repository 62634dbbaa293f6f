import '../register-locales.ts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '#components/confirm-dialog';
import type { ChatUser, Conversation } from '#shared/chat/entities';
import type { ChatClient } from '../client/chat-client.ts';
import { useChatUser } from '../contacts/use-chat-user.ts';
import { UserDetailsPane } from '../contacts/user-details-pane.tsx';
import { GroupDetails } from '../groups/group-details.tsx';
import { ConversationPane } from '../messages/conversation-pane.tsx';
import { ConversationList } from './conversation-list.tsx';
import { useChatGroup } from './use-chat-group.ts';
import { useConversations } from './use-conversations.ts';

/** Keeps "yesterday" and weekday labels right while the screen stays open. */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** Seed 001 §2 Conversations: the list, the open conversation and its details pane. */
export function ConversationsTab({ client, me }: { client: ChatClient; me: ChatUser }) {
  const { t } = useTranslation('chat');
  const confirm = useConfirm();
  const [selected, setSelected] = useState<Conversation | null>(null);
  const [details, setDetails] = useState(false);
  const now = useMinuteClock();
  const convs = useConversations(client, me.uid, selected?.conversation_id ?? null);
  const isUser = selected?.conversation_type === 'user';
  const [user, setUser] = useChatUser(client, isUser ? selected.conversation_with : null);
  const group = useChatGroup(client, selected && !isUser ? selected.conversation_with : null);

  const select = (c: Conversation) => {
    setSelected(c);
    setDetails(false);
    convs.markRead(c.conversation_id);
  };

  const remove = async (c: Conversation) => {
    if (
      !(await confirm({ title: t('conversations.deleteTitle'), message: t('conversations.deleteConfirm') }))
    )
      return;
    try {
      await convs.remove(c.conversation_id);
      if (selected?.conversation_id === c.conversation_id) setSelected(null);
    } catch {
      // Seed 001 §8: a failed delete is only logged; the entry stays.
    }
  };

  const target = selected
    ? { receiver_type: selected.conversation_type, receiver: selected.conversation_with }
    : null;
  return (
    <div className={`chat-layout${selected ? ' chat-layout--open' : ''}`}>
      <ConversationList
        state={convs.state}
        me={me.uid}
        selectedId={selected?.conversation_id ?? null}
        now={now}
        onSelect={select}
        onDelete={(c) => void remove(c)}
        onLoadMore={convs.loadMore}
      />
      {selected && target ? (
        <>
          <ConversationPane
            target={target}
            title={selected.name}
            user={user}
            group={group}
            onBack={() => setSelected(null)}
            onToggleDetails={user || group ? () => setDetails((v) => !v) : undefined}
            detailsOpen={details}
          />
          {details && user && (
            <UserDetailsPane
              client={client}
              user={user}
              onChange={setUser}
              onClose={() => setDetails(false)}
            />
          )}
          {details && group && (
            <GroupDetails
              group={group}
              me={me}
              onClose={() => setDetails(false)}
              onGone={() => {
                convs.reload();
                setSelected(null);
              }}
              onLeft={() => setSelected(null)}
            />
          )}
        </>
      ) : (
        <div className="chat-placeholder-wrap">
          <p className="chat-placeholder">{t('noItemSelected')}</p>
        </div>
      )}
    </div>
  );
}
