import { type Clock, systemClock } from '#local/clock';
import type { Local, OutboxEntry, PhotoRow, ServerRecord, TambakDb } from '#local/db';
import { newId } from '#local/ids';
import { deleteRecord, saveRecords, saveRecordsNow } from '#local/outbox';
import { PHOTOS, type ResourceDescriptor } from '#local/resources';
import { withRoom } from '#local/storage-keep';
import { visible } from '#local/visible';

/**
 * Photos of records, for every record type (README "Photos"). A photo is a synced record
 * of the `photos` store whose create is its upload: the resized Blob is stored in the row
 * and in its outbox entry, the drain sends it as multipart `POST /api/photos` (FIFO,
 * after the record it belongs to), with the generic retry and backoff, or the service
 * worker keeps and replays it when the network fails. The server upserts by the photo's
 * device-made id, so a replay stores it once. Its answer fills `url`; from then on the
 * photo shows from the server. Until then the Blob is shown, and it is never dropped
 * before the server confirmed the upload (a pull replaces a synced row by the server's).
 */

export interface NewPhoto {
  id?: string;
  blob: Blob;
  width: number;
  height: number;
}

export interface PhotoTarget {
  farmId: string;
  recordType: string;
  recordId: string;
  pondId?: string | null;
}

export type PhotoStatus = 'pending' | 'uploading' | 'uploaded' | 'failed';

/** A photo as screens show it. */
export interface PhotoView {
  id: string;
  status: PhotoStatus;
  /** The server's URL once uploaded. */
  url: string | null;
  /** The image kept on the device until uploaded. */
  blob?: Blob;
  width: number | null;
  height: number | null;
  attempts: number;
  error?: string;
}

/** The rows of new photos of one record, ready for `saveRecords(PHOTOS, …)`. */
export function photoRows(
  target: PhotoTarget,
  photos: NewPhoto[],
  clock: Clock = systemClock,
): ServerRecord[] {
  const now = new Date(clock.now()).toISOString();
  return photos.map((p) => ({
    id: p.id ?? newId(),
    farm_id: target.farmId,
    pond_id: target.pondId ?? null,
    record_type: target.recordType,
    record_id: target.recordId,
    url: null,
    mime_type: p.blob.type || 'image/jpeg',
    width: p.width,
    height: p.height,
    created_by: null,
    created_at: now,
    updated_at: now,
    deleted_at: null,
    blob: p.blob,
  }));
}

/** Adds photos to a record already saved on the device (its create, if queued, goes first). */
export async function addPhotos(
  db: TambakDb,
  target: PhotoTarget,
  photos: NewPhoto[],
  clock: Clock = systemClock,
): Promise<string[]> {
  return saveRecords(db, PHOTOS, photoRows(target, photos, clock), clock);
}

/**
 * Saves records and their photos in ONE transaction: the "saved" the keeper sees covers
 * the photos too, and the records' entries come first in the outbox.
 */
export async function saveRecordsWithPhotos(
  db: TambakDb,
  resource: ResourceDescriptor,
  records: ServerRecord[],
  photos: { target: PhotoTarget; photos: NewPhoto[] }[],
  clock: Clock = systemClock,
): Promise<void> {
  const rows = photos.flatMap((p) => photoRows(p.target, p.photos, clock));
  await withRoom(db, () =>
    db.transaction('rw', [db.mirror(resource.table), db.photos, db.outbox], async () => {
      await saveRecordsNow(db, resource, records, clock);
      if (rows.length > 0) await saveRecordsNow(db, PHOTOS, rows, clock);
    }),
  );
}

/** Removes a photo: at once if it never reached the server, otherwise through the outbox. */
export function removePhoto(db: TambakDb, id: string, clock: Clock = systemClock): Promise<void> {
  return deleteRecord(db, PHOTOS, id, clock);
}

export function photoStatus(row: Local<PhotoRow>, entry: OutboxEntry | undefined): PhotoStatus {
  if (row._status === 'failed' || entry?.status === 'failed') return 'failed';
  if (row._status === 'synced' && row.url) return 'uploaded';
  if (entry?.status === 'sending') return 'uploading';
  return 'pending';
}

/** The visible photos of some records of one type, oldest first, with their upload state. */
export async function photosOf(
  db: TambakDb,
  recordType: string,
  recordIds: string[],
): Promise<Map<string, PhotoView[]>> {
  const rows = visible(
    await db.photos
      .where('[record_type+record_id]')
      .anyOf(recordIds.map((id) => [recordType, id]))
      .toArray(),
  ) as Local<PhotoRow>[];
  rows.sort((a, b) => (a.id < b.id ? -1 : 1));
  const entries = await db.outbox.bulkGet(rows.map((r) => r._outboxId ?? ''));
  const out = new Map<string, PhotoView[]>(recordIds.map((id) => [id, []]));
  rows.forEach((row, i) => {
    const entry = entries[i];
    out.get(row.record_id)?.push({
      id: row.id,
      status: photoStatus(row, entry),
      url: row.url,
      blob: row.blob,
      width: row.width,
      height: row.height,
      attempts: entry?.attempts ?? 0,
      error: row._error?.message ?? entry?.lastError?.message,
    });
  });
  return out;
}
