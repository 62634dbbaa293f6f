import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';

export interface EmbedTokenRow {
  id: string;
  farm_id: string;
  screens: string[];
  label: string | null;
  created_by: string;
  created_by_name: string;
  created_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  last_used_at: Date | null;
}

/** The token a request carries, as the auth layer needs it. */
export interface LiveEmbedToken {
  id: string;
  farm_id: string;
  screens: string[];
  created_by: string;
  expires_at: Date;
  revoked_at: Date | null;
  last_used_at: Date | null;
}

/** Embed tokens (migration 0035): Kysely only. */
export class EmbedRepository {
  constructor(private readonly db: DbOrTx) {}

  async insert(row: {
    id: string;
    farm_id: string;
    screens: string[];
    label: string | null;
    token_hash: string;
    created_by: string;
    expires_at: Date;
  }): Promise<void> {
    await this.db
      .insertInto('embed_tokens')
      .values({ ...row, screens: sql<string[]>`${row.screens}::text[]` as never })
      .execute();
  }

  private rows(db: DbOrTx = this.db) {
    return db
      .selectFrom('embed_tokens as e')
      .innerJoin('users as u', 'u.id', 'e.created_by')
      .select([
        'e.id',
        'e.farm_id',
        'e.screens',
        'e.label',
        'e.created_by',
        'u.username as created_by_name',
        'e.created_at',
        'e.expires_at',
        'e.revoked_at',
        'e.last_used_at',
      ]);
  }

  one(id: string): Promise<EmbedTokenRow | undefined> {
    return this.rows().where('e.id', '=', id).executeTakeFirst();
  }

  /** A farm's links, newest first (at most 200: a farm shares a few). */
  list(farmId: string): Promise<EmbedTokenRow[]> {
    return this.rows().where('e.farm_id', '=', farmId).orderBy('e.created_at', 'desc').limit(200).execute();
  }

  async revoke(id: string, by: string): Promise<void> {
    await this.db
      .updateTable('embed_tokens')
      .set({ revoked_at: sql`now()` as never, revoked_by: by })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
  }

  byHash(hash: string): Promise<LiveEmbedToken | undefined> {
    return this.db
      .selectFrom('embed_tokens')
      .select(['id', 'farm_id', 'screens', 'created_by', 'expires_at', 'revoked_at', 'last_used_at'])
      .where('token_hash', '=', hash)
      .executeTakeFirst();
  }

  async touch(id: string): Promise<void> {
    await this.db
      .updateTable('embed_tokens')
      .set({ last_used_at: sql`now()` as never })
      .where('id', '=', id)
      .execute();
  }

  /** The farm of a report (an embed token's `report` scope). */
  async reportFarm(reportId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('reports')
      .select('farm_id')
      .where('id', '=', reportId)
      .executeTakeFirst();
    return row?.farm_id;
  }
}
