import { CompiledQuery, type Kysely, sql } from 'kysely';
import type { WaterKind } from '#shared/contracts/water';
import type { DbOrTx } from '../../db/database.ts';
import type { Database, MergeColumns, WaterReadingColumns } from '../../db/schema.ts';
import { softDeleted } from '../../kernel/soft-delete.ts';
import { type ArrayElement, arrayLiteral } from './array-literal.ts';
import { UpsertBatcher } from './upsert-batcher.ts';
import { valueFields } from './water-values.ts';

/** A reading row as pg returns it: value columns as numeric strings / smallints or NULL. */
export type ReadingRow = {
  [K in Exclude<keyof WaterReadingColumns, keyof MergeColumns>]: K extends
    | 'created_at'
    | 'updated_at'
    | 'measured_at'
    ? Date
    : K extends 'deleted_at' | 'slot_kept_at'
      ? Date | null
      : WaterReadingColumns[K];
} & { version: number; field_clock: unknown; conflicts: unknown } & Record<string, unknown>;

export interface ReadingInsert {
  id: string;
  farm_id: string;
  pond_id: string;
  cycle_id: string | null;
  measured_at: Date;
  utc_offset: number;
  time_of_day: string;
  created_by: string;
  [value: string]: unknown;
}

export interface ReadingFilter {
  farmId: string;
  /** null: all ponds of the farm. */
  pondIds: string[] | null;
  pondId?: string;
  cycleId?: string;
  from?: Date;
  before?: Date;
  changedAfter?: Date;
}

/**
 * The three reading tables share their common columns and differ only in value columns,
 * so one repository serves them all. Kysely cannot type a table chosen at run time:
 * queries are typed against `water_general` for the common columns (identical in the
 * three tables) and value columns go through as plain records.
 */
type Table = 'water_general';
const tableOf = (kind: WaterKind) => `water_${kind}` as Table;

const upsertTexts = new Map<WaterKind, string>();

/** The columns a bulk write sends, one array each, in parameter order; then the values. */
const SENT = [
  'id',
  'farm_id',
  'pond_id',
  'created_by',
  'cycle_id',
  'measured_ms',
  'utc_offset',
  'time_of_day',
];
const SENT_TYPES = ['uuid', 'uuid', 'uuid', 'uuid', 'uuid', 'int8', 'int2', 'text'];

/**
 * The bulk upsert's text for a kind, built and compiled once. Its parameters: one array
 * literal per column (`SENT`, then the kind's value columns as numeric; an INSERT casts
 * them to the column's type), then the ids of the rows whose existing copy another author
 * may overwrite. The instant goes as epoch milliseconds, added to the epoch exactly.
 *
 * Issue 32: Kysely built the same text on every request (a tenth of the bulk route's
 * server time under load); the rows as one JSON text (ADR 0083) cost PostgreSQL a fifth
 * more than these arrays, parsing every object into a hash table (ADR 0113).
 */
function upsertText(kind: WaterKind, db: Kysely<Database>): string {
  const known = upsertTexts.get(kind);
  if (known) return known;
  const table = sql.table(tableOf(kind));
  const values = valueFields(kind);
  const overwrite = ['cycle_id', 'measured_at', 'utc_offset', 'time_of_day', ...values];
  const columns = sql.join(['id', 'farm_id', 'pond_id', 'created_by', ...overwrite].map((c) => sql.ref(c)));
  const fromArrays = sql.join(
    [...SENT_TYPES, ...values.map(() => 'numeric')].map((type) => sql`${'{}'}::${sql.raw(type)}[]`),
  );
  const u = (c: string) => sql.ref(`u.${c}`);
  const picked = sql.join([
    ...['id', 'farm_id', 'pond_id', 'created_by', 'cycle_id'].map(u),
    sql`timestamptz 'epoch' + ${u('measured_ms')} * interval '1 millisecond'`,
    ...['utc_offset', 'time_of_day', ...values].map(u),
  ]);
  const named = sql.join([...SENT, ...values].map((c) => sql.ref(c)));
  const set = sql.join(overwrite.map((c) => sql`${sql.ref(c)} = ${sql.ref(`excluded.${c}`)}`));
  const own = (c: string) => sql.ref(`${tableOf(kind)}.${c}`);
  const text = sql`insert into ${table} (${columns})
      select ${picked} from unnest(${fromArrays}) as u(${named})
      on conflict (id) do update set ${set}, updated_at = now()
      where ${own('farm_id')} = excluded.farm_id
        and ${own('pond_id')} = excluded.pond_id
        and ${own('deleted_at')} is null
        and (${own('created_by')} = excluded.created_by
          or excluded.id = any(${'{}'}::uuid[]))
      returning id`.compile(db).sql;
  upsertTexts.set(kind, text);
  return text;
}

