import '../register-locales.ts';
import { useTranslation } from 'react-i18next';
import { Dialog } from '#components/dialog';
import type { Group } from '#shared/chat/entities';
import { canSeeBanned } from '#shared/chat/rules';
import type { ChatClient } from '../client/chat-client.ts';
import { MemberRow } from './member-row.tsx';
import { type MemberPages, useMemberPages } from './use-member-pages.ts';

interface ModalProps {
  client: ChatClient;
  group: Group;
  me: string;
  onClose: () => void;
}

/** Seed 001 §2 "view group members": 10 a page, controls where the §6 rules allow. */
export function MembersModal({ client, group, me, onClose }: ModalProps) {
  const { t } = useTranslation('chatGroups');
  const pages = useMemberPages(client, group.guid, 'members');
  return (
    <Dialog open title={t('membersModal.title')} onClose={onClose} size="large">
      <PagedList pages={pages} group={group} me={me} controls="member" empty={t('membersModal.empty')} />
    </Dialog>
  );
}

/** Seed 001 §2 banned members with unban; fetched only for admins and moderators (§4). */
export function BannedModal({ client, group, me, onClose }: ModalProps) {
  const { t } = useTranslation('chatGroups');
  const pages = useMemberPages(client, group.guid, 'banned', canSeeBanned(group.scope));
  return (
    <Dialog open title={t('bannedModal.title')} onClose={onClose} size="large">
      <PagedList pages={pages} group={group} me={me} controls="banned" empty={t('bannedModal.empty')} />
    </Dialog>
  );
}

function PagedList({
  pages,
  group,
  me,
  controls,
  empty,
}: {
  pages: MemberPages;
  group: Group;
  me: string;
  controls: 'member' | 'banned';
  empty: string;
}) {
  const { t } = useTranslation('chatGroups');
  if (pages.status === 'loading' || pages.status === 'idle') return <p role="status">{t('list.loading')}</p>;
  if (pages.status === 'error') return <p role="alert">{t('membersModal.error')}</p>;
  if (pages.items.length === 0) return <p>{empty}</p>;
  return (
    <>
      <ul className="groups-members">
        {pages.items.map((m) => (
          <MemberRow key={m.uid} member={m} group={group} me={me} controls={controls} />
        ))}
      </ul>
      {pages.hasMore && (
        <button
          type="button"
          className="button button--secondary button--small groups-list__more"
          disabled={pages.loadingMore}
          onClick={pages.loadMore}
        >
          {pages.loadingMore ? t('list.loading') : t('membersModal.loadMore')}
        </button>
      )}
    </>
  );
}
