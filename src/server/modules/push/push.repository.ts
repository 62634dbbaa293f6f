import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export interface StoredSubscription {
  endpoint: string;
  user_id: string;
  p256dh: string;
  auth: string;
}

/** Kysely queries on push_vapid_keys and push_subscriptions. */
export class PushRepository {
  constructor(private readonly db: Db) {}

  /** The installation's key pair: the stored one, or `fresh` stored now (first start wins a race). */
  async keys(fresh: () => VapidKeys | Promise<VapidKeys>): Promise<VapidKeys> {
    const found = await this.db
      .selectFrom('push_vapid_keys')
      .selectAll()
      .where('id', '=', 1)
      .executeTakeFirst();
    if (found) return { publicKey: found.public_key, privateKey: found.private_key };
    const made = await fresh();
    await this.db
      .insertInto('push_vapid_keys')
      .values({ id: 1, public_key: made.publicKey, private_key: made.privateKey })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    const row = await this.db
      .selectFrom('push_vapid_keys')
      .selectAll()
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    return { publicKey: row.public_key, privateKey: row.private_key };
  }

  /** An endpoint is one browser: subscribing again (also as another user) moves it. */
  async save(sub: StoredSubscription): Promise<void> {
    await this.db
      .insertInto('push_subscriptions')
      .values(sub)
      .onConflict((oc) =>
        oc.column('endpoint').doUpdateSet({ user_id: sub.user_id, p256dh: sub.p256dh, auth: sub.auth }),
      )
      .execute();
  }

  async remove(userId: string, endpoint: string): Promise<void> {
    await this.db
      .deleteFrom('push_subscriptions')
      .where('user_id', '=', userId)
      .where('endpoint', '=', endpoint)
      .execute();
  }

  async forget(endpoint: string): Promise<void> {
    await this.db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).execute();
  }

  async forUsers(userIds: string[]): Promise<(StoredSubscription & { language: string })[]> {
    if (userIds.length === 0) return [];
    return this.db
      .selectFrom('push_subscriptions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['s.endpoint', 's.user_id', 's.p256dh', 's.auth', 'u.language'])
      .where('s.user_id', '=', sql<string>`any(${userIds}::uuid[])`)
      .execute();
  }

  /** Of these users, the ones with no chat socket open on any instance. */
  async offline(userIds: string[]): Promise<string[]> {
    if (userIds.length === 0) return [];
    const online = await this.db
      .selectFrom('chat_presence')
      .select('uid')
      .where('uid', 'in', userIds)
      .execute();
    const on = new Set(online.map((r) => r.uid));
    return userIds.filter((id) => !on.has(id));
  }

  async sent(endpoint: string): Promise<void> {
    await this.db
      .updateTable('push_subscriptions')
      .set({ last_sent_at: new Date() })
      .where('endpoint', '=', endpoint)
      .execute();
  }
}
