import { type Static, Type } from 'typebox';
import { Conversation, Group, GroupMember, GroupScope, Message, ReceiverType, Sticker } from './entities.ts';
import { POLL_MAX_OPTIONS } from './rules.ts';

/** Bodies and queries of the chat REST routes under /api/chat (the socket carries the rest). */
const Page = Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, default: 1 }));
const Search = Type.Optional(Type.String({ maxLength: 100 }));

export const PAGE_SIZES = {
  conversations: 30,
  users: 30,
  groups: 30,
  members: 10,
  media: 10,
  messages: 30,
} as const;

export const PageQuery = Type.Object({ page: Page, search: Search });

export const ConversationsPage = Type.Array(Conversation);

export const HistoryQuery = Type.Object({
  receiver_type: ReceiverType,
  receiver: Type.String({ minLength: 1, maxLength: 100 }),
  /** Messages older than this id (the oldest one shown). */
  before: Type.Optional(Type.String({ format: 'uuid' })),
  /** Thread view: the replies of this message. */
  parent_id: Type.Optional(Type.String({ format: 'uuid' })),
  hide_replies: Type.Optional(Type.Boolean({ default: true })),
  search: Search,
  /** Shared media of the conversation: photos, videos or documents. */
  media: Type.Optional(
    Type.Union([Type.Literal('photos'), Type.Literal('videos'), Type.Literal('documents')]),
  ),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 30 })),
});
export const MessagesPage = Type.Array(Message);

export const ConversationParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });
export const UidParams = Type.Object({ uid: Type.String({ format: 'uuid' }) });

/** Strings, not enums, so blank values reach the rule that answers with the seed's message. */
export const CreatePollBody = Type.Object({
  question: Type.String({ maxLength: 500 }),
  options: Type.Array(Type.String({ maxLength: 200 }), { maxItems: POLL_MAX_OPTIONS }),
  receiver_type: ReceiverType,
  receiver: Type.String({ minLength: 1, maxLength: 100 }),
  client_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
});

export const StickerList = Type.Object({
  defaultStickers: Type.Array(Sticker),
  customStickers: Type.Array(Sticker),
});

/** Group routes (seed 001 §5–§7). Name, type and password are plain strings so a blank one
 * reaches validateGroup and answers with the seed's message. */
export const GroupParams = Type.Object({ guid: Type.String({ minLength: 1, maxLength: 100 }) });
export const GroupMemberParams = Type.Object({
  guid: Type.String({ minLength: 1, maxLength: 100 }),
  uid: Type.String({ format: 'uuid' }),
});
export const GroupsQuery = Type.Object({ page: Page, search: Search });
export const CreateGroupBody = Type.Object({
  guid: Type.Optional(Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' })),
  name: Type.String({ maxLength: 100 }),
  type: Type.String({ maxLength: 20 }),
  password: Type.Optional(Type.String({ maxLength: 200 })),
  icon: Type.Optional(Type.String({ maxLength: 2000 })),
});
export const JoinGroupBody = Type.Object({ password: Type.Optional(Type.String({ maxLength: 200 })) });
export const AddMembersBody = Type.Object({
  uids: Type.Array(Type.String({ format: 'uuid' }), { minItems: 1, maxItems: 100 }),
});
/** uid → 'success' or the error code that kept the user out. */
export const AddMembersResult = Type.Record(Type.String(), Type.String());
export const ScopeBody = Type.Object({ scope: GroupScope });
export const GroupsPage = Type.Array(Group);
export const MembersPage = Type.Array(GroupMember);
export const SyncResult = Type.Object({ farms: Type.Integer(), deleted: Type.Integer() });
/**
 * Which chat this installation runs (GET /api/chat/provider): the built-in engine, or the
 * hosted service with what its browser SDK needs (app id, region, auth key; never the REST key).
 */
export const ChatProviderInfo = Type.Union([
  Type.Object({ provider: Type.Literal('selfhosted') }),
  Type.Object({
    provider: Type.Literal('hosted'),
    app_id: Type.String(),
    region: Type.String(),
    auth_key: Type.String(),
  }),
]);
export type ChatProviderInfo = Static<typeof ChatProviderInfo>;

/** `GET /api/chat/link-preview?url=`: the first link of a message, previewed by the server. */
export const LinkPreviewQuery = Type.Object({ url: Type.String({ minLength: 1, maxLength: 2048 }) });

/**
 * A link's preview (seed 001 §9, shown at most 400 px wide): the page's title, its
 * description and site name, all plain text; null data when the page gives none or may
 * not be fetched (a private address, too big, not HTML, too slow): no preview, no error.
 */
export const LinkPreview = Type.Object({
  url: Type.String(),
  title: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  site_name: Type.Union([Type.String(), Type.Null()]),
});
export type LinkPreview = Static<typeof LinkPreview>;
