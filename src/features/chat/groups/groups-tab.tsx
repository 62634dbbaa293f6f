import '../register-locales.ts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '#components/toast';
import type { ChatUser, Group } from '#shared/chat/entities';
import type { ChatClient } from '../client/chat-client.ts';
import { useChatClient } from '../client/chat-context.tsx';
import { ConversationPane } from '../messages/conversation-pane.tsx';
import { CreateGroupModal } from './create-group-modal.tsx';
import { errorText } from './error-text.ts';
import { GroupDetails } from './group-details.tsx';
import { applyToGroup, type GroupFrame, openGroupEffect } from './group-events.ts';
import { GroupList } from './group-list.tsx';
import { JoinPasswordDialog } from './join-password-dialog.tsx';
import { findGroup, useGroupList } from './use-group-list.ts';
import './groups.css';

interface GroupsTabProps {
  /** Opens this group once the list is loaded (the /chat?group_id= hand-over). */
  openGuid?: string;
  onOpened?: () => void;
  /** Seed 001 §2: the create-group button hides when the configuration says so. */
  allowCreate?: boolean;
}

/**
 * The groups tab (seed 001 §2 Groups, §4): the list sidebar, the open group's conversation
 * and its 300 px details pane, with joining, creating and the live group events.
 */
export function GroupsTab(props: GroupsTabProps) {
  const { t } = useTranslation('chat');
  const client = useChatClient();
  const me = client?.me;
  if (!client || !me) {
    return (
      <p className="chat-placeholder" role="status">
        {t('connecting')}
      </p>
    );
  }
  return <GroupsTabBody client={client} me={me} {...props} />;
}

function GroupsTabBody({
  client,
  me,
  openGuid,
  onOpened,
  allowCreate = true,
}: GroupsTabProps & { client: ChatClient; me: ChatUser }) {
  const { t } = useTranslation('chatGroups');
  const toast = useToast();
  const [selected, setSelected] = useState<Group | null>(null);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const [listOpen, setListOpen] = useState(false);
  const [createOpen, setCreateOpen] = useState(false);
  const [passwordFor, setPasswordFor] = useState<Group | null>(null);
  const [joining, setJoining] = useState<string | null>(null);
  const selectedRef = useRef(selected);
  selectedRef.current = selected;

  const onFrame = useCallback(
    (frame: GroupFrame) => {
      const effect = openGroupEffect(frame, selectedRef.current?.guid ?? null, me.uid);
      if (effect === 'reset') {
        setSelected(null);
        setDetailsOpen(false);
        return;
      }
      if (effect === 'close-details') setDetailsOpen(false);
      setSelected((g) => (g && g.guid === frame.guid ? applyToGroup(g, frame, me.uid) : g));
    },
    [me.uid],
  );
  const list = useGroupList(client, me.uid, onFrame);

  const select = useCallback((group: Group) => {
    setSelected(group);
    setDetailsOpen(false);
    setListOpen(false);
  }, []);

  const join = async (group: Group, password?: string) => {
    setJoining(group.guid);
    try {
      const joined = await client.joinGroup(group.guid, password);
      const next = { ...joined, has_joined: true, scope: joined.scope ?? 'participant' };
      list.put(next);
      select(next);
    } finally {
      setJoining(null);
    }
  };

  const choose = (group: Group) => {
    if (joining) return;
    if (group.has_joined) return select(group);
    if (group.type === 'password') return setPasswordFor(group);
    join(group).catch((err) => toast.error(errorText(err, t('list.error'))));
  };

  // The /chat?group_id= hand-over: open that group once, then tell the screen.
  const handedOver = useRef<string | null>(null);
  useEffect(() => {
    if (!openGuid || handedOver.current === openGuid || list.status !== 'ready') return;
    handedOver.current = openGuid;
    const known = list.groups.find((g) => g.guid === openGuid);
    (known ? Promise.resolve(known) : findGroup(client, openGuid)).then(
      (g) => {
        if (g?.has_joined) select(g);
        onOpened?.();
      },
      () => onOpened?.(),
    );
  }, [client, openGuid, list.status, list.groups, select, onOpened]);

  const open = selected?.has_joined ? selected : null;
  const classes = ['chat-layout', 'groups-tab'];
  if (open) classes.push('chat-layout--open');
  if (listOpen) classes.push('chat-layout--list');

  return (
    <div className={classes.join(' ')}>
      <GroupList
        list={list}
        selected={selected?.guid ?? null}
        joining={joining}
        onOpen={choose}
        onCreate={allowCreate ? () => setCreateOpen(true) : undefined}
        onClose={open ? () => setListOpen(false) : undefined}
      />
      {open ? (
        <ConversationPane
          target={{ receiver_type: 'group', receiver: open.guid }}
          title={open.name}
          group={open}
          detailsOpen={detailsOpen}
          onToggleDetails={() => setDetailsOpen((v) => !v)}
          onBack={() => setListOpen(true)}
        />
      ) : (
        <div className="chat-placeholder-wrap">
          <p className="chat-placeholder">{t('list.noSelection')}</p>
        </div>
      )}
      {open && detailsOpen && (
        <GroupDetails
          key={open.guid}
          group={open}
          me={me}
          onClose={() => setDetailsOpen(false)}
          onGone={() => {
            list.remove(open.guid);
            setSelected(null);
            setDetailsOpen(false);
          }}
          onLeft={() => {
            const left = {
              ...open,
              has_joined: false,
              scope: null,
              members_count: Math.max(0, open.members_count - 1),
            };
            list.put(left);
            setSelected(null);
            setDetailsOpen(false);
          }}
        />
      )}
      <CreateGroupModal
        open={createOpen}
        onClose={() => setCreateOpen(false)}
        onCreated={(group) => {
          list.put(group, true);
          select(group);
          setCreateOpen(false);
        }}
      />
      <JoinPasswordDialog
        group={passwordFor}
        onClose={() => setPasswordFor(null)}
        onJoin={async (password) => {
          if (!passwordFor) return;
          await join(passwordFor, password);
          setPasswordFor(null);
        }}
      />
    </div>
  );
}
