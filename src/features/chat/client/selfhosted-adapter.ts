import { createApiClient } from '#local/api-client';
import { type SessionStore, sessionStore } from '#local/session-store';
import type { ChatUser, GroupScope, Message } from '#shared/chat/entities';
import { CLOSE_CODES, type ClientMessage, type ServerMessage } from '#shared/chat/protocol';
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
} from './chat-client.ts';
import { type ChatRest, createChatRest } from './rest.ts';
import { type ConnectionEnv, SocketConnection, type WebSocketFactory } from './socket-connection.ts';

/** Seed 001 §8: typing start is sent at most once per 5000 ms per conversation. */
export const TYPING_THROTTLE_MS = 5_000;
/** Default live reaction (seed 001: heart). */
export const LIVE_REACTION_TYPE = 'live_reaction';

export interface SelfHostedChatOptions {
  /** The API base: '/api' in the page, 'http://host:port/api' elsewhere. */
  baseUrl?: string;
  session?: SessionStore;
  language?: () => Language;
  /** The browser's WebSocket by default; Node tests pass the `ws` package's. */
  WebSocket?: WebSocketFactory;
  fetch?: typeof fetch;
  env?: ConnectionEnv;
  reconnectBaseMs?: number;
  reconnectCapMs?: number;
  random?: () => number;
  pingIntervalMs?: number;
  now?: () => number;
  log?: (message: string, detail?: unknown) => void;
}

/** A frame waiting for its answer: `ack` for sends (by client id), `ok`/`error` for the rest (by ref). */
interface Pending {
  frame: ClientMessage;
  resolve(value: unknown): void;
  reject(error: ChatError): void;
}

type Waiter = { resolve(user: ChatUser): void; reject(error: ChatError): void };

const SEEN_EVENTS_KEPT = 2_000;

