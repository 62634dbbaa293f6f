import type { Db } from '../../db/database.ts';
import { RecordMerge } from '../../sync/record-merge.ts';
import type { FarmAccess } from '../farm/farm-access.ts';
import { PhotoRepository } from '../photos/photos.repository.ts';
import { RecordsRepository } from './records.repository.ts';
import { RecordsService } from './records.service.ts';

/** The daily pond records service (anco, water change, note, disease), spread into AppContext. */
export function createRecordsModules({ db, farmAccess }: { db: Db; farmAccess: FarmAccess }) {
  return {
    records: new RecordsService({
      records: new RecordsRepository(db),
      photos: new PhotoRepository(db),
      access: farmAccess,
      merge: new RecordMerge(db),
    }),
  };
}
