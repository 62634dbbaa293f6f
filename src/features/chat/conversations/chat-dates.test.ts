import { describe, expect, it } from 'vitest';
import type { Conversation, Message } from '#shared/chat/entities';
import { bubbleTime, listDate, longTimestamp } from './chat-dates.ts';
import { withMessage, withRead } from './use-conversations.ts';

// 22 Nov 2026 10:00 in Jakarta (UTC+7) is 03:00 UTC; tests run with TZ of the machine, so
// the expected clock texts are computed from the same local time as the function uses.
const now = new Date('2026-11-22T03:00:00Z');
const s = (d: Date) => Math.floor(d.getTime() / 1000);
const hoursAgo = (h: number) => s(new Date(now.getTime() - h * 3600_000));
const hhmm = (sec: number) => {
  const d = new Date(sec * 1000);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
};

describe('conversation list date (seed 001 §2)', () => {
  it('shows the time within 24 hours', () => {
    const at = hoursAgo(23.5);
    expect(listDate(at, now, 'id')).toEqual({ kind: 'time', text: hhmm(at) });
  });

  it('shows "yesterday" from 24 up to 48 hours', () => {
    expect(listDate(hoursAgo(24), now, 'id').kind).toBe('yesterday');
    expect(listDate(hoursAgo(47.9), now, 'en').kind).toBe('yesterday');
  });

  it('shows the weekday name within a week, in the chosen language', () => {
    const at = hoursAgo(72);
    const day = new Date(at * 1000);
    expect(listDate(at, now, 'en')).toEqual({
      kind: 'weekday',
      text: day.toLocaleDateString('en-GB', { weekday: 'long' }),
    });
    expect(listDate(at, now, 'id').text).toBe(day.toLocaleDateString('id-ID', { weekday: 'long' }));
  });

  it('shows the date as DD MMM YYYY from 7 days on', () => {
    const at = hoursAgo(7 * 24);
    const d = new Date(at * 1000);
    expect(listDate(at, now, 'id')).toEqual({
      kind: 'date',
      text: `${String(d.getDate()).padStart(2, '0')} Nov 2026`,
    });
  });

  it('formats the last-active stamp as DD MMM YYYY, HH:mm in both languages (never AM/PM)', () => {
    for (const lang of ['id', 'en']) {
      expect(longTimestamp(s(now), lang)).toMatch(/^\d{2} Nov 2026, \d{2}:\d{2}$/);
      expect(longTimestamp(s(now), lang)).toContain(hhmm(s(now)));
    }
  });

  it('writes the bubble time as HH:mm on a 24-hour clock', () => {
    const evening = s(new Date(2026, 10, 22, 18, 31));
    expect(bubbleTime(evening, 'id')).toBe('18:31');
    expect(bubbleTime(evening, 'en')).toBe('18:31');
  });
});

const msg = (over: Partial<Message>): Message => ({
  id: 'm1',
  client_id: 'c1',
  conversation_id: 'conv-b',
  category: 'message',
  type: 'text',
  text: 'halo',
  data: {},
  sender: { uid: 'other', name: 'Budi', avatar: null },
  receiver_type: 'user',
  receiver_id: 'me',
  parent_id: null,
  reply_count: 0,
  sent_at: 100,
  delivered_at: null,
  read_at: null,
  edited_at: null,
  deleted_at: null,
  reactions: {},
  ...over,
});
const conv = (id: string, unread = 0): Conversation => ({
  conversation_id: id,
  conversation_type: 'user',
  conversation_with: id,
  name: id,
  unread_message_count: unread,
  last_message: null,
  updated_at: 1,
});

describe('conversation list on a live message (seed 001 §2, §4)', () => {
  const items = [conv('conv-a'), conv('conv-b', 1), conv('conv-c')];

  it('moves the conversation to the top and counts the message unread', () => {
    const next = withMessage(items, msg({}), 'me', null);
    expect(next?.map((c) => c.conversation_id)).toEqual(['conv-b', 'conv-a', 'conv-c']);
    expect(next?.[0].unread_message_count).toBe(2);
    expect(next?.[0].last_message?.text).toBe('halo');
  });

  it('does not count my own messages, thread replies or the open conversation', () => {
    expect(
      withMessage(items, msg({ sender: { uid: 'me', name: 'Ani', avatar: null } }), 'me', null)?.[0]
        .unread_message_count,
    ).toBe(1);
    expect(withMessage(items, msg({ parent_id: 'p' }), 'me', null)?.[0].unread_message_count).toBe(1);
    expect(withMessage(items, msg({}), 'me', 'conv-b')?.[0].unread_message_count).toBe(1);
  });

  it('answers null for a conversation it does not list (the caller reloads)', () => {
    expect(withMessage(items, msg({ conversation_id: 'conv-new' }), 'me', null)).toBeNull();
  });
});

describe('marking a conversation read (seed 001 §4)', () => {
  it('moves it to the top with unread count 0', () => {
    const items = [conv('conv-a'), conv('conv-b'), conv('conv-c', 3)];
    const next = withRead(items, 'conv-c');
    expect(next?.map((c) => [c.conversation_id, c.unread_message_count])).toEqual([
      ['conv-c', 0],
      ['conv-a', 0],
      ['conv-b', 0],
    ]);
    expect(withRead(items, 'conv-a')).toBeNull();
    expect(withRead(items, 'conv-x')).toBeNull();
  });
});