function socketUrl(baseUrl: string): URL {
  const origin = (globalThis as { location?: { href: string } }).location?.href ?? 'http://localhost/';
  const url = new URL(`${baseUrl.replace(/\/$/, '')}/chat/socket`, origin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url;
}

function isLater(a: string, b: string | null): boolean {
  if (b === null) return true;
  try {
    return BigInt(a) > BigInt(b);
  } catch {
    return false;
  }
}

/**
 * The ChatClient over the server's chat engine (src/server/chat/README.md): one socket for
 * everything live and for the writes that must be acknowledged in order, REST for reads
 * and management. See chat-client.ts for the rules every adapter keeps.
 */
export class SelfHostedChatClient implements ChatClient {
  private readonly listeners = new Set<ChatListener>();
  private readonly pending = new Map<string, Pending>();
  private readonly waiters: Waiter[] = [];
  private readonly seenEvents = new Set<string>();
  private readonly typingSentAt = new Map<string, number>();
  private readonly connection: SocketConnection;
  private readonly rest: ChatRest;
  private readonly session: SessionStore;
  private readonly language: () => Language;
  private readonly now: () => number;
  private readonly log: (message: string, detail?: unknown) => void;
  private readonly baseUrl: string;
  private ready = false;
  private lastEventId: string | null = null;
  private refCount = 0;
  private currentState: ConnectionState = 'idle';
  private meUser: ChatUser | null = null;

  constructor(options: SelfHostedChatOptions = {}) {
    this.baseUrl = options.baseUrl ?? '/api';
    this.session = options.session ?? sessionStore;
    this.language = options.language ?? (() => DEFAULT_LANGUAGE);
    this.now = options.now ?? Date.now;
    this.log = options.log ?? ((message, detail) => console.warn(`[chat] ${message}`, detail ?? ''));
    const api = createApiClient({
      baseUrl: this.baseUrl,
      session: this.session,
      language: this.language,
      fetch: options.fetch,
    });
    this.rest = createChatRest({
      api,
      session: this.session,
      language: this.language,
      baseUrl: this.baseUrl,
      fetch: options.fetch,
    });
    const WebSocketCtor =
      options.WebSocket ?? (globalThis as { WebSocket?: WebSocketFactory }).WebSocket ?? null;
    this.connection = new SocketConnection(
      {
        WebSocket: WebSocketCtor ?? (missingWebSocket as unknown as WebSocketFactory),
        env: options.env,
        baseMs: options.reconnectBaseMs,
        capMs: options.reconnectCapMs,
        random: options.random,
        pingIntervalMs: options.pingIntervalMs,
        fatalCodes: [CLOSE_CODES.unauthenticated, CLOSE_CODES.badProtocol],
      },
      {
        url: () => this.url(),
        onConnecting: () => this.setState('connecting'),
        onText: (text) => this.receive(text),
        onDown: (code, willRetry) => this.down(code, willRetry),
      },
    );
  }

  get state(): ConnectionState {
    return this.currentState;
  }

  get me(): ChatUser | null {
    return this.meUser;
  }

  connect(): Promise<ChatUser> {
    if (this.ready && this.meUser) return Promise.resolve(this.meUser);
    const promise = new Promise<ChatUser>((resolve, reject) => this.waiters.push({ resolve, reject }));
    if (!this.session.get()?.token) {
      this.rejectWaiters(this.sessionError());
      return promise;
    }
    this.connection.start();
    return promise;
  }

  disconnect(): void {
    this.connection.stop();
    this.ready = false;
    this.meUser = null;
    this.lastEventId = null;
    this.seenEvents.clear();
    this.typingSentAt.clear();
    const error = new ChatError('disconnected', translate(this.language(), 'error.network-live'));
    for (const [key, p] of this.pending) {
      this.pending.delete(key);
      p.reject(error);
    }
    this.rejectWaiters(error);
    this.setState('idle');
  }

  on(listener: ChatListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  signal(frame: ClientMessage): boolean {
    return this.ready && this.connection.send(JSON.stringify(frame));
  }

  // Conversations
  conversations(req?: PageRequest) {
    return this.rest.conversations(req);
  }
  deleteConversation(conversationId: string) {
    return this.rest.deleteConversation(conversationId);
  }

  // Messages
  history(req: HistoryRequest) {
    return this.rest.history(req);
  }

  send(message: OutgoingMessage): Promise<Message> {
    const { client_id, ...rest } = message;
    const existing = this.pending.get(client_id);
    if (existing) return this.await<Message>(client_id, existing.frame);
    return this.request<Message>(client_id, { type: 'send', client_id, ...rest });
  }

  edit(id: string, text: string) {
    return this.call({ type: 'edit', id, text });
  }
  remove(id: string) {
    return this.call({ type: 'delete', id });
  }
  markDelivered(id: string) {
    return this.call({ type: 'mark_delivered', id });
  }
  markRead(id: string) {
    return this.call({ type: 'mark_read', id });
  }
  react(id: string, emoji: string, remove = false) {
    return this.call({ type: 'react', id, emoji, remove });
  }
  vote(id: string, option: number) {
    return this.call({ type: 'poll_vote', id, option });
  }

  /** Start at most once per TYPING_THROTTLE_MS per conversation; end only after a start. */
  typing(target: Target, state: 'start' | 'end'): void {
    const key = `${target.receiver_type}:${target.receiver}`;
    const frame = { type: state === 'start' ? 'typing_start' : 'typing_end', ...target } as ClientMessage;
    if (state === 'start') {
      const last = this.typingSentAt.get(key);
      if (last !== undefined && this.now() - last < TYPING_THROTTLE_MS) return;
      if (this.signal(frame)) this.typingSentAt.set(key, this.now());
      return;
    }
    if (!this.typingSentAt.has(key)) return;
    this.typingSentAt.delete(key);
    this.signal(frame);
  }

  liveReaction(target: Target, reaction: string): void {
    this.signal({ type: 'transient', ...target, data: { type: LIVE_REACTION_TYPE, reaction } });
  }

  createPoll(target: Target, question: string, options: string[]): Promise<Message> {
    return this.rest.createPoll(target, question, options, `poll-${this.now()}-${this.nextRef()}`);
  }
  stickers() {
    return this.rest.stickers();
  }
  upload(file: File | Blob, name: string) {
    return this.rest.upload(file, name);
  }

  // Users
  user(uid: string) {
    return this.rest.user(uid);
  }

  users(req?: PageRequest) {
    return this.rest.users(req);
  }
  block(uid: string) {
    return this.rest.block(uid);
  }
  unblock(uid: string) {
    return this.rest.unblock(uid);
  }

  // Groups
  group(guid: string) {
    return this.rest.group(guid);
  }

  groups(req?: PageRequest) {
    return this.rest.groups(req);
  }
  createGroup(draft: GroupDraft) {
    return this.rest.createGroup(draft);
  }
  joinGroup(guid: string, password?: string) {
    return this.rest.joinGroup(guid, password);
  }
  leaveGroup(guid: string) {
    return this.rest.leaveGroup(guid);
  }
  deleteGroup(guid: string) {
    return this.rest.deleteGroup(guid);
  }
  members(guid: string, req?: PageRequest) {
    return this.rest.members(guid, req);
  }
  banned(guid: string, req?: PageRequest) {
    return this.rest.banned(guid, req);
  }
  addMembers(guid: string, uids: string[]) {
    return this.rest.addMembers(guid, uids);
  }
  kick(guid: string, uid: string) {
    return this.rest.memberAction(guid, uid, 'kick');
  }
  ban(guid: string, uid: string) {
    return this.rest.memberAction(guid, uid, 'ban');
  }
  unban(guid: string, uid: string) {
    return this.rest.memberAction(guid, uid, 'unban');
  }
  setScope(guid: string, uid: string, scope: GroupScope) {
    return this.rest.setScope(guid, uid, scope);
  }

  // Internals

  private url(): string {
    const url = socketUrl(this.baseUrl);
    url.searchParams.set('token', this.session.get()?.token ?? '');
    url.searchParams.set('lang', this.language());
    if (this.lastEventId) url.searchParams.set('since', this.lastEventId);
    return url.toString();
  }

  private nextRef(): string {
    this.refCount += 1;
    return `r${this.refCount}`;
  }

  private call(frame: ClientMessage): Promise<void> {
    const ref = this.nextRef();
    return this.request<void>(ref, { ...frame, ref } as ClientMessage);
  }

  /** Queues the frame until answered; sends it now when ready, else after the next `ready`. */
  private request<T>(key: string, frame: ClientMessage): Promise<T> {
    const promise = this.await<T>(key, frame);
    if (this.ready) this.connection.send(JSON.stringify(frame));
    return promise;
  }

  private await<T>(key: string, frame: ClientMessage): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const previous = this.pending.get(key);
      this.pending.set(key, {
        frame,
        resolve: (value) => {
          previous?.resolve(value);
          resolve(value as T);
        },
        reject: (error) => {
          previous?.reject(error);
          reject(error);
        },
      });
    });
  }

  private settle(key: string | null, outcome: { value: unknown } | { error: ChatError }): boolean {
    if (!key) return false;
    const p = this.pending.get(key);
    if (!p) return false;
    this.pending.delete(key);
    if ('error' in outcome) p.reject(outcome.error);
    else p.resolve(outcome.value);
    return true;
  }

  private receive(text: string): void {
    let frame: ServerMessage;
    try {
      frame = JSON.parse(text) as ServerMessage;
    } catch {
      this.log('unreadable frame', text.slice(0, 200));
      return;
    }
    switch (frame.type) {
      case 'ready':
        this.onReady(frame.user, frame.last_event_id);
        return;
      case 'ack':
        this.settle(frame.client_id, { value: frame.message });
        return;
      case 'ok':
        this.settle(frame.ref, { value: undefined });
        return;
      case 'error': {
        const error = new ChatError(frame.code, frame.message, frame.errors);
        if (!this.settle(frame.ref, { error })) this.log('server error', error);
        return;
      }
      case 'pong':
        return;
      default: {
        const eventId = 'event_id' in frame ? frame.event_id : undefined;
        if (eventId) {
          if (this.seenEvents.has(eventId)) return; // replayed and live at once
          this.rememberEvent(eventId);
          if (isLater(eventId, this.lastEventId)) this.lastEventId = eventId;
        }
        this.emit(frame);
      }
    }
  }

  private onReady(user: ChatUser, lastEventId: string): void {
    this.ready = true;
    this.meUser = user;
    // On the first connect the log starts now; later, replayed events move it forward.
    if (this.lastEventId === null) this.lastEventId = lastEventId;
    this.connection.resetBackoff();
    this.setState('online');
    this.emit({ type: 'ready', user });
    for (const waiter of this.waiters.splice(0)) waiter.resolve(user);
    // Whatever waited or was never answered goes again, in the order it was made; the
    // server stores a resent message once (same client id) and answers with the same ack.
    for (const p of this.pending.values()) this.connection.send(JSON.stringify(p.frame));
  }

  private down(code: number, willRetry: boolean): void {
    this.ready = false;
    this.typingSentAt.clear();
    this.setState('offline');
    if (!willRetry) {
      const error = code === CLOSE_CODES.unauthenticated ? this.sessionError() : this.protocolError();
      this.rejectWaiters(error);
      for (const [key, p] of this.pending) {
        this.pending.delete(key);
        p.reject(error);
      }
      this.log('chat stopped', { code });
    }
  }

  private sessionError(): ChatError {
    return new ChatError('session-expired', translate(this.language(), 'error.session-expired'));
  }

  private protocolError(): ChatError {
    return new ChatError('internal', translate(this.language(), 'error.internal'));
  }

  private rejectWaiters(error: ChatError): void {
    for (const waiter of this.waiters.splice(0)) waiter.reject(error);
  }

  private rememberEvent(id: string): void {
    this.seenEvents.add(id);
    if (this.seenEvents.size > SEEN_EVENTS_KEPT) {
      const oldest = this.seenEvents.values().next().value;
      if (oldest !== undefined) this.seenEvents.delete(oldest);
    }
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

function missingWebSocket(): never {
  throw new Error('no WebSocket in this environment');
}

export function createSelfHostedChatClient(options?: SelfHostedChatOptions): ChatClient {
  return new SelfHostedChatClient(options);
}
