import { sql } from 'kysely';
import { asSlot, type WaterStandard } from '#shared/domain/water-standards';
import type { DbOrTx } from '../../db/database.ts';

export interface NotificationInsert {
  id: string;
  user_id: string;
  farm_id: string | null;
  pond_id: string | null;
  kind: string;
  dedup_key: string;
  title: string;
  body: string;
  title_key: string;
  /** JSON of the message's values (jsonb). */
  title_params: string;
  body_key: string;
  body_params: string;
  url: string;
  occurred_at: Date;
}

export interface UserAlertSettings {
  push_kinds: string[];
  quiet_from: string | null;
  quiet_to: string | null;
}

/** `= any($1::uuid[])`: one statement text whatever the number of ids (so it stays prepared). */
const anyUuid = (ids: string[]) => sql<string>`any(${ids}::uuid[])`;

/** Kysely queries on notifications, the users' and farms' alert settings. */
export class AlertsRepository {
  constructor(private readonly db: DbOrTx) {}

  /**
   * Stores the new ones; a (user, key) already stored is left alone. Answers the rows stored
   * now. The rows go as one JSON parameter: one prepared text whatever their number (a
   * VALUES list had a text, and a parse, per count of rows).
   */
  async insert(rows: NotificationInsert[]): Promise<NotificationInsert[]> {
    if (rows.length === 0) return [];
    const stored = await sql<{ id: string }>`insert into notifications (id, user_id, farm_id, pond_id,
        kind, dedup_key, title, body, title_key, title_params, body_key, body_params, url, occurred_at)
      select id, user_id, farm_id, pond_id, kind, dedup_key, title, body, title_key,
        title_params::jsonb, body_key, body_params::jsonb, url, occurred_at
      from json_to_recordset(${JSON.stringify(rows)}::json) as r(id uuid, user_id uuid, farm_id uuid,
        pond_id uuid, kind text, dedup_key text, title text, body text, title_key text,
        title_params text, body_key text, body_params text, url text, occurred_at timestamptz)
      on conflict (user_id, dedup_key) do nothing
      returning id`.execute(this.db);
    const ids = new Set(stored.rows.map((r) => r.id));
    return rows.filter((r) => ids.has(r.id));
  }

  list(userId: string, changedAfter?: Date) {
    let q = this.db.selectFrom('notifications').selectAll().where('user_id', '=', userId);
    q = changedAfter ? q.where('updated_at', '>', changedAfter) : q.where('deleted_at', 'is', null);
    return q.orderBy('occurred_at', 'desc').orderBy('id', 'desc').limit(500).execute();
  }

  async markRead(userId: string, ids: string[]): Promise<void> {
    await this.db
      .updateTable('notifications')
      .set({ read_at: sql`now()`, updated_at: sql`now()` })
      .where('user_id', '=', userId)
      .where('id', 'in', ids)
      .where('read_at', 'is', null)
      .execute();
  }

  async markAllRead(userId: string, until: Date): Promise<void> {
    await this.db
      .updateTable('notifications')
      .set({ read_at: sql`now()`, updated_at: sql`now()` })
      .where('user_id', '=', userId)
      .where('created_at', '<=', until)
      .where('read_at', 'is', null)
      .execute();
  }

  async userSettings(userIds: string[]): Promise<Map<string, UserAlertSettings>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('notification_settings')
      .selectAll()
      .where('user_id', '=', anyUuid(userIds))
      .execute();
    return new Map(rows.map((r) => [r.user_id, r]));
  }

  async saveUserSettings(userId: string, s: UserAlertSettings): Promise<void> {
    await this.db
      .insertInto('notification_settings')
      .values({ user_id: userId, ...s, updated_at: sql`now()` })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...s, updated_at: sql`now()` }))
      .execute();
  }

  async farmSettings(farmId: string): Promise<{ death_threshold: number | null } | undefined> {
    return this.db
      .selectFrom('farm_alert_settings')
      .select('death_threshold')
      .where('farm_id', '=', farmId)
      .executeTakeFirst();
  }

  /**
   * What the rules judge a farm's new records by, in one statement (issue 32: two per
   * evaluated write before): its live water standards (as the water-setting module stores
   * them, over the defaults) and its own death threshold row, if it has one.
   */
  async ruleSettings(
    farmId: string,
  ): Promise<{ standards: WaterStandard[]; farm: { death_threshold: number | null } | undefined }> {
    const { rows } = await sql<{
      standards: { parameter: string; slot: string; min: string | null; max: string | null }[] | null;
      has_farm: boolean;
      death_threshold: number | null;
    }>`select
        (select json_agg(json_build_object('parameter', w.parameter, 'slot', w.slot,
            'min', w.min::text, 'max', w.max::text) order by w.parameter, w.slot)
          from water_settings w where w.farm_id = ${farmId} and w.deleted_at is null) as standards,
        f.farm_id is not null as has_farm, f.death_threshold
      from (select 1) one left join farm_alert_settings f on f.farm_id = ${farmId}`.execute(this.db);
    const row = rows[0];
    const num = (v: string | null) => (v === null ? null : Number(v));
    return {
      standards: (row.standards ?? []).map((s) => ({
        parameter: s.parameter,
        slot: asSlot(s.slot),
        min: num(s.min),
        max: num(s.max),
      })),
      farm: row.has_farm ? { death_threshold: row.death_threshold } : undefined,
    };
  }

  async saveFarmSettings(farmId: string, deathThreshold: number | null): Promise<void> {
    await this.db
      .insertInto('farm_alert_settings')
      .values({ farm_id: farmId, death_threshold: deathThreshold, updated_at: sql`now()` })
      .onConflict((oc) =>
        oc.column('farm_id').doUpdateSet({ death_threshold: deathThreshold, updated_at: sql`now()` }),
      )
      .execute();
  }

  /**
   * Who an alert of a farm goes to and how it is worded, in one statement: the farm's live
   * members (with `withMembers`), the language of each of them and of `named` users, and the
   * names of `pondIds` (issue 32: three statements per evaluated write before).
   */
  async addressees(
    farmId: string,
    withMembers: boolean,
    named: string[],
    pondIds: string[],
  ): Promise<{ members: string[]; languages: Map<string, string>; ponds: Map<string, string> }> {
    const members = sql`select uf.user_id from user_farms uf
      where ${withMembers} and uf.farm_id = ${farmId || null} and uf.deleted_at is null`;
    const { rows } = await sql<{
      members: string[] | null;
      languages: Record<string, string> | null;
      ponds: Record<string, string> | null;
    }>`select
        (select json_agg(m.user_id) from (${members}) m) as members,
        (select json_object_agg(u.id, u.language) from users u
          where u.id = ${anyUuid(named)} or u.id in (${members})) as languages,
        (select json_object_agg(p.id, p.name) from ponds p where p.id = ${anyUuid(pondIds)}) as ponds`.execute(
      this.db,
    );
    const row = rows[0];
    return {
      members: row?.members ?? [],
      languages: new Map(Object.entries(row?.languages ?? {})),
      ponds: new Map(Object.entries(row?.ponds ?? {})),
    };
  }

  async now(): Promise<string> {
    const row = await sql<{ now: Date }>`select now() as now`.execute(this.db);
    return row.rows[0].now.toISOString();
  }
}
