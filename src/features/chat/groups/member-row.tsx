import '../register-locales.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '#components/confirm-dialog';
import { useToast } from '#components/toast';
import { GROUP_SCOPES, type Group, type GroupMember, type GroupScope } from '#shared/chat/entities';
import { type Actor, canActOnMember, canSetScope, canUnban } from '#shared/chat/rules';
import { useChatClient } from '../client/chat-context.tsx';
import { Avatar } from '../messages/avatar.tsx';
import { errorText } from './error-text.ts';

interface MemberRowProps {
  member: GroupMember;
  group: Group;
  me: string;
  /** Controls: kick, ban and scope for members; unban for the banned list; none in summaries. */
  controls?: 'member' | 'banned' | 'none';
}

/** Seed 001 §6: the user shows as 'You', the owner with 'Owner'; controls only where the rules allow. */
export function MemberRow({ member, group, me, controls = 'none' }: MemberRowProps) {
  const { t } = useTranslation('chatGroups');
  const isMe = member.uid === me;
  const isOwner = member.uid === group.owner;
  return (
    <li className="groups-member" data-uid={member.uid}>
      <Avatar name={member.name} src={member.avatar} status={member.status} size={32} />
      <span className="groups-member__text">
        <span className="groups-member__name">{isMe ? t('member.you') : member.name}</span>
        <span className="groups-member__scope">
          {isOwner ? `${t('member.owner')} · ` : ''}
          {t(`member.${member.scope}`)}
        </span>
      </span>
      {controls === 'member' && <MemberControls member={member} group={group} me={me} />}
      {controls === 'banned' && <UnbanControl member={member} group={group} me={me} />}
    </li>
  );
}

function actorOf(group: Group, me: string): Actor | null {
  return group.scope ? { uid: me, scope: group.scope } : null;
}

function MemberControls({ member, group, me }: Required<Omit<MemberRowProps, 'controls'>>) {
  const { t } = useTranslation('chatGroups');
  const client = useChatClient();
  const confirm = useConfirm();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const actor = actorOf(group, me);
  if (!client || !actor || !canActOnMember(actor, member, group.owner)) return null;
  const scopes = GROUP_SCOPES.filter((s) => s === member.scope || canSetScope(actor, member, group.owner, s));

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch (err) {
      console.error('group member action failed', err);
      toast.error(errorText(err, t('membersModal.error')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <span className="groups-member__controls">
      <select
        className="field__input groups-member__select"
        aria-label={t('member.scope', { name: member.name })}
        value={member.scope}
        disabled={busy}
        onChange={(e) => run(() => client.setScope(group.guid, member.uid, e.target.value as GroupScope))}
      >
        {scopes.map((s) => (
          <option key={s} value={s}>
            {t(`member.${s}`)}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={busy}
        aria-label={`${t('member.kick')} ${member.name}`}
        onClick={async () => {
          if (
            await confirm({
              message: t('member.kickConfirm', { name: member.name }),
              confirmLabel: t('member.kick'),
            })
          )
            await run(() => client.kick(group.guid, member.uid));
        }}
      >
        {t('member.kick')}
      </button>
      <button
        type="button"
        className="button button--ghost-danger button--small"
        disabled={busy}
        aria-label={`${t('member.ban')} ${member.name}`}
        onClick={async () => {
          if (
            await confirm({
              message: t('member.banConfirm', { name: member.name }),
              confirmLabel: t('member.ban'),
            })
          )
            await run(() => client.ban(group.guid, member.uid));
        }}
      >
        {t('member.ban')}
      </button>
    </span>
  );
}

function UnbanControl({ member, group, me }: Required<Omit<MemberRowProps, 'controls'>>) {
  const { t } = useTranslation('chatGroups');
  const client = useChatClient();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const actor = actorOf(group, me);
  if (!client || !actor || !canUnban(actor, member, group.owner)) return null;
  return (
    <span className="groups-member__controls">
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={busy}
        aria-label={`${t('member.unban')} ${member.name}`}
        onClick={async () => {
          setBusy(true);
          try {
            await client.unban(group.guid, member.uid);
          } catch (err) {
            console.error('unban failed', err);
            toast.error(errorText(err, t('membersModal.error')));
          } finally {
            setBusy(false);
          }
        }}
      >
        {t('member.unban')}
      </button>
    </span>
  );
}
