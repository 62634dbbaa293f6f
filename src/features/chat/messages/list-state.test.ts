import { describe, expect, it } from 'vitest';
import {
  acked,
  applyReceipt,
  compose,
  flush,
  type ListMessage,
  loaded,
  MAX_MESSAGES,
  olderLoaded,
  receiptOf,
  receive,
  sendFailed,
} from './list-state.ts';

let seq = 0;
const msg = (over: Partial<ListMessage> = {}): ListMessage => {
  seq += 1;
  const id = over.id ?? `0000000${seq}`.slice(-8);
  return {
    id,
    client_id: `c-${id}`,
    conversation_id: 'conv',
    category: 'message',
    type: 'text',
    text: `pesan ${seq}`,
    data: {},
    sender: { uid: 'budi', name: 'Budi', avatar: null },
    receiver_type: 'user',
    receiver_id: 'ani',
    parent_id: null,
    reply_count: 0,
    sent_at: seq,
    delivered_at: null,
    read_at: null,
    edited_at: null,
    deleted_at: null,
    reactions: {},
    ...over,
  };
};
const many = (n: number) => Array.from({ length: n }, () => msg());

describe('message list state (seed 001 §4 "Message list")', () => {
  it('appends an incoming message when the reader is at the bottom', () => {
    const out = receive(loaded([msg()]), msg(), true);
    expect(out.outcome).toBe('appended');
    expect(out.state.messages).toHaveLength(2);
    expect(out.state.queued).toHaveLength(0);
  });

  it('queues it behind the banner when the reader scrolled up, and keeps order after', () => {
    let state = loaded([msg()]);
    const first = msg();
    const second = msg();
    state = receive(state, first, false).state;
    const out = receive(state, second, true); // already a queue: the new one waits too
    expect(out.outcome).toBe('queued');
    expect(out.state.queued.map((m) => m.id)).toEqual([first.id, second.id]);
    const shown = flush(out.state);
    expect(shown.rebuild).toBe(false);
    expect(shown.shown.map((m) => m.id)).toEqual([first.id, second.id]);
    expect(shown.state.messages.map((m) => m.id).slice(-2)).toEqual([first.id, second.id]);
    expect(shown.state.queued).toHaveLength(0);
  });

  it('queues rather than pass the maximum of 100 shown messages', () => {
    const full = loaded(many(MAX_MESSAGES));
    expect(receive(full, msg(), true).outcome).toBe('queued');
  });

  it('asks for a rebuild when showing the queue would pass the maximum', () => {
    let state = loaded(many(MAX_MESSAGES - 1));
    state = receive(state, msg(), false).state;
    state = receive(state, msg(), false).state;
    const out = flush(state);
    expect(out.rebuild).toBe(true);
    expect(out.shown).toHaveLength(2);
    expect(out.state.status).toBe('loading');
  });

  it('replaces a copy of a listed message instead of adding it (own echo, edits)', () => {
    const mine = msg({ sender: { uid: 'ani', name: 'Ani', avatar: null } });
    const out = receive(loaded([mine]), { ...mine, text: 'diubah' }, false);
    expect(out.outcome).toBe('replaced');
    expect(out.state.messages.map((m) => m.text)).toEqual(['diubah']);
  });

  it('shows a composed message at once and swaps in the acked one by client id', () => {
    const pending = msg({ id: '', client_id: 'local-1', _pending: true });
    const other = msg({ id: '', client_id: 'local-2', _pending: true });
    let state = compose(compose(loaded([]), pending), other);
    expect(state.messages.map(receiptOf)).toEqual(['sending', 'sending']);
    state = acked(state, msg({ id: 'server-1', client_id: 'local-1' }));
    expect(state.messages.map((m) => m.id)).toEqual(['server-1', '']);
    state = sendFailed(state, 'local-2', 'Diblokir');
    expect(receiptOf(state.messages[1])).toBe('error');
    expect(state.messages[1]._error).toBe('Diblokir');
  });

  it('does not double a message already shown when older pages arrive', () => {
    const a = msg();
    const b = msg();
    const state = olderLoaded(loaded([b]), [a, b], 30);
    expect(state.messages.map((m) => m.id)).toEqual([a.id, b.id]);
    expect(state.hasOlder).toBe(false);
  });
});

describe('receipts (seed 001 §4 "Sent message receipt")', () => {
  const mine = (over: Partial<ListMessage> = {}) =>
    msg({ sender: { uid: 'ani', name: 'Ani', avatar: null }, ...over });

  it('orders error, seen, delivered, sent, sending for users', () => {
    expect(receiptOf(mine({ _error: 'x', read_at: 5 }))).toBe('error');
    expect(receiptOf(mine({ read_at: 5, delivered_at: 4 }))).toBe('seen');
    expect(receiptOf(mine({ delivered_at: 4 }))).toBe('delivered');
    expect(receiptOf(mine())).toBe('sent');
    expect(receiptOf(mine({ _pending: true }))).toBe('sending');
  });

  it('shows only error, sent or sending in groups', () => {
    expect(receiptOf(mine({ receiver_type: 'group', read_at: 5 }))).toBe('sent');
    expect(receiptOf(mine({ receiver_type: 'group', _pending: true }))).toBe('sending');
  });

  it('a read receipt covers my earlier messages too, not the partner’s or later ones', () => {
    const one = mine();
    const theirs = msg();
    const two = mine();
    const three = mine();
    const state = applyReceipt(loaded([one, theirs, two, three]), 'ani', two.id, 'read', 50);
    expect(state.messages.map((m) => m.read_at)).toEqual([50, null, 50, null]);
    expect(state.messages[0].delivered_at).toBe(50);
  });
});
