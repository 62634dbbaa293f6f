import { sql } from 'kysely';
import type { CallStatus } from '#shared/chat/protocol';
import type { Db, DbOrTx } from '../db/database.ts';

/** What a call message keeps in data.customData. */
export interface CallData {
  call_id: string;
  status: CallStatus;
  type: 'audio' | 'video';
  initiator: string;
  receiver: string;
  initiator_device: string;
  receiver_device: string | null;
  initiated_at: number;
  accepted_at: number | null;
  ended_at: number | null;
}

export interface CallRow {
  id: string;
  sender: string;
  receiver_id: string;
  data: { customData?: CallData };
}

/** Only calls this service stored: a `send` frame cannot forge one (its client id is not the server's). */
const ours = sql<boolean>`client_id = 'call:' || id::text`;

export const ACTIVE: readonly CallStatus[] = ['initiated', 'ongoing'];

/**
 * Calls are `call` category messages (seed 001 §3); their state lives in
 * data.customData. Kysely only; locking keeps two calls from claiming one user.
 */
export class CallRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (tx: DbOrTx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  /** Serialises call changes touching these users (in a fixed order: no deadlock). */
  async lockUsers(uids: string[], tx: DbOrTx): Promise<void> {
    for (const uid of [...new Set(uids)].sort()) {
      await sql`select pg_advisory_xact_lock(hashtext(${`call:${uid}`}))`.execute(tx);
    }
  }

  /** Calls still ringing or going on that involve any of these users. */
  active(uids: string[], db: DbOrTx = this.db): Promise<CallRow[]> {
    return db
      .selectFrom('chat_messages')
      .select(['id', 'sender', 'receiver_id', 'data'])
      .where('category', '=', 'call')
      .where(ours)
      .where('receiver_type', '=', 'user')
      .where(sql<string>`data->'customData'->>'status'`, 'in', [...ACTIVE])
      .where((eb) => eb.or([eb('sender', 'in', uids), eb('receiver_id', 'in', uids)]))
      .where('deleted_at', 'is', null)
      .execute() as Promise<CallRow[]>;
  }

  find(id: string, db: DbOrTx = this.db): Promise<CallRow | undefined> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return Promise.resolve(undefined);
    return db
      .selectFrom('chat_messages')
      .select(['id', 'sender', 'receiver_id', 'data'])
      .where('id', '=', id)
      .where('category', '=', 'call')
      .where(ours)
      .executeTakeFirst() as Promise<CallRow | undefined>;
  }

  async setData(id: string, call: CallData, db: DbOrTx): Promise<void> {
    await db
      .updateTable('chat_messages')
      .set({ data: sql`jsonb_set(data, '{customData}', ${JSON.stringify(call)}::jsonb)` })
      .where('id', '=', id)
      .execute();
  }

  /** Users with a live socket on some instance. */
  async online(uids: string[], db: DbOrTx = this.db): Promise<Set<string>> {
    if (uids.length === 0) return new Set();
    const rows = await db.selectFrom('chat_presence').select('uid').where('uid', 'in', uids).execute();
    return new Set(rows.map((r) => r.uid));
  }
}
