import { type Kysely, sql } from 'kysely';
import { MERGE_HEADERS } from '#shared/contracts/merge';
import {
  clampEditedAt,
  type FieldClock,
  type FieldConflict,
  type MergeResult,
  mergePatch,
  type PatchMeta,
} from '#shared/sync/field-merge';
import type { Db, DbOrTx } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { AppError, fieldError } from '../errors.ts';
import { Idempotency, idempotencyKeyOf } from '../idempotency.ts';

/** The record types devices edit offline (each has the columns of migration 0011). */
export type MergedTable =
  | 'farms'
  | 'blocks'
  | 'ponds'
  | 'cycles'
  | 'water_general'
  | 'water_chemical'
  | 'water_biological'
  | 'samplings'
  | 'stocks'
  | 'harvests'
  | 'deaths'
  | 'warehouse_items'
  | 'warehouse_movements'
  | 'anco_checks'
  | 'water_changes'
  | 'notes'
  | 'disease_records'
  | 'finance_accounts'
  | 'finance_categories'
  | 'finance_transactions'
  | 'comparison_templates';

export type Headers = Record<string, string | string[] | undefined>;

export interface MergeUpdate {
  table: MergedTable;
  id: string;
  userId: string;
  headers: Headers;
  /** The edit's fields in the API's shape (only those the device changed). */
  patch: Record<string, unknown>;
  /** The record's current values in the API's shape, read inside the locked transaction. */
  load: (tx: DbOrTx) => Promise<Record<string, unknown>>;
  /** Writes the winning changed fields (API shape) to the record's own columns. */
  write: (tx: DbOrTx, changes: Record<string, unknown>) => Promise<void>;
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.trim();

/** Merge headers of a request; absent ones mean a plain API edit (no collision detection). */
export function patchHeaders(headers: Headers): Pick<PatchMeta, 'baseVersion' | 'device'> & {
  editedAt?: string;
} {
  const rawBase = first(headers[MERGE_HEADERS.baseVersion]);
  let baseVersion: number | null = null;
  if (rawBase) {
    if (!/^\d{1,9}$/.test(rawBase)) throw fieldError(MERGE_HEADERS.baseVersion, 'validation.integer');
    baseVersion = Number(rawBase);
  }
  const device = first(headers[MERGE_HEADERS.device]) || null;
  if (device && device.length > 100)
    throw fieldError(MERGE_HEADERS.device, 'validation.maxLength', { max: 100 });
  return { baseVersion, device, editedAt: first(headers[MERGE_HEADERS.editedAt]) };
}

/**
 * The server's half of ADR 0002, shared by every service that updates a synced record:
 * locks the row, merges the edit per field with the shared `mergePatch`
 * (src/shared/sync/field-merge.ts), writes the winning fields, the version, the field
 * clocks, the open conflicts and the history in ONE transaction, and answers which
 * values of this edit lost. A replay of the same edit (same `Idempotency-Key`) gets the
 * first answer back and changes nothing, so it can never raise a false conflict.
 */
export class RecordMerge {
  private readonly idempotency: Idempotency;

  constructor(db: Db) {
    this.idempotency = new Idempotency(db);
  }

  async update(u: MergeUpdate): Promise<{ lost: FieldConflict[] }> {
    const headers = patchHeaders(u.headers);
    const key = idempotencyKeyOf(u.headers);
    const answer = await this.idempotency.run(u.userId, key, `patch:${u.table}:${u.id}`, async (tx) => {
      const q = tx as Kysely<Database>;
      const locked = await sql<{ version: number; field_clock: unknown; conflicts: unknown; now: Date }>`
        select version, field_clock, conflicts, now() as now from ${sql.table(u.table)}
        where id = ${u.id} and deleted_at is null for update`.execute(tx);
      const row = locked.rows[0];
      if (!row) throw new AppError('not-found');
      const user = await q
        .selectFrom('users')
        .select('username')
        .where('id', '=', u.userId)
        .executeTakeFirst();
      const meta: PatchMeta = {
        baseVersion: headers.baseVersion,
        device: headers.device,
        editedAt: clampEditedAt(headers.editedAt, new Date(row.now)),
        userId: u.userId,
        userName: user?.username ?? null,
      };
      const result: MergeResult = mergePatch(
        {
          values: await u.load(tx),
          version: row.version,
          clocks: (row.field_clock ?? {}) as Record<string, FieldClock>,
          conflicts: (row.conflicts ?? []) as FieldConflict[],
        },
        u.patch,
        meta,
      );
      if (result.changed) {
        if (Object.keys(result.changes).length > 0) await u.write(tx, result.changes);
        await sql`update ${sql.table(u.table)} set version = ${result.version},
          field_clock = ${JSON.stringify(result.clocks)}::jsonb,
          conflicts = ${JSON.stringify(result.conflicts)}::jsonb, updated_at = now()
          where id = ${u.id}`.execute(tx);
        await q
          .insertInto('record_history')
          .values(
            result.history.map((h) => ({
              table_name: u.table,
              record_id: u.id,
              version: h.version,
              field: h.field,
              old_value: JSON.stringify(h.old_value ?? null),
              new_value: JSON.stringify(h.new_value ?? null),
              lost: h.lost,
              changed_by: h.author.by,
              device_id: h.author.device,
              edited_at: h.author.edited_at,
            })),
          )
          .execute();
      }
      return { status: 200, body: { lost: result.lost } };
    });
    return answer.body;
  }
}

/** The merge columns as the API shows them (every merged record type answers these). */
export function mergeFieldsOf(row: { version?: unknown; conflicts?: unknown }): {
  version: number;
  conflicts: FieldConflict[];
} {
  return {
    version: typeof row.version === 'number' ? row.version : 1,
    conflicts: Array.isArray(row.conflicts) ? (row.conflicts as FieldConflict[]) : [],
  };
}
