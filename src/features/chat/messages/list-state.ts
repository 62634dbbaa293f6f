import type { Message } from '#shared/chat/entities';

/**
 * The message list as a pure state machine (seed 001 §4 "Message list"): the shown
 * messages (oldest first), the incoming ones queued behind the "n new messages" banner,
 * and the composed ones waiting for the server. The hook (use-message-list.ts) applies
 * these and does the side effects the answers ask for (mark read, reload).
 */
export const MAX_MESSAGES = 100;
export const PAGE_SIZE = 30;

/** A message as the list holds it: the composed copy is `_pending` until acked, `_error` when refused. */
export type ListMessage = Message & { _pending?: boolean; _error?: string };

export interface ListState {
  status: 'loading' | 'ready' | 'error';
  messages: ListMessage[];
  queued: ListMessage[];
  hasOlder: boolean;
  loadingOlder: boolean;
}

export const initialList: ListState = {
  status: 'loading',
  messages: [],
  queued: [],
  hasOlder: false,
  loadingOlder: false,
};

const sameMessage = (a: Message, b: Message) => (a.id !== '' && a.id === b.id) || a.client_id === b.client_id;

function replaceIn(list: ListMessage[], next: ListMessage): ListMessage[] | null {
  const i = list.findIndex((m) => sameMessage(m, next));
  if (i < 0) return null;
  const copy = list.slice();
  copy[i] = next;
  return copy;
}

export function loaded(page: Message[], pageSize = PAGE_SIZE): ListState {
  return { ...initialList, status: 'ready', messages: page, hasOlder: page.length >= pageSize };
}

/** Older messages go in front; anything already shown (a live copy) is not doubled. */
export function olderLoaded(state: ListState, page: Message[], pageSize = PAGE_SIZE): ListState {
  const fresh = page.filter((m) => !state.messages.some((s) => sameMessage(s, m)));
  return {
    ...state,
    messages: [...fresh, ...state.messages],
    hasOlder: page.length >= pageSize,
    loadingOlder: false,
  };
}

export type IncomingOutcome = 'replaced' | 'appended' | 'queued';

/**
 * An incoming message: a copy of one already listed replaces it; otherwise it is appended
 * (and the caller marks it read) when the reader is at the bottom, nothing is queued and the
 * list stays within the maximum; else it waits behind the banner.
 */
export function receive(
  state: ListState,
  message: Message,
  atBottom: boolean,
): { state: ListState; outcome: IncomingOutcome } {
  const shown = replaceIn(state.messages, message);
  if (shown) return { state: { ...state, messages: shown }, outcome: 'replaced' };
  const waiting = replaceIn(state.queued, message);
  if (waiting) return { state: { ...state, queued: waiting }, outcome: 'replaced' };
  if (atBottom && state.queued.length === 0 && state.messages.length < MAX_MESSAGES) {
    return { state: { ...state, messages: [...state.messages, message] }, outcome: 'appended' };
  }
  return { state: { ...state, queued: [...state.queued, message] }, outcome: 'queued' };
}

/**
 * The banner was clicked or the reader scrolled to the bottom: the queued messages join the
 * list (the caller marks them read), or, when that would pass the maximum, the list must be
 * rebuilt from the server.
 */
export function flush(state: ListState): { state: ListState; shown: ListMessage[]; rebuild: boolean } {
  if (state.queued.length === 0) return { state, shown: [], rebuild: false };
  if (state.messages.length + state.queued.length > MAX_MESSAGES) {
    return { state: { ...initialList }, shown: state.queued, rebuild: true };
  }
  return {
    state: { ...state, messages: [...state.messages, ...state.queued], queued: [] },
    shown: state.queued,
    rebuild: false,
  };
}

/** The composed message shows at once (seed 001 §4); anything queued joins first so order holds. */
export function compose(state: ListState, message: ListMessage): ListState {
  const base = flush(state);
  const messages = base.rebuild ? state.messages.concat(state.queued) : base.state.messages;
  return { ...state, queued: [], messages: [...messages.slice(-MAX_MESSAGES + 1), message] };
}

/** The server's copy replaces the composed one (same client id). */
export function acked(state: ListState, message: Message): ListState {
  const shown = replaceIn(state.messages, message);
  return shown ? { ...state, messages: shown } : state;
}

export function sendFailed(state: ListState, clientId: string, error: string): ListState {
  return mapMessages(state, (m) => (m.client_id === clientId ? { ...m, _pending: false, _error: error } : m));
}

export function mapMessages(state: ListState, fn: (m: ListMessage) => ListMessage): ListState {
  return { ...state, messages: state.messages.map(fn), queued: state.queued.map(fn) };
}

export function updateById(state: ListState, id: string, fn: (m: ListMessage) => ListMessage): ListState {
  if (!id) return state;
  return mapMessages(state, (m) => (m.id === id ? fn(m) : m));
}

/**
 * A delivered or read receipt for one of my messages. Reading (or receiving) a message
 * means the earlier ones got there too, so own messages up to it without that receipt get it.
 */
export function applyReceipt(
  state: ListState,
  me: string,
  messageId: string,
  kind: 'delivered' | 'read',
  at: number,
): ListState {
  const field = kind === 'read' ? 'read_at' : 'delivered_at';
  const all = [...state.messages, ...state.queued];
  const target = all.find((m) => m.id === messageId);
  if (!target) return state;
  return mapMessages(state, (m) => {
    if (m.sender.uid !== me || m._pending || m[field] !== null) return m;
    const covered = m.id === messageId || (m.sent_at <= target.sent_at && m.id < messageId);
    if (!covered) return m;
    const next = { ...m, [field]: at };
    if (kind === 'read' && next.delivered_at === null) next.delivered_at = at;
    return next;
  });
}

export type Receipt = 'error' | 'seen' | 'delivered' | 'sent' | 'sending';

/** Seed 001 §4: users error → seen → delivered → sent → sending; groups error → sent → sending. */
export function receiptOf(m: ListMessage): Receipt {
  if (m._error) return 'error';
  if (m._pending) return 'sending';
  if (m.receiver_type === 'group') return 'sent';
  if (m.read_at !== null) return 'seen';
  if (m.delivered_at !== null) return 'delivered';
  return 'sent';
}