/** The statement's parameters for rows already in id order (see `upsertText`). */
function upsertParams(kind: WaterKind, rows: ReadingInsert[], overwritable: string[]): string[] {
  const column = (pick: (r: ReadingInsert) => ArrayElement) => arrayLiteral(rows.map(pick));
  return [
    column((r) => r.id),
    column((r) => r.farm_id),
    column((r) => r.pond_id),
    column((r) => r.created_by),
    column((r) => r.cycle_id),
    column((r) => r.measured_at.getTime()),
    column((r) => r.utc_offset),
    column((r) => r.time_of_day),
    ...valueFields(kind).map((field) => column((r) => (r[field] ?? null) as ArrayElement)),
    arrayLiteral(overwritable),
  ];
}

/**
 * Statements of one kind's bulk writes running at once; the writes that come meanwhile wait
 * and go together (UpsertBatcher). Two keeps a statement running while the server answers
 * the last one; one left the database idle between statements, and three or four made
 * batches smaller without more throughput (bulk-only `npm run load`, ADR 0108).
 */
const WRITES_IN_FLIGHT = 2;
/**
 * The most rows a statement of several requests carries; a request of more (the route takes
 * up to BULK_MAX_ITEMS, 1,000) goes alone.
 */
const BATCH_ROWS = 1_000;

export class WaterRepository {
  private readonly batchers = new Map<WaterKind, UpsertBatcher<ReadingInsert>>();

  constructor(private readonly db: DbOrTx) {}

  private batcher(kind: WaterKind): UpsertBatcher<ReadingInsert> {
    let b = this.batchers.get(kind);
    if (!b) {
      b = new UpsertBatcher(
        (rows, overwritable) => this.write(kind, rows, overwritable, this.db),
        WRITES_IN_FLIGHT,
        BATCH_ROWS,
      );
      this.batchers.set(kind, b);
    }
    return b;
  }

  private q(db: DbOrTx) {
    return db as Kysely<Database>;
  }

  /**
   * Live ponds by id with their farm and their active cycle (null when none): where each
   * bulk item belongs and the cycle it is labelled with, in one round trip. A pond has at
   * most one active cycle (the cycles' partial unique index).
   */
  pondFarms(pondIds: string[], db: DbOrTx = this.db) {
    if (pondIds.length === 0) return Promise.resolve([]);
    return this.q(db)
      .selectFrom('ponds')
      .select((eb) => [
        'ponds.id',
        'ponds.farm_id',
        eb
          .selectFrom('cycles')
          .select('cycles.id')
          .whereRef('cycles.pond_id', '=', 'ponds.id')
          .where('cycles.end_date', 'is', null)
          .where('cycles.deleted_at', 'is', null)
          .as('active_cycle_id'),
      ])
      .where('ponds.id', '=', sql<string>`any(${pondIds}::uuid[])`)
      .where('ponds.deleted_at', 'is', null)
      .execute();
  }

  /**
   * One INSERT … ON CONFLICT (id) DO UPDATE for the whole batch. An existing row is
   * overwritten only if it is live, in the same farm and pond, and the caller created it or
   * may edit its pond (`editablePondIds`); otherwise it is left alone and its id is missing
   * from the answer. Returns the ids written.
   *
   * The rows go as one array per column read back with `unnest` (ADR 0113; one JSON text
   * before, ADR 0083), not as a VALUES list of one parameter per cell: the text is the same
   * for every batch size, so it stays one prepared statement, and a batch of 50 general
   * readings binds 19 parameters instead of 900 (issue 32: building, sending and planning
   * those was most of a bulk's cost).
   *
   * On the pool (not inside a caller's transaction), bulk writes that arrive while two
   * such statements run go together in the next one, one statement and one commit for
   * several requests (UpsertBatcher); each caller still gets only its own ids.
   */
  async upsert(
    kind: WaterKind,
    rows: ReadingInsert[],
    editablePondIds: string[],
    db: DbOrTx = this.db,
  ): Promise<Set<string>> {
    if (rows.length === 0) return new Set();
    const editable = new Set(editablePondIds);
    const overwritable = rows.filter((r) => editable.has(r.pond_id)).map((r) => r.id);
    if (db !== this.db) return this.write(kind, rows, overwritable, db);
    return this.batcher(kind).submit({ rows, overwritable });
  }

