import type { Insertable, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import type { RecordPhotosTable } from '../../db/schema.ts';
import { softDeleted } from '../../kernel/soft-delete.ts';
import type { PhotoTarget } from './photo-targets.ts';

export type PhotoRow = Selectable<RecordPhotosTable>;

/** The part of a record a photo needs: where it belongs and who made it. */
export interface PhotoRecord {
  id: string;
  farm_id: string;
  /** null: a record of the whole farm (a note without a pond, a finance transaction). */
  pond_id: string | null;
  created_by: string | null;
  created_at: Date;
  deleted_at: Date | null;
}

export interface PhotoFilter {
  farmId: string;
  recordType: string;
  /** null: every pond of the farm. */
  pondIds: string[] | null;
  /** With `pondIds`: also the photos of records of the whole farm (no pond). */
  withFarmWide?: boolean;
  recordId?: string;
  changedAfter?: Date;
}

/** Kysely queries on record_photos (and the records they attach to); nothing else. */
export class PhotoRepository {
  constructor(private readonly db: DbOrTx) {}

  find(id: string, db: DbOrTx = this.db): Promise<PhotoRow | undefined> {
    return db.selectFrom('record_photos').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The record a photo attaches to, deleted ones included. */
  async record(target: PhotoTarget, id: string, db: DbOrTx = this.db): Promise<PhotoRecord | undefined> {
    if (target.table === 'finance_transactions') {
      const row = await db
        .selectFrom('finance_transactions')
        .select(['id', 'farm_id', 'created_by', 'created_at', 'deleted_at'])
        .where('id', '=', id)
        .executeTakeFirst();
      return row && { ...row, pond_id: null };
    }
    return db
      .selectFrom(target.table)
      .select(['id', 'farm_id', 'pond_id', 'created_by', 'created_at', 'deleted_at'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Inserts unless the id exists (a replay, or two uploads of one photo racing); true when inserted. */
  async insert(row: Insertable<RecordPhotosTable>, db: DbOrTx = this.db): Promise<boolean> {
    const inserted = await db
      .insertInto('record_photos')
      .values(row)
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  list(f: PhotoFilter, db: DbOrTx = this.db): Promise<PhotoRow[]> {
    let q = db
      .selectFrom('record_photos')
      .selectAll()
      .where('farm_id', '=', f.farmId)
      .where('record_type', '=', f.recordType);
    const pondIds = f.pondIds;
    if (pondIds)
      q = q.where((eb) =>
        f.withFarmWide
          ? eb.or([eb('pond_id', '=', sql<string>`any(${pondIds}::uuid[])`), eb('pond_id', 'is', null)])
          : eb('pond_id', '=', sql<string>`any(${pondIds}::uuid[])`),
      );
    if (f.recordId) q = q.where('record_id', '=', f.recordId);
    q = f.changedAfter ? q.where('updated_at', '>', f.changedAfter) : q.where('deleted_at', 'is', null);
    return q.orderBy('created_at').orderBy('id').execute();
  }

  softDelete(id: string, db: DbOrTx = this.db) {
    return db
      .updateTable('record_photos')
      .set(softDeleted())
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .execute();
  }

  /** Photos of records just deleted go with them (a deleted record shows no photos). */
  softDeleteOf(recordType: string, recordId: string, db: DbOrTx = this.db) {
    return db
      .updateTable('record_photos')
      .set(softDeleted())
      .where('record_type', '=', recordType)
      .where('record_id', '=', recordId)
      .where('deleted_at', 'is', null)
      .execute();
  }
}
