import { sql } from 'kysely';
import type { GroupScope } from '#shared/chat/entities';
import type { Db, DbOrTx } from '../db/database.ts';
import { contactIds } from './contacts.ts';

export interface GroupRow {
  guid: string;
  name: string;
  type: string;
  password_hash: string | null;
  icon: string | null;
  owner: string;
  farm_id: string | null;
  members_count: number;
  scope: string | null;
  /** The caller owns the group or its owner is one of their contacts (contacts.ts). */
  reachable: boolean;
}

const escapeLike = (s: string) => `%${s.replace(/[\\%_]/g, '\\$&')}%`;

/** Kysely queries on chat_groups, chat_group_members and chat_group_bans. */
export class GroupRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (tx: DbOrTx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  /** Groups with the caller's scope (null when not a member) and their member count. */
  private base(uid: string, db: DbOrTx = this.db) {
    return db
      .selectFrom('chat_groups as g')
      .leftJoin('chat_group_members as me', (j) => j.onRef('me.guid', '=', 'g.guid').on('me.uid', '=', uid))
      .select([
        'g.guid',
        'g.name',
        'g.type',
        'g.password_hash',
        'g.icon',
        'g.owner',
        'g.farm_id',
        'me.scope',
        sql<number>`(select count(*)::int from chat_group_members m where m.guid = g.guid)`.as(
          'members_count',
        ),
        sql<boolean>`(g.owner = ${uid}::uuid or g.owner in ${contactIds(uid)})`.as('reachable'),
      ]);
  }

  find(guid: string, uid: string, db: DbOrTx = this.db): Promise<GroupRow | undefined> {
    return this.base(uid, db).where('g.guid', '=', guid).executeTakeFirst();
  }

  /** What a send to a group needs, in one query: its type, the caller's scope, a ban, the member ids. */
  sendTarget(guid: string, uid: string) {
    return this.db
      .selectFrom('chat_groups as g')
      .leftJoin('chat_group_members as me', (j) => j.onRef('me.guid', '=', 'g.guid').on('me.uid', '=', uid))
      .select([
        'g.type',
        'me.scope',
        sql<boolean>`exists (select 1 from chat_group_bans b where b.guid = g.guid and b.uid = ${uid})`.as(
          'banned',
        ),
        sql<string[]>`array(select m.uid from chat_group_members m where m.guid = g.guid)`.as('members'),
      ])
      .where('g.guid', '=', guid)
      .executeTakeFirst();
  }

  /** Lock the group row: membership changes of one group run one at a time. */
  async lock(guid: string, db: DbOrTx): Promise<void> {
    await db.selectFrom('chat_groups').select('guid').where('guid', '=', guid).forUpdate().execute();
  }

  /**
   * Groups the caller may see: joined ones, and public or password ones of their farms'
   * people (the owner is a contact) that they are not banned from.
   */
  list(uid: string, page: number, limit: number, search?: string): Promise<GroupRow[]> {
    let q = this.base(uid).where((eb) =>
      eb.or([
        eb('me.uid', 'is not', null),
        eb.and([
          eb('g.type', '!=', 'private'),
          sql<boolean>`(g.owner = ${uid}::uuid or g.owner in ${contactIds(uid)})`,
          eb.not(
            eb.exists(
              eb
                .selectFrom('chat_group_bans as b')
                .select('b.uid')
                .whereRef('b.guid', '=', 'g.guid')
                .where('b.uid', '=', uid),
            ),
          ),
        ]),
      ]),
    );
    if (search) q = q.where('g.name', 'ilike', escapeLike(search));
    return q
      .orderBy('g.name')
      .orderBy('g.guid')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute();
  }

  async insert(
    row: {
      guid: string;
      name: string;
      type: string;
      password_hash: string | null;
      icon: string | null;
      owner: string;
      farm_id?: string | null;
    },
    db: DbOrTx = this.db,
  ): Promise<void> {
    await db.insertInto('chat_groups').values(row).execute();
  }

  async remove(guid: string, db: DbOrTx = this.db): Promise<void> {
    await db.deleteFrom('chat_groups').where('guid', '=', guid).execute();
  }

  member(guid: string, uid: string, db: DbOrTx = this.db) {
    return db
      .selectFrom('chat_group_members')
      .select(['uid', 'scope'])
      .where('guid', '=', guid)
      .where('uid', '=', uid)
      .executeTakeFirst() as Promise<{ uid: string; scope: GroupScope } | undefined>;
  }

  ban(guid: string, uid: string, db: DbOrTx = this.db) {
    return db
      .selectFrom('chat_group_bans')
      .select(['uid', 'scope'])
      .where('guid', '=', guid)
      .where('uid', '=', uid)
      .executeTakeFirst() as Promise<{ uid: string; scope: GroupScope } | undefined>;
  }

  async memberIds(guid: string, db: DbOrTx = this.db): Promise<string[]> {
    const rows = await db.selectFrom('chat_group_members').select('uid').where('guid', '=', guid).execute();
    return rows.map((r) => r.uid);
  }

  async upsertMember(guid: string, uid: string, scope: GroupScope, db: DbOrTx = this.db): Promise<void> {
    await db
      .insertInto('chat_group_members')
      .values({ guid, uid, scope })
      .onConflict((oc) => oc.columns(['guid', 'uid']).doUpdateSet({ scope }))
      .execute();
  }

  async removeMember(guid: string, uid: string, db: DbOrTx = this.db): Promise<void> {
    await db.deleteFrom('chat_group_members').where('guid', '=', guid).where('uid', '=', uid).execute();
  }

  async addBan(guid: string, uid: string, scope: string, by: string, db: DbOrTx): Promise<void> {
    await db
      .insertInto('chat_group_bans')
      .values({ guid, uid, scope, banned_by: by })
      .onConflict((oc) => oc.columns(['guid', 'uid']).doNothing())
      .execute();
  }

  async removeBan(guid: string, uid: string, db: DbOrTx): Promise<void> {
    await db.deleteFrom('chat_group_bans').where('guid', '=', guid).where('uid', '=', uid).execute();
  }

  /** Members (page of 10) with presence; admins first, then by name. */
  members(guid: string, page: number, limit: number) {
    return this.db
      .selectFrom('chat_group_members as m')
      .innerJoin('chat_users as u', 'u.uid', 'm.uid')
      .select([
        'm.uid',
        'u.name',
        'u.avatar',
        'm.scope',
        'm.joined_at',
        sql<boolean>`exists (select 1 from chat_presence p where p.uid = m.uid)`.as('online'),
      ])
      .where('m.guid', '=', guid)
      .orderBy(sql`case m.scope when 'admin' then 0 when 'moderator' then 1 else 2 end`)
      .orderBy('u.name')
      .orderBy('m.uid')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute();
  }

  banned(guid: string, page: number, limit: number) {
    return this.db
      .selectFrom('chat_group_bans as b')
      .innerJoin('chat_users as u', 'u.uid', 'b.uid')
      .select([
        'b.uid',
        'u.name',
        'u.avatar',
        'b.scope',
        'b.banned_at as joined_at',
        sql<boolean>`false`.as('online'),
      ])
      .where('b.guid', '=', guid)
      .orderBy('u.name')
      .orderBy('b.uid')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute();
  }

  async count(guid: string, db: DbOrTx = this.db): Promise<number> {
    const r = await db
      .selectFrom('chat_group_members')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('guid', '=', guid)
      .executeTakeFirstOrThrow();
    return r.n;
  }

  farmGroup(farmId: string, db: DbOrTx = this.db) {
    return db
      .selectFrom('chat_groups')
      .select(['guid', 'owner'])
      .where('farm_id', '=', farmId)
      .executeTakeFirst();
  }

  memberScopes(guid: string, db: DbOrTx = this.db) {
    return db.selectFrom('chat_group_members').select(['uid', 'scope']).where('guid', '=', guid).execute();
  }
  /** Inserts unless the guid is taken; false when it is. */
  async tryInsert(
    row: {
      guid: string;
      name: string;
      type: string;
      password_hash: string | null;
      icon: string | null;
      owner: string;
    },
    db: DbOrTx,
  ): Promise<boolean> {
    const res = await db
      .insertInto('chat_groups')
      .values(row)
      .onConflict((oc) => oc.column('guid').doNothing())
      .executeTakeFirst();
    return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  async update(guid: string, set: { name?: string; owner?: string }, db: DbOrTx): Promise<void> {
    await db.updateTable('chat_groups').set(set).where('guid', '=', guid).execute();
  }

  /** Admins other than `uid`, longest-standing first: who inherits the group when the owner leaves. */
  async otherAdmins(guid: string, uid: string, db: DbOrTx): Promise<string[]> {
    const rows = await db
      .selectFrom('chat_group_members')
      .select('uid')
      .where('guid', '=', guid)
      .where('scope', '=', 'admin')
      .where('uid', '!=', uid)
      .orderBy('joined_at')
      .orderBy('uid')
      .execute();
    return rows.map((r) => r.uid);
  }

  /** The group's conversation rows go with it (messages stay for the record). */
  async removeConversations(guid: string, db: DbOrTx): Promise<void> {
    await db
      .deleteFrom('chat_conversations')
      .where('conversation_type', '=', 'group')
      .where('conversation_with', '=', guid)
      .execute();
  }

  /** Serialises changes to one group name even before its row exists (farm group sync). */
  async lockName(guid: string, db: DbOrTx): Promise<void> {
    await sql`select pg_advisory_xact_lock(hashtext(${guid}))`.execute(db);
  }

  findRaw(guid: string, db: DbOrTx) {
    return db
      .selectFrom('chat_groups')
      .select(['guid', 'name', 'owner', 'farm_id'])
      .where('guid', '=', guid)
      .forUpdate()
      .executeTakeFirst();
  }

  /** Live farms, and farm groups whose farm is gone (for the full sync). */
  async farmIds(db: DbOrTx = this.db): Promise<{ live: string[]; orphaned: string[] }> {
    const live = await db
      .selectFrom('farms')
      .select('id')
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .execute();
    const orphaned = await db
      .selectFrom('chat_groups as g')
      .innerJoin('farms as f', 'f.id', 'g.farm_id')
      .select('f.id')
      .where('f.deleted_at', 'is not', null)
      .execute();
    return { live: live.map((r) => r.id), orphaned: orphaned.map((r) => r.id) };
  }

  farm(farmId: string, db: DbOrTx = this.db) {
    return db
      .selectFrom('farms')
      .select(['id', 'name', 'created_by', 'deleted_at', 'is_demo'])
      .where('id', '=', farmId)
      .executeTakeFirst();
  }

  /** The farm's live members, oldest membership first. */
  farmMembers(farmId: string, db: DbOrTx = this.db) {
    return db
      .selectFrom('user_farms')
      .select(['user_id', 'role_id'])
      .where('farm_id', '=', farmId)
      .where('deleted_at', 'is', null)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }
}
