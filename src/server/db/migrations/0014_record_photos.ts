import { type Kysely, sql } from 'kysely';

/**
 * Photos attached to production records (issue 14): a sampling's photos now; notes,
 * disease, the stocking's seed photo and finance receipts use the same table later.
 * - `id` is made on the device (UUIDv7) and is the idempotency key of the upload: a
 *   replayed upload finds the row and stores nothing twice (src/server/modules/photos).
 * - `record_type` names the record table through the server's target list
 *   (photo-targets.ts); `record_id` is that record's id. No foreign key: one column points
 *   into several tables; the service checks the record exists and may be changed.
 * - `upload_id` is the stored file (uploads, migration 0007); the file's URL is derived.
 * - `pond_id` is copied from the record (NULL for farm-level records) so lists can hide
 *   photos of ponds a restricted role does not see without joining every record table.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run on any schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE record_photos (
      id uuid PRIMARY KEY,
      farm_id uuid NOT NULL REFERENCES farms(id),
      pond_id uuid REFERENCES ponds(id),
      record_type text NOT NULL CHECK (record_type ~ '^[a-z_]{1,40}$'),
      record_id uuid NOT NULL,
      upload_id text NOT NULL REFERENCES uploads(id),
      mime_type text NOT NULL,
      width integer CHECK (width IS NULL OR width BETWEEN 1 AND 20000),
      height integer CHECK (height IS NULL OR height BETWEEN 1 AND 20000),
      created_by uuid REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz
    );
    CREATE INDEX record_photos_record_idx ON record_photos(record_type, record_id);
    CREATE INDEX record_photos_farm_changed_idx ON record_photos(farm_id, updated_at);
  `.execute(db);
}
