import { sql } from 'kysely';
import type { Db, DbOrTx } from '../db/database.ts';
import { contactIds } from './contacts.ts';

export interface ChatUserRow {
  uid: string;
  name: string;
  avatar: string | null;
  last_active_at: Date | null;
  online: boolean;
}

/** Kysely queries on chat_users, chat_presence and chat_blocks. */
export class ChatUserRepository {
  constructor(private readonly db: Db) {}

  /**
   * Chat users mirror app users (uid = users.id, name = username): created on first use,
   * renamed when the username changed. Unknown ids are skipped; the caller compares counts.
   */
  async ensure(uids: string[], db: DbOrTx = this.db): Promise<number> {
    if (uids.length === 0) return 0;
    const res = await this.upsertFromUsers([...new Set(uids)], db).executeTakeFirst();
    return Number(res.numInsertedOrUpdatedRows ?? 0);
  }

  /** ensure() for one user, answering the name and avatar written (undefined: no such user). */
  ensureOne(uid: string): Promise<{ name: string; avatar: string | null } | undefined> {
    return this.upsertFromUsers([uid]).returning(['name', 'avatar']).executeTakeFirst();
  }

  private upsertFromUsers(uids: string[], db: DbOrTx = this.db) {
    return db
      .insertInto('chat_users')
      .columns(['uid', 'name', 'avatar'])
      .expression((eb) => eb.selectFrom('users').select(['id', 'username', 'photo']).where('id', 'in', uids))
      .onConflict((oc) =>
        oc
          .column('uid')
          .doUpdateSet((eb) => ({ name: eb.ref('excluded.name'), avatar: eb.ref('excluded.avatar') })),
      );
  }

  private base(db: DbOrTx = this.db) {
    return db
      .selectFrom('chat_users as cu')
      .select([
        'cu.uid',
        'cu.name',
        'cu.avatar',
        'cu.last_active_at',
        sql<boolean>`exists (select 1 from chat_presence p where p.uid = cu.uid)`.as('online'),
      ]);
  }

  find(uid: string, db: DbOrTx = this.db): Promise<ChatUserRow | undefined> {
    return this.base(db).where('cu.uid', '=', uid).executeTakeFirst();
  }

  findMany(uids: string[]): Promise<ChatUserRow[]> {
    if (uids.length === 0) return Promise.resolve([]);
    return this.base().where('cu.uid', 'in', uids).execute();
  }

  /**
   * Mirrors the caller's contacts (contacts.ts) into chat_users, so farm mates who never
   * opened the chat are listed too; a row is rewritten only when the name or photo changed.
   */
  async ensureContacts(uid: string): Promise<void> {
    await this.db
      .insertInto('chat_users')
      .columns(['uid', 'name', 'avatar'])
      .expression((eb) =>
        eb
          .selectFrom('users')
          .select(['id', 'username', 'photo'])
          .where(sql<boolean>`id in ${contactIds(uid)}`),
      )
      .onConflict((oc) =>
        oc
          .column('uid')
          .doUpdateSet((eb) => ({ name: eb.ref('excluded.name'), avatar: eb.ref('excluded.avatar') }))
          .where(
            sql<boolean>`(chat_users.name, chat_users.avatar) is distinct from (excluded.name, excluded.avatar)`,
          ),
      )
      .execute();
  }

  /** Whether `other` is one of `uid`'s contacts (contacts.ts). */
  async isContact(uid: string, other: string, db: DbOrTx = this.db): Promise<boolean> {
    return (await this.contactsAmong(uid, [other], db)).has(other.toLowerCase());
  }

  /** Those of `others` who are `uid`'s contacts (contacts.ts). */
  async contactsAmong(uid: string, others: string[], db: DbOrTx = this.db): Promise<Set<string>> {
    const ids = [...new Set(others.map((o) => o.toLowerCase()))].filter(
      (o) => /^[0-9a-f-]{36}$/.test(o) && o !== uid,
    );
    if (ids.length === 0) return new Set();
    const rows = await db
      .selectFrom('users')
      .select('id')
      .where('id', 'in', ids)
      .where(sql<boolean>`id in ${contactIds(uid)}`)
      .execute();
    return new Set(rows.map((r) => r.id));
  }

  /** The caller's contacts (contacts.ts), by name, 30 a page; `search` matches the name. */
  list(except: string, page: number, limit: number, search?: string): Promise<ChatUserRow[]> {
    let q = this.base()
      .where('cu.uid', '!=', except)
      .where(sql<boolean>`cu.uid in ${contactIds(except)}`);
    if (search) q = q.where('cu.name', 'ilike', `%${search.replace(/[\\%_]/g, '\\$&')}%`);
    return q
      .orderBy('cu.name')
      .orderBy('cu.uid')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute();
  }

  /** Pairs (blocker, blocked) between `uid` and each of `others`, either way. */
  async blocksWith(uid: string, others: string[], db: DbOrTx = this.db) {
    if (others.length === 0) return { byMe: new Set<string>(), ofMe: new Set<string>() };
    const rows = await db
      .selectFrom('chat_blocks')
      .select(['blocker', 'blocked'])
      .where((eb) =>
        eb.or([
          eb.and([eb('blocker', '=', uid), eb('blocked', 'in', others)]),
          eb.and([eb('blocked', '=', uid), eb('blocker', 'in', others)]),
        ]),
      )
      .execute();
    return {
      byMe: new Set(rows.filter((r) => r.blocker === uid).map((r) => r.blocked)),
      ofMe: new Set(rows.filter((r) => r.blocked === uid).map((r) => r.blocker)),
    };
  }

  async block(blocker: string, blocked: string, db: DbOrTx = this.db): Promise<void> {
    await db
      .insertInto('chat_blocks')
      .values({ blocker, blocked })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  async unblock(blocker: string, blocked: string, db: DbOrTx = this.db): Promise<void> {
    await db
      .deleteFrom('chat_blocks')
      .where('blocker', '=', blocker)
      .where('blocked', '=', blocked)
      .execute();
  }

  /** Marks this instance's connection; true when the user was offline everywhere before. */
  async connect(uid: string, instanceId: string): Promise<boolean> {
    return this.db.transaction().execute(async (tx) => {
      await tx.selectFrom('chat_users').select('uid').where('uid', '=', uid).forUpdate().execute();
      const before = await tx.selectFrom('chat_presence').select('uid').where('uid', '=', uid).execute();
      await tx
        .insertInto('chat_presence')
        .values({ uid, instance_id: instanceId })
        .onConflict((oc) => oc.doNothing())
        .execute();
      await tx.updateTable('chat_users').set({ last_active_at: sql`now()` }).where('uid', '=', uid).execute();
      return before.length === 0;
    });
  }

  /** Drops this instance's connection; true when the user is now offline everywhere. */
  async disconnect(uid: string, instanceId: string): Promise<boolean> {
    return this.db.transaction().execute(async (tx) => {
      await tx.selectFrom('chat_users').select('uid').where('uid', '=', uid).forUpdate().execute();
      await tx
        .deleteFrom('chat_presence')
        .where('uid', '=', uid)
        .where('instance_id', '=', instanceId)
        .execute();
      await tx.updateTable('chat_users').set({ last_active_at: sql`now()` }).where('uid', '=', uid).execute();
      const left = await tx.selectFrom('chat_presence').select('uid').where('uid', '=', uid).execute();
      return left.length === 0;
    });
  }
}
