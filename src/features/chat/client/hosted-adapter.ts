import type * as Sdk from '@cometchat/chat-sdk-javascript';
import type { ChatUser, GroupScope, Message, Sticker } from '#shared/chat/entities';
import type { ClientMessage } from '#shared/chat/protocol';
import { DEFAULT_LANGUAGE, type Language } from '#shared/i18n/language';
import { translate } from '#shared/i18n/messages';
import {
  type ChatClient,
  ChatError,
  type ChatEvent,
  type ChatListener,
  type ConnectionState,
  type GroupDraft,
  type HistoryRequest,
  type OutgoingMessage,
  type PageRequest,
  type Target,
  type UploadedFile,
} from './chat-client.ts';
import { attachHostedListeners, detachHostedListeners } from './hosted-events.ts';
import { sdkGroupType, toChatUser, toGroup, toMember, toMessage } from './hosted-mapping.ts';
import { LIVE_REACTION_TYPE, TYPING_THROTTLE_MS } from './selfhosted-adapter.ts';

type CometChat = typeof Sdk.CometChat;

export interface HostedChatOptions {
  appId: string;
  region: string;
  /** The auth key: logs users in by uid and creates a missing chat user (seed 001 §7). */
  authKey: string;
  /** The signed-in app user: chat uid = user id, chat name = username. */
  user: () => { uid: string; name: string } | null;
  language?: () => Language;
  /** The SDK; by default a dynamic import, so it is only fetched in hosted mode. */
  loadSdk?: () => Promise<CometChat>;
  /** Uploads stay on the app's own store (`POST /api/uploads`); the message carries the URL. */
  upload?: (file: File | Blob, name: string) => Promise<UploadedFile>;
  /** Seed 001 §1: readiness is polled every 100 ms up to 10000 ms after login. */
  pollMs?: number;
  pollLimitMs?: number;
  now?: () => number;
  log?: (message: string, detail?: unknown) => void;
}

interface Pending {
  message: OutgoingMessage;
  promise: Promise<Message>;
  resolve(m: Message): void;
  reject(e: ChatError): void;
}

const PAGE = 30;
const MEMBERS_PAGE = 10;
const CATCH_UP_LIMIT = 100;
let instances = 0;
/** The SDK is one session per page: a connect waits for the previous client's logout. */
let loggingOut: Promise<unknown> = Promise.resolve();

/** Errors the SDK reports when the request never reached the service. */
function isNetworkError(e: unknown): boolean {
  const code = (e as { code?: unknown; error?: { code?: unknown } } | null)?.code;
  const inner = (e as { error?: { code?: unknown } } | null)?.error?.code;
  return [code, inner].some((c) => c === 'FAILED_TO_FETCH' || c === 'ERROR_IN_API_CALL');
}

const NOT_FOUND = new Set([
  'ERR_UID_NOT_FOUND',
  'ERR_GUID_NOT_FOUND',
  'ERR_GROUP_NOT_JOINED',
  'ERR_NOT_FOUND',
]);

/**
 * The ChatClient over the hosted chat SDK (`@cometchat/chat-sdk-javascript`, ADR 0006 as
 * amended): the SDK owns the socket, its reconnects and the REST calls; this adapter maps
 * its objects to the port's entities, keeps sends that could not reach the service and
 * sends them again (same muid) once the SDK is connected, and fetches what arrived while
 * the socket was down. Polls, reactions and stickers go through the service's extensions
 * (seed 001 §7). Calls are not carried: `signal` answers false (the calls SDK is separate).
 */
export class HostedChatClient implements ChatClient {
  private readonly listeners = new Set<ChatListener>();
  private readonly pending = new Map<string, Pending>();
  private readonly seen = new Set<string>();
  private readonly typingSentAt = new Map<string, number>();
  private readonly language: () => Language;
  private readonly now: () => number;
  private readonly log: (message: string, detail?: unknown) => void;
  private readonly id = `tambak-${++instances}`;
  private sdk: CometChat | null = null;
  private currentState: ConnectionState = 'idle';
  private meUser: ChatUser | null = null;
  private lastMessageId = 0;
  /** When the socket went down (seconds): what came after it is fetched on reconnect. */
  private downSince: number | null = null;
  private eventCount = 0;
  private generation = 0;