  /**
   * The statement itself. Its rows go in id order: two statements running at once that
   * share ids (a phone's replay of writes still in flight) then lock them in the same
   * order and wait for each other instead of deadlocking.
   */
  private async write(kind: WaterKind, rows: ReadingInsert[], overwritable: string[], db: DbOrTx) {
    const ordered = rows.toSorted((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const written = await this.q(db).executeQuery<{ id: string }>(
      CompiledQuery.raw(upsertText(kind, this.q(db)), upsertParams(kind, ordered, overwritable)),
    );
    return new Set(written.rows.map((r) => r.id));
  }

  /** Existing rows by id, deleted included: why an upsert left a row alone. */
  existing(kind: WaterKind, ids: string[], db: DbOrTx = this.db) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.q(db)
      .selectFrom(tableOf(kind))
      .select(['id', 'farm_id', 'pond_id', 'created_by', 'deleted_at'])
      .where('id', '=', sql<string>`any(${ids}::uuid[])`)
      .execute();
  }

  list(kind: WaterKind, f: ReadingFilter, db: DbOrTx = this.db): Promise<ReadingRow[]> {
    let q = this.q(db).selectFrom(tableOf(kind)).selectAll().where('farm_id', '=', f.farmId);
    if (f.pondIds) q = q.where('pond_id', '=', sql<string>`any(${f.pondIds}::uuid[])`);
    if (f.pondId) q = q.where('pond_id', '=', f.pondId);
    if (f.cycleId) q = q.where('cycle_id', '=', f.cycleId);
    if (f.from) q = q.where('measured_at', '>=', f.from);
    if (f.before) q = q.where('measured_at', '<', f.before);
    q = f.changedAfter ? q.where('updated_at', '>', f.changedAfter) : q.where('deleted_at', 'is', null);
    return q.orderBy('measured_at').orderBy('id').execute() as Promise<ReadingRow[]>;
  }

  /** Deleted ones too. */
  findById(kind: WaterKind, id: string, db: DbOrTx = this.db): Promise<ReadingRow | undefined> {
    return this.q(db)
      .selectFrom(tableOf(kind))
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst() as Promise<ReadingRow | undefined>;
  }

  update(
    kind: WaterKind,
    id: string,
    patch: Record<string, unknown>,
    db: DbOrTx = this.db,
  ): Promise<ReadingRow | undefined> {
    return this.q(db)
      .updateTable(tableOf(kind))
      .set({ ...patch, updated_at: sql`now()` } as never)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .returningAll()
      .executeTakeFirst() as Promise<ReadingRow | undefined>;
  }

  /** Live readings by id (a deleted one is missing from the answer). */
  findLive(kind: WaterKind, ids: readonly string[], db: DbOrTx = this.db): Promise<ReadingRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.q(db)
      .selectFrom(tableOf(kind))
      .selectAll()
      .where('id', '=', sql<string>`any(${ids}::uuid[])`)
      .where('deleted_at', 'is', null)
      .execute() as Promise<ReadingRow[]>;
  }

  /**
   * "Keep both" (ADR 0063): marks the readings kept in their slot; one already kept keeps
   * its first time (a replayed decision changes nothing). `updated_at` moves so devices
   * pull the decision.
   */
  async keepInSlot(kind: WaterKind, ids: readonly string[], db: DbOrTx = this.db): Promise<void> {
    await this.q(db)
      .updateTable(tableOf(kind))
      .set({ slot_kept_at: sql`now()`, updated_at: sql`now()` } as never)
      .where('id', '=', sql<string>`any(${ids}::uuid[])`)
      .where('deleted_at', 'is', null)
      .where('slot_kept_at' as never, 'is', null)
      .execute();
  }

  softDelete(kind: WaterKind, id: string, db: DbOrTx = this.db) {
    return this.q(db)
      .updateTable(tableOf(kind))
      .set(softDeleted())
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .execute();
  }
}
