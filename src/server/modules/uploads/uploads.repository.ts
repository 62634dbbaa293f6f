import type { Insertable, Selectable } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import type { UploadsTable } from '../../db/schema.ts';

export type UploadRow = Selectable<UploadsTable>;

/** Kysely queries on uploads; nothing else. */
export class UploadRepository {
  constructor(private readonly db: DbOrTx) {}

  async insert(row: Insertable<UploadsTable>, db: DbOrTx = this.db): Promise<void> {
    await db.insertInto('uploads').values(row).execute();
  }

  find(id: string, db: DbOrTx = this.db): Promise<UploadRow | undefined> {
    return db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async remove(id: string, db: DbOrTx = this.db): Promise<void> {
    await db.deleteFrom('uploads').where('id', '=', id).execute();
  }
}