  constructor(private readonly o: HostedChatOptions) {
    this.language = o.language ?? (() => DEFAULT_LANGUAGE);
    this.now = o.now ?? Date.now;
    this.log = o.log ?? ((message, detail) => console.warn(`[chat] ${message}`, detail ?? ''));
  }

  get state(): ConnectionState {
    return this.currentState;
  }
  get me(): ChatUser | null {
    return this.meUser;
  }

  async connect(): Promise<ChatUser> {
    if (this.meUser) return this.meUser;
    const who = this.o.user();
    if (!who) throw this.error('session-expired', 'error.session-expired');
    const generation = ++this.generation;
    this.setState('connecting');
    try {
      await loggingOut;
      const sdk = await this.load();
      let current = await sdk.getLoggedinUser();
      if (current && current.getUid() !== who.uid) {
        await sdk.logout();
        current = null;
      }
      const user = current ?? (await this.login(sdk, who));
      if (generation !== this.generation) throw this.error('disconnected', 'error.network-live');
      await this.pollReady(sdk);
      this.meUser = toChatUser(user);
      this.emit({ type: 'ready', user: this.meUser });
      if (sdk.getConnectionStatus() === 'connected') this.online();
      return this.meUser;
    } catch (e) {
      if (generation === this.generation) this.setState('offline');
      throw this.toChatError(e);
    }
  }

  disconnect(): void {
    this.generation += 1;
    const sdk = this.sdk;
    if (sdk) {
      detachHostedListeners(sdk, this.id);
      loggingOut = sdk.logout().catch((e: unknown) => this.log('logout failed', e));
    }
    this.sdk = null;
    this.meUser = null;
    this.lastMessageId = 0;
    this.downSince = null;
    this.seen.clear();
    this.typingSentAt.clear();
    const error = this.error('disconnected', 'error.network-live');
    for (const [key, p] of this.pending) {
      this.pending.delete(key);
      p.reject(error);
    }
    this.setState('idle');
  }

