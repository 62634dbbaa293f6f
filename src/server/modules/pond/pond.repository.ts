import { sql } from 'kysely';
import { CompiledOnce } from '../../db/compiled-once.ts';
import type { Db, DbOrTx } from '../../db/database.ts';
import { isoTime, jsonListQuery } from '../../kernel/json-list.ts';
import { softDeleted } from '../../kernel/soft-delete.ts';

export interface PondRow {
  id: string;
  farm_id: string;
  block_id: string;
  block_name: string;
  name: string;
  area: string;
  status: number;
  updated_at: Date;
  deleted_at: Date | null;
  version: number;
  conflicts: unknown;
}

function selectPonds(db: DbOrTx) {
  return db
    .selectFrom('ponds as p')
    .innerJoin('blocks as b', 'b.id', 'p.block_id')
    .select([
      'p.id',
      'p.farm_id',
      'p.block_id',
      'b.block_name',
      'p.name',
      'p.area',
      'p.status',
      'p.updated_at',
      'p.deleted_at',
      'p.version',
      'p.conflicts',
    ]);
}

/** What the caller may do on each pond: the ponds with a level of their own, and the rest's. */
export interface PondLevels {
  ids: string[];
  levels: number[];
  other: number;
}

/**
 * GET /pond's read, built and compiled once per shape (compiled-once.ts) and written as
 * JSON by PostgreSQL in the answer's form and order (json-list.ts, ADR 0092): names as a
 * person reads them (the `natural_name` collation, migration 0043), then id. The ids of
 * a restricted member and the per-pond levels go as array parameters, so the shape is kept.
 *
 * With the list comes its `tag`: a sum of hashes of each listed pond's and its block's row
 * version (`xmin`, new with every insert, update or delete, whoever wrote it). The caller
 * passes the tag of the list it kept; when it is still the same, PostgreSQL does not write
 * the list again (a CASE evaluates only its chosen branch) and answers null (ADR 0093).
 */
const PONDS_OF_FARM = new CompiledOnce(
  (
    db,
    farmId: string,
    after: Date | undefined,
    onlyIds: string[] | undefined,
    levelIds: string[],
    levels: number[],
    other: number,
    keptTag: string,
  ) => {
    const from = (db as Db).selectFrom('ponds as p').innerJoin('blocks as b', 'b.id', 'p.block_id');
    const listed = (q: typeof from) => {
      let r = q.where('p.farm_id', '=', farmId);
      r = after ? r.where('p.updated_at', '>', after) : r.where('p.deleted_at', 'is', null);
      return onlyIds ? r.where('p.id', '=', sql<string>`any(${onlyIds}::uuid[])`) : r;
    };
    const rows = listed(from)
      .select([
        'p.id as pond_id',
        'p.farm_id',
        'p.block_id',
        'b.block_name',
        'p.name',
        sql<number>`p.area::float8`.as('area'),
        'p.status',
        // Most callers (owners, managers) have no pond of their own level: no lookup per row.
        sql<number>`case when cardinality(${levelIds}::uuid[]) = 0 then ${other}::int
          else coalesce((select l.level from unnest(${levelIds}::uuid[], ${levels}::int[]) as l(id, level)
            where l.id = p.id), ${other}::int) end`.as('access_level'),
        isoTime('p.updated_at').as('updated_at'),
        isoTime('p.deleted_at').as('deleted_at'),
        'p.version',
        'p.conflicts',
      ])
      .orderBy(sql`p.name collate natural_name`)
      .orderBy('p.id');
    const tag = listed(from).select(
      sql<string>`coalesce(sum(hashtextextended(p.id::text || ':' || p.xmin::text || ':' || b.xmin::text, 0)), 0)::text`.as(
        'tag',
      ),
    );
    const list = jsonListQuery(db as Db, rows);
    return (db as Db)
      .selectFrom(tag.as('t'))
      .select([
        't.tag',
        sql<string | null>`case when t.tag = ${keptTag} then null else (${list}) end`.as('list'),
      ]);
  },
) as CompiledOnce<
  [string, Date | undefined, string[] | undefined, string[], number[], number, string],
  { tag: string; list: string | null }
>;

/** The pond lists this instance answered last, by farm and caller's view, with their tags. */
const KEPT_LISTS = 200;

/**
 * Kysely queries on ponds (with their block's name), and the last whole lists it answered
 * with their tags (`listJson`): kept here because only this query can tell they still hold.
 */
export class PondRepository {
  private readonly kept = new Map<string, { tag: string; list: string }>();

  constructor(private readonly db: Db) {}

  transaction<T>(fn: (tx: DbOrTx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  private select(db: DbOrTx = this.db) {
    return selectPonds(db);
  }

  /**
   * Live ponds of the farm, or with `after` every row changed since (deleted ones too), as
   * the JSON array of GET /pond's answer. `onlyIds` limits it to the ponds a restricted
   * member may see; `levels` says what the caller may do on each.
   */
  async listJson(farmId: string, after: Date | undefined, onlyIds: string[] | undefined, levels: PondLevels) {
    if (onlyIds?.length === 0) return '[]';
    // Only the whole list is kept (a pull of changes is small and differs every time).
    const key = after
      ? null
      : JSON.stringify([farmId, onlyIds ?? null, levels.ids, levels.levels, levels.other]);
    const kept = key ? this.kept.get(key) : undefined;
    const [row] = await PONDS_OF_FARM.execute(
      this.db,
      farmId,
      after,
      onlyIds,
      levels.ids,
      levels.levels,
      levels.other,
      kept?.tag ?? '',
    );
    if (!row) return '[]';
    if (row.list === null && kept) return kept.list;
    const list = row.list ?? '[]';
    if (key) {
      // Map order is insertion order: the first key is the one used longest ago.
      this.kept.delete(key);
      if (this.kept.size >= KEPT_LISTS) this.kept.delete(this.kept.keys().next().value as string);
      this.kept.set(key, { tag: row.tag, list });
    }
    return list;
  }

  /** Any pond by id, deleted or not: a replayed create must find its earlier copy. */
  findById(id: string, db: DbOrTx = this.db): Promise<PondRow | undefined> {
    return this.select(db).where('p.id', '=', id).executeTakeFirst();
  }

  findLiveBlock(blockId: string, db: DbOrTx = this.db) {
    return db
      .selectFrom('blocks')
      .select(['id', 'farm_id'])
      .where('id', '=', blockId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  /** Inserts unless the id exists (idempotent create); answers whether a row was added. */
  async insertIfAbsent(
    row: { id: string; farm_id: string; block_id: string; name: string; area: number },
    db: DbOrTx = this.db,
  ): Promise<boolean> {
    const res = await db
      .insertInto('ponds')
      .values(row)
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async update(
    id: string,
    patch: { name?: string; area?: number; block_id?: string; status?: number },
    db: DbOrTx = this.db,
  ): Promise<void> {
    await db
      .updateTable('ponds')
      .set({ ...patch, updated_at: sql`now()` })
      .where('id', '=', id)
      .execute();
  }

  async softDelete(id: string): Promise<void> {
    await this.db.updateTable('ponds').set(softDeleted()).where('id', '=', id).execute();
  }
}
