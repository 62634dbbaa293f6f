import type * as Sdk from '@cometchat/chat-sdk-javascript';
import type { GroupScope } from '#shared/chat/entities';
import type { ChatEvent } from './chat-client.ts';
import { toMessage } from './hosted-mapping.ts';
import { LIVE_REACTION_TYPE } from './selfhosted-adapter.ts';

type CometChat = typeof Sdk.CometChat;

/** Where the hosted SDK's listener callbacks go (the hosted adapter). */
export interface HostedEventSink {
  incoming(message: Sdk.BaseMessage): void;
  emit(event: ChatEvent): void;
  eventId(): string;
  now(): number;
  connected(): void;
  connecting(): void;
  disconnected(): void;
}

type GroupEvent = 'joined' | 'left' | 'kicked' | 'banned' | 'unbanned' | 'added' | 'scope_changed';

/**
 * The SDK's message, connection, user and group listeners, registered under one id, as the
 * port's events (chat-client.ts `ChatEvent`).
 */
export function attachHostedListeners(sdk: CometChat, id: string, sink: HostedEventSink): void {
  const receipt = (kind: 'delivered' | 'read') => (r: Sdk.MessageReceipt) => {
    const by = r.getSender() as Sdk.User;
    const at = (kind === 'read' ? r.getReadAt() : r.getDeliveredAt()) || r.getTimestamp();
    sink.emit({
      type: 'receipt',
      receipt: kind,
      message_id: String(r.getMessageId()),
      conversation_id: '',
      uid: by.getUid(),
      at: Number(at) || Math.floor(sink.now() / 1000),
      event_id: sink.eventId(),
    });
  };
  const typing = (state: 'start' | 'end') => (t: Sdk.TypingIndicator) => {
    const sender = t.getSender() as Sdk.User;
    const group = t.getReceiverType() === 'group';
    sink.emit({
      type: 'typing',
      state,
      uid: sender.getUid(),
      name: sender.getName(),
      receiver_type: group ? 'group' : 'user',
      receiver: group ? t.getReceiverId() : sender.getUid(),
    });
  };
  const message = (m: Sdk.BaseMessage) => sink.incoming(m);
  sdk.addMessageListener(
    id,
    new sdk.MessageListener({
      onTextMessageReceived: message,
      onMediaMessageReceived: message,
      onCustomMessageReceived: message,
      onMessagesDelivered: receipt('delivered'),
      onMessagesRead: receipt('read'),
      onMessageEdited: (m: Sdk.BaseMessage) =>
        sink.emit({ type: 'edited', message: toMessage(m), event_id: sink.eventId() }),
      onMessageDeleted: (m: Sdk.BaseMessage) =>
        sink.emit({ type: 'deleted', message: toMessage(m), event_id: sink.eventId() }),
      onTypingStarted: typing('start'),
      onTypingEnded: typing('end'),
      onTransientMessageReceived: (t: Sdk.TransientMessage) => {
        const sender = t.getSender() as Sdk.User;
        const data = t.getData() as { type?: string; reaction?: string };
        sink.emit({
          type: 'transient',
          uid: sender.getUid(),
          receiver_type: t.getReceiverType() === 'group' ? 'group' : 'user',
          receiver: t.getReceiverType() === 'group' ? t.getReceiverId() : sender.getUid(),
          data: { type: data.type ?? LIVE_REACTION_TYPE, reaction: data.reaction ?? 'heart' },
        });
      },
    }),
  );
  sdk.addConnectionListener(
    id,
    new sdk.ConnectionListener({
      onConnected: () => sink.connected(),
      inConnecting: () => sink.connecting(),
      onDisconnected: () => sink.disconnected(),
    }),
  );
  const presence = (status: 'online' | 'offline') => (u: Sdk.User) =>
    sink.emit({ type: 'presence', uid: u.getUid(), status, last_active_at: u.getLastActiveAt() || null });
  sdk.addUserListener(
    id,
    new sdk.UserListener({ onUserOnline: presence('online'), onUserOffline: presence('offline') }),
  );
  const group =
    (event: GroupEvent) =>
    (action: Sdk.Action, ...rest: unknown[]) => {
      const g = rest.find((x) => x && typeof (x as Sdk.Group).getGuid === 'function') as
        | Sdk.Group
        | undefined;
      const actor = action.getActionBy() as Sdk.User | undefined;
      const target = action.getActionOn() as Sdk.User | undefined;
      sink.emit({
        type: 'group',
        event,
        guid: g?.getGuid() ?? action.getReceiverId(),
        actor: actor?.getUid?.() ?? '',
        target: target?.getUid?.() ?? actor?.getUid?.() ?? '',
        scope: event === 'scope_changed' ? ((action.getNewScope?.() as GroupScope) ?? null) : null,
        members_count: g?.getMembersCount() ?? 0,
        event_id: sink.eventId(),
      });
    };
  sdk.addGroupListener(
    id,
    new sdk.GroupListener({
      onGroupMemberJoined: group('joined'),
      onGroupMemberLeft: group('left'),
      onGroupMemberKicked: group('kicked'),
      onGroupMemberBanned: group('banned'),
      onGroupMemberUnbanned: group('unbanned'),
      onMemberAddedToGroup: group('added'),
      onGroupMemberScopeChanged: group('scope_changed'),
    }),
  );
}

export function detachHostedListeners(sdk: CometChat, id: string): void {
  sdk.removeMessageListener(id);
  sdk.removeConnectionListener(id);
  sdk.removeGroupListener(id);
  sdk.removeUserListener(id);
}
