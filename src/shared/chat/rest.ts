import { Type } from 'typebox';
import { Conversation, Message, ReceiverType, Sticker } from './entities.ts';

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
  options: Type.Array(Type.String({ maxLength: 200 }), { maxItems: 20 }),
  receiver_type: ReceiverType,
  receiver: Type.String({ minLength: 1, maxLength: 100 }),
  client_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
});

export const StickerList = Type.Object({
  defaultStickers: Type.Array(Sticker),
  customStickers: Type.Array(Sticker),
});
