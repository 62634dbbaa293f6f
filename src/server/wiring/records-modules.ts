import type { Db } from '../db/database.ts';
import type { AlertPort } from '../kernel/alert-port.ts';
import type { FarmAccess } from '../kernel/farm-access.ts';
import { PhotoRepository } from '../modules/photos/photos.repository.ts';
import { RecordsRepository } from '../modules/records/records.repository.ts';
import { RecordsService } from '../modules/records/records.service.ts';
import { RecordMerge } from '../sync/record-merge.ts';

/** The daily pond records service (anco, water change, note, disease), spread into AppContext. */
export function createRecordsModules({
  db,
  farmAccess,
  alerts,
}: {
  db: Db;
  farmAccess: FarmAccess;
  alerts: AlertPort;
}) {
  return {
    records: new RecordsService({
      records: new RecordsRepository(db),
      photos: new PhotoRepository(db),
      access: farmAccess,
      merge: new RecordMerge(db),
      alerts,
    }),
  };
}
