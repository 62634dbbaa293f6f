import { type Static, Type } from 'typebox';
import { Since, Uuid } from './envelope.ts';

/**
 * Photos of production records (issue 14; the pipeline is described in src/local/README.md,
 * "Photos"). A photo is made on the device (resized, kept as a Blob until uploaded) and
 * sent once as `POST /api/photos` (multipart: the fields below, then the file in `file`);
 * its device-made `id` is the idempotency key, so a replay stores nothing twice.
 *
 * A record type that takes photos adds itself here (its name and the API path of its
 * photo delete, `DELETE /api/<path>/photo/{id}/delete`) and to the server's
 * `modules/photos/photo-targets.ts` (its table and permission feature).
 */
export const PHOTO_RECORD_TYPES = {
  sampling: { path: 'sampling' },
  disease: { path: 'disease' },
  stock: { path: 'stock' },
} as const;
export type PhotoRecordType = keyof typeof PHOTO_RECORD_TYPES;
export const PHOTO_RECORD_TYPE_NAMES = Object.keys(PHOTO_RECORD_TYPES) as PhotoRecordType[];

/** The photo delete of a record type (seed 000 §7 names one per domain). */
export function photoDeleteUrl(recordType: string, id: string): string {
  const path = PHOTO_RECORD_TYPES[recordType as PhotoRecordType]?.path ?? recordType;
  return `/api/${path}/photo/${encodeURIComponent(id)}/delete`;
}

/** The long side of a photo after the device resized it; the server accepts any size up to the image limit. */
export const PHOTO_MAX_SIDE = 1600;

/** A stored photo as the API answers it; `url` loads without a session (capability URL). */
export const RecordPhoto = Type.Object({
  id: Type.String(),
  farm_id: Type.String(),
  pond_id: Type.Union([Type.String(), Type.Null()]),
  record_type: Type.String(),
  record_id: Type.String(),
  url: Type.String(),
  mime_type: Type.String(),
  width: Type.Union([Type.Integer(), Type.Null()]),
  height: Type.Union([Type.Integer(), Type.Null()]),
  created_by: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
  updated_at: Type.String(),
  deleted_at: Type.Union([Type.String(), Type.Null()]),
});
export type RecordPhoto = Static<typeof RecordPhoto>;

/**
 * The text fields of `POST /api/photos`, sent before the `file` part (multipart field
 * values are strings: width and height are decimal digits). Documented here; the route
 * reads them from the multipart body and validates them in the service.
 */
export const PhotoUploadFields = Type.Object({
  id: Uuid,
  record_type: Type.Union(PHOTO_RECORD_TYPE_NAMES.map((t) => Type.Literal(t))),
  record_id: Uuid,
  width: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,4}$' })),
  height: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,4}$' })),
});
export type PhotoUploadFields = Static<typeof PhotoUploadFields>;

/** `GET /api/photos`: a farm's photos (of the records the caller may see), changed after `since`. */
export const PhotoQuery = Type.Object({
  farm_id: Uuid,
  record_type: Type.Optional(Type.String({ maxLength: 40 })),
  record_id: Type.Optional(Uuid),
  since: Since,
});
export type PhotoQuery = Static<typeof PhotoQuery>;
