import type {
  ChatUser,
  Conversation,
  Group,
  GroupMember,
  GroupScope,
  Message,
  MessageCategory,
  MessageData,
  MessageType,
  ReceiverType,
  Sticker,
} from '#shared/chat/entities';
import type { ClientMessage, ServerMessage } from '#shared/chat/protocol';

/**
 * The one port the chat UI talks to (ARCHITECTURE.md §5), shaped after the hosted chat
 * SDK's concepts: conversations, messages with category and type, groups with scopes,
 * listeners. The default adapter is `selfhosted-adapter.ts` (the server's chat engine over
 * WebSocket + REST); `hosted-adapter.ts` runs the hosted SDK behind the same interface
 * when the installation is configured for it (ADR 0006 amendment).
 *
 * Rules every adapter keeps:
 * - `send` resolves only once the server stored the message (its `ack`); a message sent
 *   while disconnected waits and is resent with the same client id after reconnecting,
 *   so it is stored once. It rejects with ChatError when the server refuses it.
 * - After a reconnect the adapter catches up on the events it missed and emits them to
 *   the listeners as if live, so the UI never reloads to be right.
 * - Every failure is a ChatError with a translated message; nothing throws anything else.
 */

export interface Target {
  receiver_type: ReceiverType;
  receiver: string;
}

export interface OutgoingMessage extends Target {
  /** The UI's id for the composed message; kept on the stored message (seed 001 §4). */
  client_id: string;
  category?: MessageCategory;
  message_type?: MessageType;
  text?: string;
  data?: MessageData;
  parent_id?: string;
}

export interface HistoryRequest extends Target {
  before?: string;
  parent_id?: string;
  hide_replies?: boolean;
  search?: string;
  media?: 'photos' | 'videos' | 'documents';
  limit?: number;
}

export interface PageRequest {
  page?: number;
  search?: string;
}

export interface GroupDraft {
  guid?: string;
  name: string;
  /** 'public' | 'private' | 'password' (the UI's "protected"). */
  type: string;
  password?: string;
}

export interface UploadedFile {
  url: string;
  name: string;
  mime_type: string;
  size: number;
}

export type ConnectionState = 'idle' | 'connecting' | 'online' | 'offline';

/**
 * What listeners receive: the server's frames (minus the request/answer ones) plus the
 * adapter's own connection state. Call signalling events join this union (calls module).
 */
export type ChatEvent =
  | Exclude<ServerMessage, { type: 'ack' | 'ok' | 'error' | 'pong' | 'ready' }>
  | { type: 'connection'; state: ConnectionState }
  | { type: 'ready'; user: ChatUser };

export type ChatListener = (event: ChatEvent) => void;

export class ChatError extends Error {
  readonly code: string;
  readonly errors: Record<string, string[]> | undefined;
  constructor(code: string, message: string, errors?: Record<string, string[]>) {
    super(message);
    this.name = 'ChatError';
    this.code = code;
    this.errors = errors;
  }
}

export interface ChatClient {
  /** Opens the connection for the signed-in session; resolves when `ready` arrived. */
  connect(): Promise<ChatUser>;
  /** Closes the socket, drops queued sends and listeners' state (logout). */
  disconnect(): void;
  readonly state: ConnectionState;
  /** The signed-in chat user once connected. */
  readonly me: ChatUser | null;
  on(listener: ChatListener): () => void;
  /** False when the adapter cannot carry call signalling (hosted mode): no call buttons. */
  readonly supportsCalls?: boolean;
  /**
   * Sends one frame as is when connected (call signalling, which is live-only); answers
   * false when offline. Everything else goes through the typed methods below.
   */
  signal(frame: ClientMessage): boolean;

  // Conversations
  conversations(req?: PageRequest): Promise<Conversation[]>;
  deleteConversation(conversationId: string): Promise<void>;

  // Messages
  history(req: HistoryRequest): Promise<Message[]>;
  send(message: OutgoingMessage): Promise<Message>;
  edit(id: string, text: string): Promise<void>;
  remove(id: string): Promise<void>;
  markDelivered(id: string): Promise<void>;
  markRead(id: string): Promise<void>;
  typing(target: Target, state: 'start' | 'end'): void;
  react(id: string, emoji: string, remove?: boolean): Promise<void>;
  liveReaction(target: Target, reaction: string): void;
  createPoll(target: Target, question: string, options: string[]): Promise<Message>;
  vote(id: string, option: number): Promise<void>;
  stickers(): Promise<{ defaultStickers: Sticker[]; customStickers: Sticker[] }>;
  upload(file: File | Blob, name: string): Promise<UploadedFile>;

  // Users
  users(req?: PageRequest): Promise<ChatUser[]>;
  /** One user as the caller sees them (presence, blocks either way); `not-found` if unknown. */
  user(uid: string): Promise<ChatUser>;
  block(uid: string): Promise<void>;
  unblock(uid: string): Promise<void>;

  // Groups
  groups(req?: PageRequest): Promise<Group[]>;
  /** One group as the caller sees it; a private group the caller is not in is `not-found`. */
  group(guid: string): Promise<Group>;
  createGroup(draft: GroupDraft): Promise<Group>;
  joinGroup(guid: string, password?: string): Promise<Group>;
  leaveGroup(guid: string): Promise<void>;
  deleteGroup(guid: string): Promise<void>;
  members(guid: string, req?: PageRequest): Promise<GroupMember[]>;
  banned(guid: string, req?: PageRequest): Promise<GroupMember[]>;
  addMembers(guid: string, uids: string[]): Promise<Record<string, string>>;
  kick(guid: string, uid: string): Promise<void>;
  ban(guid: string, uid: string): Promise<void>;
  unban(guid: string, uid: string): Promise<void>;
  setScope(guid: string, uid: string, scope: GroupScope): Promise<void>;
}
