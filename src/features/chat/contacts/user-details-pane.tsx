import '../register-locales.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '#components/toast';
import type { ChatUser } from '#shared/chat/entities';
import { CloseIcon } from '../chat-icons.ts';
import type { ChatClient } from '../client/chat-client.ts';
import { Avatar } from '../messages/avatar.tsx';
import { SharedMedia } from './shared-media.tsx';

interface DetailsProps {
  client: ChatClient;
  user: ChatUser;
  onChange: (user: ChatUser) => void;
  onClose: () => void;
}

/** Seed 001 §2 "User details pane": header, Options (block / unblock), shared media. */
export function UserDetailsPane({ client, user, onChange, onClose }: DetailsProps) {
  const { t } = useTranslation('chat');
  const toast = useToast();
  const [busy, setBusy] = useState(false);

  const toggleBlock = async () => {
    setBusy(true);
    try {
      if (user.blocked_by_me) await client.unblock(user.uid);
      else await client.block(user.uid);
      onChange({ ...user, blocked_by_me: !user.blocked_by_me });
      toast.success(t(user.blocked_by_me ? 'details.unblocked' : 'details.blocked'));
    } catch (e) {
      toast.error(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <aside className="chat-details" aria-label={t('details.title')}>
      <header className="chat-details__header">
        <h2 className="chat-details__title">{t('details.title')}</h2>
        <button type="button" className="icon-button" onClick={onClose}>
          <CloseIcon />
          <span className="visually-hidden">{t('details.close')}</span>
        </button>
      </header>
      <div className="chat-details__body">
        <div className="chat-details__who">
          <Avatar name={user.name} src={user.avatar} status={user.status} size={72} />
          <p className="chat-details__name">{user.name}</p>
        </div>
        <section className="chat-details__section">
          <h3 className="chat-details__heading">{t('details.options')}</h3>
          <button
            type="button"
            className={`button button--small ${user.blocked_by_me ? 'button--secondary' : 'button--ghost-danger'}`}
            disabled={busy}
            onClick={() => void toggleBlock()}
          >
            {t(user.blocked_by_me ? 'details.unblock' : 'details.block')}
          </button>
        </section>
        <SharedMedia client={client} target={{ receiver_type: 'user', receiver: user.uid }} />
      </div>
    </aside>
  );
}
