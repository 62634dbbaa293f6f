import { type Clock, systemClock } from '#local/clock';
import { getDb, type Local, type ServerRecord, type TambakDb } from '#local/db';
import { deleteRecord, saveRecords, updateRecord } from '#local/outbox';
import type { ResourceDescriptor } from '#local/resources';
import { visible } from '#local/visible';

export { visible };

/**
 * What a feature holds for one record type: writes that queue their upload atomically,
 * and reads that hide local deletions. Reads are plain promises; a screen reads them with
 * `useLiveMirror` (src/components/use-live-mirror.ts) to re-render on every change, sync included.
 */
export interface Repository<T extends ServerRecord> {
  /** Saves new records (ids made on the device when absent); returns their outbox entry ids. */
  create(records: Partial<T>[]): Promise<string[]>;
  update(id: string, changes: Partial<T>): Promise<void>;
  remove(id: string): Promise<void>;
  get(id: string): Promise<Local<T> | undefined>;
  /** Rows of one farm (farm-scoped tables index farm_id), local deletions hidden. */
  listByFarm(farmId: string): Promise<Local<T>[]>;
}

export function createRepository<T extends ServerRecord>(
  resource: ResourceDescriptor,
  db: TambakDb = getDb(),
  clock: Clock = systemClock,
): Repository<T> {
  const table = () => db.mirror(resource.table);
  return {
    create: (records) => saveRecords(db, resource, records as ServerRecord[], clock),
    update: (id, changes) => updateRecord(db, resource, id, changes as ServerRecord, clock),
    remove: (id) => deleteRecord(db, resource, id, clock),
    async get(id) {
      const row = await table().get(id);
      return row && !row._deleted ? (row as Local<T>) : undefined;
    },
    async listByFarm(farmId) {
      const rows = await table().where('farm_id').equals(farmId).toArray();
      return visible(rows) as Local<T>[];
    },
  };
}
