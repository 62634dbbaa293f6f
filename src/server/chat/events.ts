import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { ServerMessage } from '#shared/chat/protocol';
import type { Db, DbOrTx } from '../db/database.ts';
import type { PgListener } from '../db/pg-listener.ts';
import type { ChatHub } from './hub.ts';

export const CHANNEL = 'tambak_chat';
/** NOTIFY payloads must stay under 8000 bytes; longer recipient lists are read from the row. */
const MAX_INLINE_RECIPIENTS = 150;

/** A stored event, delivered locally once its transaction has committed. */
export interface PendingEvent {
  id: string;
  recipients: string[];
  frame: ServerMessage;
}

/** A NOTIFY payload around an event id only known inside the storing statement. */
export interface EventNotice {
  channel: string;
  prefix: string;
  suffix: string;
}

interface Notice {
  /** Instance that published; it delivered locally already. */
  i: string;
  /** Stored event id, or absent for a transient frame carried inline in `f`. */
  e?: string;
  f?: ServerMessage;
  r?: string[] | '*';
}

/**
 * Fan-out. Persistent events (messages, edits, receipts, group changes) are rows in
 * chat_events written in the same transaction as the change, with a pg_notify that
 * PostgreSQL sends only on commit: so no instance hears of an event that was rolled
 * back, and a reconnecting client can replay what it missed. Transient frames (typing,
 * live reactions, presence) travel inline in the notification and are never stored.
 */
export class ChatEvents {
  readonly instanceId = randomUUID();

  constructor(
    private readonly db: Db,
    private readonly hub: ChatHub,
    private readonly listener: PgListener,
    private readonly log: (line: string) => void,
  ) {
    listener.on(CHANNEL, (payload) => void this.onNotice(payload));
  }

  async record(tx: DbOrTx, frame: ServerMessage, recipients: string[]): Promise<PendingEvent> {
    const unique = [...new Set(recipients)];
    const row = await tx
      .insertInto('chat_events')
      .values({ type: frame.type, recipients: unique, payload: JSON.stringify(frame) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const notice: Notice = {
      i: this.instanceId,
      e: String(row.id),
      ...(unique.length <= MAX_INLINE_RECIPIENTS ? { r: unique } : {}),
    };
    await sql`select pg_notify(${CHANNEL}, ${JSON.stringify(notice)})`.execute(tx);
    return { id: String(row.id), recipients: unique, frame };
  }

  /** The notice of an event stored by one statement (MessageRepository.storeNew): `prefix || id || suffix`. */
  notice(recipients: string[]): EventNotice {
    const unique = [...new Set(recipients)];
    const r = unique.length <= MAX_INLINE_RECIPIENTS ? `,"r":${JSON.stringify(unique)}` : '';
    return { channel: CHANNEL, prefix: `{"i":${JSON.stringify(this.instanceId)},"e":"`, suffix: `"${r}}` };
  }

  /** Local delivery after commit; other instances deliver on the notification. */
  deliver(events: PendingEvent | PendingEvent[]): void {
    for (const ev of [events].flat()) {
      this.hub.deliver(ev.recipients, { ...ev.frame, event_id: ev.id } as ServerMessage);
    }
  }

  /** A frame nobody needs later: delivered here and notified to other instances. */
  async transient(frame: ServerMessage, recipients: string[] | 'all'): Promise<void> {
    this.hub.deliver(recipients, frame);
    if (!this.listener.listening) return;
    const notice: Notice = { i: this.instanceId, f: frame, r: recipients === 'all' ? '*' : recipients };
    const text = JSON.stringify(notice);
    if (text.length > 7500) return; // too large to cross instances; local sockets got it
    await sql`select pg_notify(${CHANNEL}, ${text})`.execute(this.db);
  }

  /** Stored events for `uid` after `since` (catch-up after a reconnect), oldest first. */
  async since(uid: string, since: string, limit = 500): Promise<ServerMessage[]> {
    const rows = await this.db
      .selectFrom('chat_events')
      .select(['id', 'payload'])
      .where('id', '>', since)
      .where(sql<boolean>`recipients @> array[${uid}]::uuid[]`)
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ ...(r.payload as ServerMessage), event_id: String(r.id) }) as ServerMessage);
  }

  async lastEventId(): Promise<string> {
    const row = await this.db
      .selectFrom('chat_events')
      .select(sql<string>`coalesce(max(id), 0)::text`.as('id'))
      .executeTakeFirstOrThrow();
    return row.id;
  }

  private async onNotice(payload: string): Promise<void> {
    try {
      const n = JSON.parse(payload) as Notice;
      if (n.i === this.instanceId) return;
      if (n.f) {
        this.hub.deliver(n.r === '*' || !n.r ? 'all' : n.r, n.f);
        return;
      }
      if (!n.e) return;
      // Skip the read when nobody concerned is connected here.
      if (Array.isArray(n.r) && !n.r.some((uid) => this.hub.has(uid))) return;
      const row = await this.db
        .selectFrom('chat_events')
        .select(['recipients', 'payload'])
        .where('id', '=', n.e)
        .executeTakeFirst();
      if (row)
        this.hub.deliver(row.recipients, {
          ...(row.payload as ServerMessage),
          event_id: n.e,
        } as ServerMessage);
    } catch (e) {
      this.log(`chat notice dropped: ${(e as Error).message}`);
    }
  }
}
