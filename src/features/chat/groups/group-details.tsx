import '../register-locales.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '#components/confirm-dialog';
import { useToast } from '#components/toast';
import type { ChatUser, Group, GroupMember } from '#shared/chat/entities';
import { canAddMembers, canDeleteGroup, canLeaveGroup, canSeeBanned } from '#shared/chat/rules';
import { CloseIcon } from '../chat-icons.ts';
import { useChatClient } from '../client/chat-context.tsx';
import { SharedMedia } from '../contacts/shared-media.tsx';
import { AddMembersModal } from './add-members-modal.tsx';
import { errorText } from './error-text.ts';
import { BannedModal, MembersModal } from './member-list-modals.tsx';
import { MemberRow } from './member-row.tsx';
import { useMemberPages } from './use-member-pages.ts';

interface GroupDetailsProps {
  group: Group;
  me: ChatUser;
  onClose: () => void;
  /** The group was deleted here. */
  onGone: () => void;
  /** The user left the group here. */
  onLeft: () => void;
}

type Modal = 'members' | 'banned' | 'add' | null;

/** Seed 001 §2 group details (300 px): member lists, members/banned modals, leave, delete, media. */
export function GroupDetails({ group, me, onClose, onGone, onLeft }: GroupDetailsProps) {
  const { t } = useTranslation('chatGroups');
  const client = useChatClient();
  const confirm = useConfirm();
  const toast = useToast();
  const [modal, setModal] = useState<Modal>(null);
  const [busy, setBusy] = useState(false);
  if (!client) return null;
  return (
    <DetailsBody
      {...{ group, me, onClose, onGone, onLeft, modal, setModal, busy }}
      client={client}
      act={async (question, confirmLabel, action, done) => {
        if (!(await confirm({ message: question, confirmLabel }))) return;
        setBusy(true);
        try {
          await action();
          done();
        } catch (err) {
          console.error('group action failed', err);
          toast.error(errorText(err, t('membersModal.error')));
        } finally {
          setBusy(false);
        }
      }}
    />
  );
}

function DetailsBody({
  client,
  group,
  me,
  onClose,
  onGone,
  onLeft,
  modal,
  setModal,
  busy,
  act,
}: GroupDetailsProps & {
  client: NonNullable<ReturnType<typeof useChatClient>>;
  modal: Modal;
  setModal: (m: Modal) => void;
  busy: boolean;
  act: (question: string, label: string, action: () => Promise<void>, done: () => void) => Promise<void>;
}) {
  const { t } = useTranslation('chatGroups');
  const seeBanned = canSeeBanned(group.scope);
  const members = useMemberPages(client, group.guid, 'members');
  const banned = useMemberPages(client, group.guid, 'banned', seeBanned);
  const admins = members.items.filter((m) => m.scope === 'admin');
  const moderators = members.items.filter((m) => m.scope === 'moderator');
  const participants = members.items.filter((m) => m.scope === 'participant');
  const farm = group.farm_id !== null;
  const otherAdmins = admins.filter((m) => m.uid !== me.uid).length;
  const mayLeave = !farm && members.status === 'ready' && canLeaveGroup(me.uid, group.owner, otherAdmins);
  const mayDelete = !farm && canDeleteGroup(group.scope);

  const section = (id: string, title: string, list: GroupMember[]) => (
    <section className="chat-details__section" aria-labelledby={`groups-${id}`}>
      <h3 id={`groups-${id}`} className="chat-details__heading">
        {title}
      </h3>
      {members.status !== 'ready' && id !== 'banned' ? (
        <p role="status">{t('list.loading')}</p>
      ) : list.length === 0 ? (
        <p className="groups-hint">{t('details.none')}</p>
      ) : (
        <ul className="groups-members">
          {list.map((m) => (
            <MemberRow key={m.uid} member={m} group={group} me={me.uid} />
          ))}
        </ul>
      )}
    </section>
  );

  return (
    <aside className="chat-details groups-details" aria-labelledby="groups-details-title">
      <header className="chat-details__header">
        <h2 id="groups-details-title" className="chat-details__title">
          {t('details.title')}
        </h2>
        <button type="button" className="icon-button" onClick={onClose}>
          <CloseIcon />
          <span className="visually-hidden">{t('details.close')}</span>
        </button>
      </header>
      <div className="chat-details__body">
        <p className="chat-details__name">{group.name}</p>
        <p className="groups-hint">{t('list.members', { count: group.members_count })}</p>
        {farm && <p className="groups-hint">{t('details.farmGroup')}</p>}
        <div className="groups-details__actions">
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => setModal('members')}
          >
            {t('details.viewMembers')}
          </button>
          {canAddMembers(group.scope) && !farm && (
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => setModal('add')}
            >
              {t('details.addMembers')}
            </button>
          )}
          {seeBanned && (
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => setModal('banned')}
            >
              {t('details.viewBanned')}
            </button>
          )}
        </div>
        {section('admins', t('details.administrators'), admins)}
        {section('moderators', t('details.moderators'), moderators)}
        {section('members', t('details.members'), participants)}
        {seeBanned && section('banned', t('details.banned'), banned.items)}
        {(mayLeave || mayDelete) && (
          <div className="groups-details__actions groups-details__danger">
            {mayLeave && (
              <button
                type="button"
                className="button button--secondary button--small"
                disabled={busy}
                onClick={() =>
                  act(
                    t('details.leaveConfirm', { name: group.name }),
                    t('details.leaveButton'),
                    () => client.leaveGroup(group.guid),
                    onLeft,
                  )
                }
              >
                {t('details.leave')}
              </button>
            )}
            {mayDelete && (
              <button
                type="button"
                className="button button--ghost-danger button--small"
                disabled={busy}
                onClick={() =>
                  act(
                    t('details.deleteConfirm', { name: group.name }),
                    t('details.delete'),
                    () => client.deleteGroup(group.guid),
                    onGone,
                  )
                }
              >
                {t('details.delete')}
              </button>
            )}
          </div>
        )}
        <SharedMedia client={client} target={{ receiver_type: 'group', receiver: group.guid }} />
      </div>
      {modal === 'members' && (
        <MembersModal client={client} group={group} me={me.uid} onClose={() => setModal(null)} />
      )}
      {modal === 'banned' && (
        <BannedModal client={client} group={group} me={me.uid} onClose={() => setModal(null)} />
      )}
      {modal === 'add' && <AddMembersModal client={client} group={group} onClose={() => setModal(null)} />}
    </aside>
  );
}
