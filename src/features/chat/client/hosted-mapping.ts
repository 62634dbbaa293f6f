import type * as Sdk from '@cometchat/chat-sdk-javascript';
import type {
  ChatUser,
  Group,
  GroupMember,
  GroupScope,
  Message,
  MessageCategory,
  MessageData,
  MessageType,
} from '#shared/chat/entities';
import { MESSAGE_CATEGORIES, MESSAGE_TYPES } from '#shared/chat/entities';

/**
 * The hosted SDK's objects as the port's entities (#shared/chat/entities): only type
 * imports of the SDK here, so this file costs nothing until the hosted adapter loads.
 */

type SdkUser = Sdk.User;
type SdkMessage = Sdk.BaseMessage;

const orNull = (v: unknown): number | null => (typeof v === 'number' && v > 0 ? v : null);

export function toChatUser(u: SdkUser): ChatUser {
  return {
    uid: u.getUid(),
    name: u.getName() ?? u.getUid(),
    avatar: u.getAvatar() || null,
    status: u.getStatus() === 'online' ? 'online' : 'offline',
    last_active_at: orNull(u.getLastActiveAt()),
    blocked_by_me: u.getBlockedByMe() === true,
    has_blocked_me: u.getHasBlockedMe() === true,
  };
}

function sender(m: SdkMessage): Message['sender'] {
  const s = m.getSender() as SdkUser | undefined;
  return s
    ? { uid: s.getUid(), name: s.getName() ?? s.getUid(), avatar: s.getAvatar() || null }
    : { uid: '', name: '', avatar: null };
}

function category(m: SdkMessage): MessageCategory {
  const c = m.getCategory() as string;
  return (MESSAGE_CATEGORIES as readonly string[]).includes(c) ? (c as MessageCategory) : 'custom';
}

function type(m: SdkMessage): MessageType {
  const t = m.getType() as string;
  if ((MESSAGE_TYPES as readonly string[]).includes(t)) return t as MessageType;
  if (t.includes('poll')) return 'poll';
  return t.includes('sticker') ? 'sticker' : 'text';
}

function data(m: SdkMessage): MessageData {
  const out: MessageData = {};
  const raw = m as unknown as {
    getCustomData?: () => Record<string, unknown>;
    getMetadata?: () => Record<string, unknown>;
    getAttachment?: () => { getUrl(): string; getName(): string; getMimeType(): string; getSize(): number };
    getCaption?: () => string;
  };
  const custom = raw.getCustomData?.();
  if (custom && typeof custom === 'object') out.customData = custom;
  const metadata = raw.getMetadata?.();
  if (metadata && typeof metadata === 'object' && Object.keys(metadata).length > 0) out.metadata = metadata;
  const file = raw.getAttachment?.();
  if (file?.getUrl()) {
    out.url = file.getUrl();
    out.attachments = [
      { url: file.getUrl(), name: file.getName(), mime_type: file.getMimeType(), size: file.getSize() },
    ];
  }
  const caption = raw.getCaption?.();
  if (caption) out.caption = caption;
  return out;
}

export function toMessage(m: SdkMessage): Message {
  const text = (m as unknown as { getText?: () => string }).getText?.();
  const parent = m.getParentMessageId();
  return {
    id: String(m.getId()),
    client_id: m.getMuid() ?? '',
    conversation_id: m.getConversationId() ?? '',
    category: category(m),
    type: type(m),
    text: typeof text === 'string' ? text : null,
    data: data(m),
    sender: sender(m),
    receiver_type: m.getReceiverType() === 'group' ? 'group' : 'user',
    receiver_id: m.getReceiverId(),
    parent_id: parent ? String(parent) : null,
    reply_count: m.getReplyCount() ?? 0,
    sent_at: m.getSentAt() ?? 0,
    delivered_at: m.getReceiverType() === 'group' ? null : orNull(m.getDeliveredAt()),
    read_at: m.getReceiverType() === 'group' ? null : orNull(m.getReadAt()),
    edited_at: orNull(m.getEditedAt()),
    deleted_at: orNull(m.getDeletedAt()),
    reactions: {},
  };
}

const scopeOf = (s: unknown): GroupScope | null =>
  s === 'admin' || s === 'moderator' || s === 'participant' ? s : null;

export function toGroup(g: Sdk.Group): Group {
  const t = g.getType();
  return {
    guid: g.getGuid(),
    name: g.getName(),
    type: t === 'public' ? 'public' : t === 'password' ? 'password' : 'private',
    icon: g.getIcon() || null,
    owner: g.getOwner() ?? '',
    members_count: g.getMembersCount() ?? 0,
    has_joined: g.getHasJoined() === true,
    scope: g.getHasJoined() ? scopeOf(g.getScope()) : null,
    farm_id: g.getGuid().startsWith('tambak_') ? g.getGuid().slice('tambak_'.length) : null,
  };
}

export function toMember(m: Sdk.GroupMember): GroupMember {
  const u = toChatUser(m);
  return {
    uid: u.uid,
    name: u.name,
    avatar: u.avatar,
    status: u.status,
    scope: scopeOf(m.getScope()) ?? 'participant',
    joined_at: m.getJoinedAt() ?? 0,
  };
}

/** The port's group type as the hosted service names it ('protected' = the UI's private). */
export function sdkGroupType(type: string): string {
  return type === 'public' ? 'public' : type === 'password' ? 'password' : 'private';
}
