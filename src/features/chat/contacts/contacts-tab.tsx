import '../register-locales.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatUser } from '#shared/chat/entities';
import type { ChatClient } from '../client/chat-client.ts';
import { ConversationPane } from '../messages/conversation-pane.tsx';
import { applyBlock, useBlockFrames } from './live-block.ts';
import { useUsers } from './use-users.ts';
import { UserDetailsPane } from './user-details-pane.tsx';
import { UserList } from './user-list.tsx';

/**
 * Seed 001 §2 Contacts: the 280 px user list, the chat with the picked user and its details
 * pane. On a phone the list is a slide-over, open whenever no conversation is picked.
 */
export function ContactsTab({ client }: { client: ChatClient }) {
  const [search, setSearch] = useState('');
  const { state, loadMore, update } = useUsers(client, search);
  const [selected, setSelected] = useState<ChatUser | null>(null);
  const [listOpen, setListOpen] = useState(false);
  const [details, setDetails] = useState(false);
  const { t } = useTranslation('chat');
  useBlockFrames(client, (e) => {
    const me = client.me?.uid;
    if (me) setSelected((u) => u && applyBlock(u, e, me));
  });

  const change = (u: ChatUser) => {
    update(u);
    setSelected(u);
  };

  return (
    <div
      className={`chat-layout${selected ? ' chat-layout--open' : ''}${listOpen ? ' chat-layout--list' : ''}`}
    >
      <UserList
        state={state}
        search={search}
        onSearch={setSearch}
        selected={selected?.uid ?? null}
        onSelect={(u) => {
          setSelected(u);
          setDetails(false);
          setListOpen(false);
        }}
        onLoadMore={loadMore}
        onClose={selected ? () => setListOpen(false) : undefined}
      />
      {selected ? (
        <>
          <ConversationPane
            target={{ receiver_type: 'user', receiver: selected.uid }}
            title={selected.name}
            user={selected}
            onBack={() => setListOpen(true)}
            onToggleDetails={() => setDetails((v) => !v)}
            detailsOpen={details}
          />
          {details && (
            <UserDetailsPane
              client={client}
              user={selected}
              onChange={change}
              onClose={() => setDetails(false)}
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
