import { type Static, type TSchema, Type } from 'typebox';

/**
 * The chat's entities as both ends see them (seed 001 §3), shaped after the hosted chat
 * SDK's concepts so the UI's ChatClient port can sit on either adapter. Times are
 * seconds since the epoch, as the SDK reports them.
 */
export const MESSAGE_CATEGORIES = ['message', 'custom', 'call', 'action'] as const;
export const MESSAGE_TYPES = ['text', 'image', 'file', 'video', 'audio', 'poll', 'sticker'] as const;
export const GROUP_TYPES = ['public', 'private', 'password'] as const;
export const GROUP_SCOPES = ['admin', 'moderator', 'participant'] as const;
export const RECEIVER_TYPES = ['user', 'group'] as const;

export const MessageCategory = Type.Enum(MESSAGE_CATEGORIES);
export const MessageType = Type.Enum(MESSAGE_TYPES);
export const GroupType = Type.Enum(GROUP_TYPES);
export const GroupScope = Type.Enum(GROUP_SCOPES);
export const ReceiverType = Type.Enum(RECEIVER_TYPES);
export type MessageCategory = (typeof MESSAGE_CATEGORIES)[number];
export type MessageType = (typeof MESSAGE_TYPES)[number];
export type GroupType = (typeof GROUP_TYPES)[number];
export type GroupScope = (typeof GROUP_SCOPES)[number];
export type ReceiverType = (typeof RECEIVER_TYPES)[number];

const Seconds = Type.Integer({ minimum: 0 });
export const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

export const ChatUser = Type.Object({
  uid: Type.String(),
  name: Type.String(),
  avatar: Nullable(Type.String()),
  status: Type.Union([Type.Literal('online'), Type.Literal('offline')]),
  last_active_at: Nullable(Seconds),
  blocked_by_me: Type.Boolean(),
  has_blocked_me: Type.Boolean(),
});
export type ChatUser = Static<typeof ChatUser>;

export const Sender = Type.Object({
  uid: Type.String(),
  name: Type.String(),
  avatar: Nullable(Type.String()),
});

/** Poll results: option index (1-based, as text) → text, count and voters by uid. */
export const PollResults = Type.Object({
  total: Type.Integer(),
  options: Type.Record(
    Type.String(),
    Type.Object({
      text: Type.String(),
      count: Type.Integer(),
      voters: Type.Record(Type.String(), Type.Object({ name: Type.String() })),
    }),
  ),
});
export type PollResults = Static<typeof PollResults>;

/** Message payload beyond text: media url/attachments, custom data (poll, sticker), poll results. */
export const MessageData = Type.Object(
  {
    url: Type.Optional(Type.String({ maxLength: 2000 })),
    caption: Type.Optional(Type.String({ maxLength: 4000 })),
    attachments: Type.Optional(
      Type.Array(
        Type.Object({
          url: Type.String({ maxLength: 2000 }),
          name: Type.Optional(Type.String({ maxLength: 500 })),
          mime_type: Type.Optional(Type.String({ maxLength: 200 })),
          size: Type.Optional(Type.Integer({ minimum: 0 })),
        }),
        { maxItems: 10 },
      ),
    ),
    customData: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    metadata: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    poll: Type.Optional(PollResults),
  },
  { additionalProperties: false },
);
export type MessageData = Static<typeof MessageData>;

/** Emoji (colons form) → reactors by uid with their name. */
export const Reactions = Type.Record(
  Type.String(),
  Type.Record(Type.String(), Type.Object({ name: Type.String() })),
);

export const Message = Type.Object({
  id: Type.String(),
  client_id: Type.String(),
  conversation_id: Type.String(),
  category: MessageCategory,
  type: MessageType,
  text: Nullable(Type.String()),
  data: MessageData,
  sender: Sender,
  receiver_type: ReceiverType,
  receiver_id: Type.String(),
  parent_id: Nullable(Type.String()),
  reply_count: Type.Integer(),
  sent_at: Seconds,
  /** For one-to-one messages: the receiver's receipts; for groups always null. */
  delivered_at: Nullable(Seconds),
  read_at: Nullable(Seconds),
  edited_at: Nullable(Seconds),
  deleted_at: Nullable(Seconds),
  reactions: Reactions,
});
export type Message = Static<typeof Message>;

export const Conversation = Type.Object({
  conversation_id: Type.String(),
  conversation_type: ReceiverType,
  conversation_with: Type.String(),
  name: Type.String(),
  unread_message_count: Type.Integer(),
  last_message: Nullable(Message),
  updated_at: Seconds,
});
export type Conversation = Static<typeof Conversation>;

export const Group = Type.Object({
  guid: Type.String(),
  name: Type.String(),
  type: GroupType,
  icon: Nullable(Type.String()),
  owner: Type.String(),
  members_count: Type.Integer(),
  has_joined: Type.Boolean(),
  /** The caller's scope, null when not a member. */
  scope: Nullable(GroupScope),
  farm_id: Nullable(Type.String()),
});
export type Group = Static<typeof Group>;

export const GroupMember = Type.Object({
  uid: Type.String(),
  name: Type.String(),
  avatar: Nullable(Type.String()),
  status: Type.Union([Type.Literal('online'), Type.Literal('offline')]),
  scope: GroupScope,
  joined_at: Seconds,
});
export type GroupMember = Static<typeof GroupMember>;

export const Sticker = Type.Object({
  sticker_url: Type.String(),
  sticker_name: Type.String(),
  sticker_set_name: Type.String(),
  sticker_set_order: Type.Integer(),
  sticker_order: Type.Integer(),
});
export type Sticker = Static<typeof Sticker>;
