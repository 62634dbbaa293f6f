import { sql } from 'kysely';
import type { Db, DbOrTx } from '../../db/database.ts';

export interface ErrorEventRow {
  fingerprint: string;
  kind: string;
  name: string;
  message: string;
  frames: unknown[];
  release: string;
  device_id: string;
  route: string;
  user_agent: string;
  count: number;
  first_seen: Date;
  last_seen: Date;
}

export interface ErrorGroupRow {
  fingerprint: string;
  kind: string;
  name: string;
  message: string;
  frames: unknown;
  count: string;
  devices: string;
  first_seen: Date;
  last_seen: Date;
  last_release: string;
  last_route: string;
  last_user_agent: string;
}

export interface ReleaseRow {
  release: string;
  sessions: string;
  crashed: string;
  last_seen: Date;
}

/** Error groups, their sightings per device and release, sessions and the sample rate (migration 0038): Kysely only. */
export class ErrorsRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (tx: DbOrTx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  /**
   * A report's sightings, one per fingerprint (the caller merges repeats: one statement may
   * not touch a row twice), in two statements: the groups (first frames kept) and their
   * device and release. Rows in fingerprint order, so concurrent reports lock alike.
   */
  async addEvents(rows: ErrorEventRow[], db: DbOrTx = this.db): Promise<void> {
    if (rows.length === 0) return;
    await db
      .insertInto('error_groups')
      .values(
        rows.map((e) => ({
          fingerprint: e.fingerprint,
          kind: e.kind,
          name: e.name,
          message: e.message,
          frames: JSON.stringify(e.frames),
          count: e.count,
          first_seen: e.first_seen,
          last_seen: e.last_seen,
          last_release: e.release,
          last_route: e.route,
          last_user_agent: e.user_agent,
        })),
      )
      .onConflict((oc) =>
        oc.column('fingerprint').doUpdateSet({
          count: sql`error_groups.count + excluded.count`,
          first_seen: sql`least(error_groups.first_seen, excluded.first_seen)`,
          last_seen: sql`greatest(error_groups.last_seen, excluded.last_seen)`,
          last_release: sql`CASE WHEN excluded.last_seen >= error_groups.last_seen THEN excluded.last_release ELSE error_groups.last_release END`,
          last_route: sql`CASE WHEN excluded.last_seen >= error_groups.last_seen THEN excluded.last_route ELSE error_groups.last_route END`,
          last_user_agent: sql`CASE WHEN excluded.last_seen >= error_groups.last_seen THEN excluded.last_user_agent ELSE error_groups.last_user_agent END`,
        }),
      )
      .execute();
    await db
      .insertInto('error_events')
      .values(
        rows.map((e) => ({
          fingerprint: e.fingerprint,
          release: e.release,
          device_id: e.device_id,
          route: e.route,
          user_agent: e.user_agent,
          count: e.count,
          first_seen: e.first_seen,
          last_seen: e.last_seen,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['fingerprint', 'release', 'device_id']).doUpdateSet({
          count: sql`error_events.count + excluded.count`,
          first_seen: sql`least(error_events.first_seen, excluded.first_seen)`,
          last_seen: sql`greatest(error_events.last_seen, excluded.last_seen)`,
          route: sql`excluded.route`,
          user_agent: sql`excluded.user_agent`,
        }),
      )
      .execute();
  }

  /** App starts; a replayed report stores each session once. */
  async addSessions(
    rows: { session_id: string; device_id: string; release: string; started_at: Date; errored: boolean }[],
    db: DbOrTx = this.db,
  ): Promise<void> {
    if (rows.length === 0) return;
    await db
      .insertInto('error_sessions')
      .values(rows)
      .onConflict((oc) =>
        oc.column('session_id').doUpdateSet({ errored: sql`error_sessions.errored OR excluded.errored` }),
      )
      .execute();
  }

  /** The groups seen last first, with how many devices saw each. */
  groups(limit: number): Promise<ErrorGroupRow[]> {
    return this.db
      .selectFrom('error_groups as g')
      .select([
        'g.fingerprint',
        'g.kind',
        'g.name',
        'g.message',
        'g.frames',
        'g.count',
        'g.first_seen',
        'g.last_seen',
        'g.last_release',
        'g.last_route',
        'g.last_user_agent',
        (eb) =>
          eb
            .selectFrom('error_events as e')
            .select(sql<string>`count(DISTINCT e.device_id)`.as('n'))
            .whereRef('e.fingerprint', '=', 'g.fingerprint')
            .as('devices'),
      ])
      .orderBy('g.last_seen', 'desc')
      .limit(limit)
      .execute() as Promise<ErrorGroupRow[]>;
  }

  /** Sessions and sessions with an error per release, the newest releases first. */
  releases(limit: number): Promise<ReleaseRow[]> {
    return this.db
      .selectFrom('error_sessions')
      .select([
        'release',
        sql<string>`count(*)`.as('sessions'),
        sql<string>`count(*) FILTER (WHERE errored)`.as('crashed'),
        sql<Date>`max(started_at)`.as('last_seen'),
      ])
      .groupBy('release')
      .orderBy(sql`max(started_at)`, 'desc')
      .limit(limit)
      .execute();
  }

  async sampleRate(): Promise<number | undefined> {
    const row = await this.db.selectFrom('error_settings').select('sample_rate').executeTakeFirst();
    return row?.sample_rate;
  }

  async setSampleRate(rate: number, by: string): Promise<void> {
    await this.db
      .insertInto('error_settings')
      .values({ id: 1, sample_rate: rate, updated_by: by })
      .onConflict((oc) =>
        oc.column('id').doUpdateSet({ sample_rate: rate, updated_by: by, updated_at: sql`now()` as never }),
      )
      .execute();
  }
}
