import './register-locales.ts';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSyncStatusField } from '#components/sync-status.ts';
import type { ChatUser } from '#shared/chat/entities';
import { ChatIcon, MoreIcon, UserIcon, UsersIcon } from './chat-icons.ts';
import type { ChatClient } from './client/chat-client.ts';
import { useChatClient } from './client/chat-context.tsx';
import { ContactsTab } from './contacts/contacts-tab.tsx';
import { ConversationsTab } from './conversations/conversations-tab.tsx';
import { GroupsTab } from './groups/groups-tab.tsx';
import { InfoTab } from './info/info-tab.tsx';
import './chat.css';

type Tab = 'conversations' | 'contacts' | 'groups' | 'info';
const TABS: { key: Tab; Icon: typeof ChatIcon }[] = [
  { key: 'conversations', Icon: ChatIcon },
  { key: 'contacts', Icon: UserIcon },
  { key: 'groups', Icon: UsersIcon },
  { key: 'info', Icon: MoreIcon },
];

/**
 * The signed-in chat user, once the socket said `ready` (the provider connects in the
 * background), and whether the chat is down before it ever was (no signal, or the hosted
 * service unreachable: seed 001 §8 'Log in error, reload').
 */
function useChatMe(client: ChatClient | null): { me: ChatUser | null; down: boolean } {
  // Without any connection the socket keeps trying (state "connecting"): the phone's own
  // "offline" says at once that the chat cannot connect, not "connecting" for ever.
  const online = useSyncStatusField('online');
  const [me, setMe] = useState<ChatUser | null>(client?.me ?? null);
  const [down, setDown] = useState(client?.state === 'offline');
  useEffect(() => {
    setMe(client?.me ?? null);
    setDown(client?.state === 'offline');
    if (!client) return;
    return client.on((e) => {
      if (e.type === 'ready') setMe(e.user);
      if (e.type === 'connection') setDown(e.state === 'offline');
    });
  }, [client]);
  return { me, down: (down || !online) && !me };
}

/** /chat (seed 001 §2): the four tabs over one screen with its own chrome. */
export function ChatScreen() {
  const { t } = useTranslation('chat');
  const client = useChatClient();
  const { me, down } = useChatMe(client);
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { group_id?: unknown };
  const groupId = typeof search.group_id === 'string' && search.group_id ? search.group_id : undefined;
  const [tab, setTab] = useState<Tab>(groupId ? 'groups' : 'conversations');

  useEffect(() => {
    if (groupId) setTab('groups');
  }, [groupId]);

  const groupOpened = useCallback(() => void navigate({ to: '/chat', replace: true }), [navigate]);

  let body: React.ReactNode;
  if (!client || !me) {
    // No chat yet (connecting, or no signal): the way back home shows too, as on the chat's own header.
    body = (
      <div className="chat-placeholder">
        <p role="status">{t(down ? 'connectError' : 'connecting')}</p>
        <Link to="/" className="button button--secondary button--small">
          {t('backHome')}
        </Link>
      </div>
    );
  } else if (tab === 'conversations') body = <ConversationsTab client={client} me={me} />;
  else if (tab === 'contacts') body = <ContactsTab client={client} />;
  else if (tab === 'groups') body = <GroupsTab openGuid={groupId} onOpened={groupOpened} />;
  else body = <InfoTab me={me} />;

  return (
    <div className="chat-screen">
      <div className="chat-screen__body">{body}</div>
      <nav className="chat-tabs" aria-label={t('tabs.label')}>
        {TABS.map(({ key, Icon }) => (
          <button
            key={key}
            type="button"
            className="chat-tabs__tab"
            aria-current={tab === key ? 'page' : undefined}
            onClick={() => setTab(key)}
          >
            <Icon />
            <span>{t(`tabs.${key}`)}</span>
          </button>
        ))}
      </nav>
    </div>
  );
}
