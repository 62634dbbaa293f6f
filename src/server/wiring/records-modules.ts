import { PhotoRepository } from '../modules/photos/photos.repository.ts';
import { RecordsRepository } from '../modules/records/records.repository.ts';
import { RecordsService } from '../modules/records/records.service.ts';
import { RecordMerge } from '../sync/record-merge.ts';
import type { WiringDeps } from './wiring-deps.ts';

/** The daily pond records service (anco, water change, note, disease), spread into AppContext. */
export function createRecordsModules({ db, farmAccess, alerts }: WiringDeps) {
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