  on(listener: ChatListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  readonly supportsCalls = false;

  signal(_frame: ClientMessage): boolean {
    return false;
  }

  // Conversations
  async conversations(req: PageRequest = {}) {
    const sdk = await this.ready();
    const builder = new sdk.ConversationsRequestBuilder().setLimit(PAGE);
    const list = await this.fetchPage(builder.build(), req.page);
    return (list as Sdk.Conversation[]).map((c) => {
      const withWhom = c.getConversationWith() as Sdk.User | Sdk.Group;
      const isGroup = c.getConversationType() === 'group';
      const last = c.getLastMessage() as Sdk.BaseMessage | undefined;
      return {
        conversation_id: c.getConversationId(),
        conversation_type: isGroup ? ('group' as const) : ('user' as const),
        conversation_with: isGroup ? (withWhom as Sdk.Group).getGuid() : (withWhom as Sdk.User).getUid(),
        name: withWhom.getName(),
        unread_message_count: c.getUnreadMessageCount() ?? 0,
        last_message: last ? toMessage(last) : null,
        updated_at: last?.getSentAt() ?? 0,
      };
    });
  }
  async deleteConversation(conversationId: string) {
    const sdk = await this.ready();
    const [type, id] = conversationId.startsWith('group_')
      ? ['group', conversationId.slice('group_'.length)]
      : ['user', conversationId.split('_user_').find((part) => part !== this.meUser?.uid) ?? ''];
    await this.call(() => sdk.deleteConversation(id, type));
  }

  // Messages
  async history(req: HistoryRequest): Promise<Message[]> {
    const sdk = await this.ready();
    let b = new sdk.MessagesRequestBuilder().setLimit(Math.min(req.limit ?? PAGE, 100));
    b = req.receiver_type === 'group' ? b.setGUID(req.receiver) : b.setUID(req.receiver);
    if (req.before) b = b.setMessageId(Number(req.before));
    if (req.parent_id) b = b.setParentMessageId(Number(req.parent_id));
    if (req.hide_replies) b = b.hideReplies(true);
    if (req.search) b = b.setSearchKeyword(req.search);
    b = b.setCategories(['message', 'custom', 'call', 'action']);
    const list = (await this.call(() => b.build().fetchPrevious())) as Sdk.BaseMessage[];
    return list.map(toMessage);
  }

  send(message: OutgoingMessage): Promise<Message> {
    const existing = this.pending.get(message.client_id);
    if (existing) return existing.promise;
    const text = message.text?.trim() ?? '';
    if (
      (message.category ?? 'message') === 'message' &&
      (message.message_type ?? 'text') === 'text' &&
      !text
    ) {
      const msg = translate(this.language(), 'chat.text-blank');
      return Promise.reject(new ChatError('validation-failed', msg, { text: [msg] }));
    }
    let resolve!: (m: Message) => void;
    let reject!: (e: ChatError) => void;
    const promise = new Promise<Message>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    const p: Pending = { message: { ...message, text }, promise, resolve, reject };
    this.pending.set(message.client_id, p);
    if (this.currentState === 'online') void this.trySend(p);
    return promise;
  }

  async edit(id: string, text: string) {
    const sdk = await this.ready();
    const original = (await this.call(() => sdk.getMessageDetails(id))) as Sdk.TextMessage;
    const edited = new sdk.TextMessage(original.getReceiverId(), text.trim(), original.getReceiverType());
    edited.setId(Number(id));
    await this.call(() => sdk.editMessage(edited));
  }
  async remove(id: string) {
    const sdk = await this.ready();
    await this.call(() => sdk.deleteMessage(id));
  }
  async markDelivered(id: string) {
    await this.receipt(id, 'delivered');
  }
  async markRead(id: string) {
    await this.receipt(id, 'read');
  }

  typing(target: Target, state: 'start' | 'end'): void {
    const sdk = this.sdk;
    if (!sdk || this.currentState !== 'online') return;
    const key = `${target.receiver_type}:${target.receiver}`;
    const indicator = new sdk.TypingIndicator(target.receiver, target.receiver_type);
    if (state === 'start') {
      const last = this.typingSentAt.get(key);
      if (last !== undefined && this.now() - last < TYPING_THROTTLE_MS) return;
      this.typingSentAt.set(key, this.now());
      sdk.startTyping(indicator);
      return;
    }
    if (!this.typingSentAt.delete(key)) return;
    sdk.endTyping(indicator);
  }

  /** Seed 001 §7: the reactions extension toggles (msgId, emoji in colons form): add and remove alike. */
  async react(id: string, emoji: string, _remove = false) {
    const sdk = await this.ready();
    await this.call(() => sdk.callExtension('reactions', 'POST', 'v1/react', { msgId: id, emoji }));
  }

  liveReaction(target: Target, reaction: string): void {
    const sdk = this.sdk;
    if (!sdk || this.currentState !== 'online') return;
    sdk.sendTransientMessage(
      new sdk.TransientMessage(target.receiver, target.receiver_type, { type: LIVE_REACTION_TYPE, reaction }),
    );
  }

  async createPoll(target: Target, question: string, options: string[]): Promise<Message> {
    const lang = this.language();
    const errors: Record<string, string[]> = {};
    if (!question.trim()) errors.question = [translate(lang, 'chat.question-blank')];
    if (options.some((o) => !o.trim())) errors.options = [translate(lang, 'chat.option-blank')];
    else if (options.length < 2) errors.options = [translate(lang, 'chat.options-min')];
    if (Object.keys(errors).length > 0)
      throw new ChatError('validation-failed', translate(lang, 'error.validation-failed'), errors);
    const sdk = await this.ready();
    const res = (await this.call(() =>
      sdk.callExtension('polls', 'POST', 'v1/create', {
        question: question.trim(),
        options: options.map((o) => o.trim()),
        receiver: target.receiver,
        receiverType: target.receiver_type,
      }),
    )) as { message?: { data?: unknown }; id?: unknown };
    // Seed 001 §7: the response's message.data holds the poll message.
    const raw = res.message?.data ?? res.message ?? res;
    return toMessage((await sdk.CometChatHelper.processMessage(raw)) as Sdk.BaseMessage);
  }

  async vote(id: string, option: number) {
    const sdk = await this.ready();
    await this.call(() => sdk.callExtension('polls', 'POST', 'v1/vote', { vote: option, id }));
  }

  async stickers(): Promise<{ defaultStickers: Sticker[]; customStickers: Sticker[] }> {
    const sdk = await this.ready();
    const res = (await this.call(() => sdk.callExtension('stickers', 'GET', 'v1/fetch'))) as {
      defaultStickers?: Sticker[];
      customStickers?: Sticker[];
    };
    return { defaultStickers: res.defaultStickers ?? [], customStickers: res.customStickers ?? [] };
  }

  upload(file: File | Blob, name: string): Promise<UploadedFile> {
    if (!this.o.upload) return Promise.reject(this.error('internal', 'error.internal'));
    return this.o.upload(file, name);
  }

  // Users
  async users(req: PageRequest = {}) {
    const sdk = await this.ready();
    let b = new sdk.UsersRequestBuilder().setLimit(PAGE);
    if (req.search) b = b.setSearchKeyword(req.search);
    const list = (await this.fetchPage(b.build(), req.page)) as Sdk.User[];
    return list.filter((u) => u.getUid() !== this.meUser?.uid).map(toChatUser);
  }
  async user(uid: string) {
    const sdk = await this.ready();
    return toChatUser((await this.call(() => sdk.getUser(uid))) as Sdk.User);
  }
  async block(uid: string) {
    const sdk = await this.ready();
    await this.call(() => sdk.blockUsers([uid]));
  }
  async unblock(uid: string) {
    const sdk = await this.ready();
    await this.call(() => sdk.unblockUsers([uid]));
  }

  // Groups
  async groups(req: PageRequest = {}) {
    const sdk = await this.ready();
    let b = new sdk.GroupsRequestBuilder().setLimit(PAGE);
    if (req.search) b = b.setSearchKeyword(req.search);
    return ((await this.fetchPage(b.build(), req.page)) as Sdk.Group[]).map(toGroup);
  }
  async group(guid: string) {
    const sdk = await this.ready();
    const g = toGroup((await this.call(() => sdk.getGroup(guid))) as Sdk.Group);
    if (g.type === 'private' && !g.has_joined) throw this.error('not-found', 'error.not-found');
    return g;
  }
  async createGroup(draft: GroupDraft) {
    const lang = this.language();
    if (!draft.name.trim()) {
      const msg = translate(lang, 'chat.group-name-blank');
      throw new ChatError('validation-failed', msg, { name: [msg] });
    }
    const sdk = await this.ready();
    const guid = draft.guid ?? `g${this.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
    const made = new sdk.Group(guid, draft.name.trim(), sdkGroupType(draft.type), draft.password ?? '');
    return toGroup((await this.call(() => sdk.createGroup(made))) as Sdk.Group);
  }
  async joinGroup(guid: string, password?: string) {
    const sdk = await this.ready();
    const type = password ? 'password' : 'public';
    return toGroup((await this.call(() => sdk.joinGroup(guid, type as never, password ?? ''))) as Sdk.Group);
  }
  async leaveGroup(guid: string) {
    const sdk = await this.ready();
    await this.call(() => sdk.leaveGroup(guid));
  }
  async deleteGroup(guid: string) {
    const sdk = await this.ready();
    await this.call(() => sdk.deleteGroup(guid));
  }
  async members(guid: string, req: PageRequest = {}) {
    const sdk = await this.ready();
    let b = new sdk.GroupMembersRequestBuilder(guid).setLimit(MEMBERS_PAGE);
    if (req.search) b = b.setSearchKeyword(req.search);
    return ((await this.fetchPage(b.build(), req.page)) as Sdk.GroupMember[]).map(toMember);
  }
  async banned(guid: string, req: PageRequest = {}) {
    const sdk = await this.ready();
    let b = new sdk.BannedMembersRequestBuilder(guid).setLimit(MEMBERS_PAGE);
    if (req.search) b = b.setSearchKeyword(req.search);
    return ((await this.fetchPage(b.build(), req.page)) as Sdk.GroupMember[]).map(toMember);
  }
  async addMembers(guid: string, uids: string[]) {
    const sdk = await this.ready();
    const members = uids.map((uid) => new sdk.GroupMember(uid, 'participant'));
    return (await this.call(() => sdk.addMembersToGroup(guid, members, []))) as Record<string, string>;
  }
  async kick(guid: string, uid: string) {
    const sdk = await this.ready();
    await this.call(() => sdk.kickGroupMember(guid, uid));
  }
  async ban(guid: string, uid: string) {
    const sdk = await this.ready();
    await this.call(() => sdk.banGroupMember(guid, uid));
  }
  async unban(guid: string, uid: string) {
    const sdk = await this.ready();
    await this.call(() => sdk.unbanGroupMember(guid, uid));
  }
  async setScope(guid: string, uid: string, scope: GroupScope) {
    const sdk = await this.ready();
    await this.call(() => sdk.updateGroupMemberScope(guid, uid, scope as never));
  }

  // Internals

  private async load(): Promise<CometChat> {
    if (this.sdk) return this.sdk;
    const sdk = await (this.o.loadSdk ?? defaultLoadSdk)();
    if (!sdk.isInitialized()) {
      const settings = new sdk.AppSettingsBuilder()
        .subscribePresenceForAllUsers()
        .setRegion(this.o.region)
        .autoEstablishSocketConnection(true)
        .build();
      await sdk.init(this.o.appId, settings);
    }
    this.listen(sdk);
    this.sdk = sdk;
    return sdk;
  }

  /** Login with the auth key; a user the service does not know yet is created first. */
  private async login(sdk: CometChat, who: { uid: string; name: string }): Promise<Sdk.User> {
    try {
      return await sdk.login(who.uid, this.o.authKey);
    } catch (e) {
      if ((e as { code?: string }).code !== 'ERR_UID_NOT_FOUND') throw e;
      await sdk.createUser(new sdk.User(who.uid, who.name), this.o.authKey);
      return sdk.login(who.uid, this.o.authKey);
    }
  }

  /** Seed 001 §1: after login, readiness is polled every 100 ms, up to 10000 ms. */
  private async pollReady(sdk: CometChat): Promise<void> {
    const step = this.o.pollMs ?? 100;
    const limit = this.o.pollLimitMs ?? 10_000;
    for (let waited = 0; waited < limit; waited += step) {
      if ((await sdk.getLoggedinUser()) && sdk.getConnectionStatus() === 'connected') return;
      await new Promise((r) => setTimeout(r, step));
    }
  }

  private listen(sdk: CometChat): void {
    attachHostedListeners(sdk, this.id, {
      incoming: (m) => this.incoming(m),
      emit: (e) => this.emit(e),
      eventId: () => this.nextEventId(),
      now: this.now,
      connected: () => this.online(),
      connecting: () => this.setState(this.meUser ? 'connecting' : this.currentState),
      disconnected: () => {
        if (this.meUser && this.downSince === null) this.downSince = Math.floor(this.now() / 1000) - 1;
        this.typingSentAt.clear();
        this.setState('offline');
      },
    });
  }

  /** Connected (again): resend what waits, then fetch what came while the socket was down. */
  private online(): void {
    if (!this.meUser) return;
    this.setState('online');
    for (const p of this.pending.values()) void this.trySend(p);
    if (this.downSince !== null) {
      const since = this.downSince;
      this.downSince = null;
      void this.catchUp(since);
    }
  }

  /** After the last message seen, or when none was, since the socket went down. */
  private async catchUp(since: number): Promise<void> {
    const sdk = this.sdk;
    if (!sdk) return;
    try {
      let b = new sdk.MessagesRequestBuilder().setLimit(CATCH_UP_LIMIT);
      b = this.lastMessageId > 0 ? b.setMessageId(this.lastMessageId) : b.setTimestamp(since);
      const request = b.build();
      const missed = (await request.fetchNext()) as Sdk.BaseMessage[];
      for (const m of missed)
        if ((m.getSender() as Sdk.User)?.getUid() !== this.meUser?.uid) this.incoming(m);
    } catch (e) {
      this.log('catch-up failed', e);
    }
  }

  private incoming(m: Sdk.BaseMessage): void {
    const message = toMessage(m);
    this.noteMessage(message.id);
    if (this.seen.has(message.id)) return;
    this.seen.add(message.id);
    this.emit({ type: 'message', message, event_id: this.nextEventId() });
  }

  private noteMessage(id: string): void {
    const n = Number(id);
    if (Number.isSafeInteger(n) && n > this.lastMessageId) this.lastMessageId = n;
  }

  private async trySend(p: Pending): Promise<void> {
    const sdk = this.sdk;
    if (!sdk) return;
    const m = p.message;
    try {
      const out = this.build(sdk, m);
      const sent = toMessage((await sdk.sendMessage(out)) as Sdk.BaseMessage);
      if (this.pending.get(m.client_id) !== p) return;
      this.pending.delete(m.client_id);
      this.noteMessage(sent.id);
      this.seen.add(sent.id);
      p.resolve({ ...sent, client_id: sent.client_id || m.client_id });
    } catch (e) {
      // Not reached the service: it waits for the next connect (same muid).
      if (isNetworkError(e)) return;
      if (this.pending.get(m.client_id) !== p) return;
      this.pending.delete(m.client_id);
      p.reject(this.toChatError(e));
    }
  }

  private build(sdk: CometChat, m: OutgoingMessage): Sdk.BaseMessage {
    let out: Sdk.BaseMessage;
    if (m.category === 'custom') {
      const custom = new sdk.CustomMessage(m.receiver, m.receiver_type, m.message_type ?? 'sticker', {
        ...(m.data?.customData ?? {}),
      });
      // Seed 001 §7: a sticker counts as unread.
      custom.setMetadata({ ...(m.data?.metadata ?? {}), incrementUnreadCount: true });
      out = custom;
    } else if (m.message_type && m.message_type !== 'text' && m.data?.url) {
      const media = new sdk.MediaMessage(m.receiver, '', m.message_type, m.receiver_type);
      const file = m.data.attachments?.[0];
      media.setAttachment(
        new sdk.Attachment({
          url: m.data.url,
          name: file?.name ?? '',
          mimeType: file?.mime_type ?? '',
          size: file?.size ?? 0,
          extension: (file?.name ?? '').split('.').pop() ?? '',
        }),
      );
      if (m.data.caption) media.setCaption(m.data.caption);
      out = media;
    } else {
      out = new sdk.TextMessage(m.receiver, m.text ?? '', m.receiver_type);
    }
    out.setMuid(m.client_id);
    if (m.parent_id) out.setParentMessageId(Number(m.parent_id));
    return out;
  }

  private async receipt(id: string, kind: 'delivered' | 'read'): Promise<void> {
    const sdk = await this.ready();
    const message = (await this.call(() => sdk.getMessageDetails(id))) as Sdk.BaseMessage;
    if (kind === 'read') await sdk.markAsRead(message);
    else await sdk.markAsDelivered(message);
  }

  private async ready(): Promise<CometChat> {
    if (this.sdk && this.meUser) return this.sdk;
    await this.connect();
    return this.sdk as CometChat;
  }

  private async fetchPage<T>(request: { fetchNext(): Promise<T[]> }, page = 1): Promise<T[]> {
    let list: T[] = [];
    for (let i = 0; i < Math.max(1, page); i += 1) list = await this.call(() => request.fetchNext());
    return list;
  }

  private async call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (e) {
      throw this.toChatError(e);
    }
  }

  private toChatError(e: unknown): ChatError {
    if (e instanceof ChatError) return e;
    const code = (e as { code?: string } | null)?.code ?? '';
    if (isNetworkError(e)) return this.error('network', 'error.network-live');
    if (NOT_FOUND.has(code)) return this.error('not-found', 'error.not-found');
    if (
      code === 'ERR_BLOCKED_BY_EXTENSION' ||
      code.startsWith('ERR_PERMISSION') ||
      code === 'ERR_NOT_A_MEMBER'
    )
      return this.error('forbidden', 'error.forbidden');
    if (code === 'AUTH_ERR_AUTH_TOKEN_NOT_FOUND' || code === 'USER_NOT_LOGED_IN')
      return this.error('session-expired', 'error.session-expired');
    this.log('hosted chat error', e);
    return this.error('internal', 'error.internal');
  }

  private error(code: string, key: string): ChatError {
    return new ChatError(code, translate(this.language(), key));
  }

  private nextEventId(): string {
    this.eventCount += 1;
    return String(this.eventCount);
  }

  private setState(state: ConnectionState): void {
    if (state === this.currentState) return;
    this.currentState = state;
    this.emit({ type: 'connection', state });
  }

  private emit(event: ChatEvent): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch (error) {
        this.log('listener failed', error);
      }
    }
  }
}

/** The SDK's own module, fetched only now (a separate chunk of the build). */
async function defaultLoadSdk(): Promise<CometChat> {
  const mod = await import('@cometchat/chat-sdk-javascript');
  return mod.CometChat;
}

export function createHostedChatClient(options: HostedChatOptions): ChatClient {
  return new HostedChatClient(options);
}
