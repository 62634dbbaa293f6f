import { type Static, Type } from 'typebox';
import { PHOTO_RECORD_TYPE_NAMES } from '../domain/photo-targets.ts';
import { Since, Uuid } from './envelope.ts';

/**
 * Photos of production records (issue 14; the pipeline is described in src/local/README.md,
 * "Photos"). A photo is made on the device (resized, kept as a Blob until uploaded) and
 * sent once as `POST /api/photos` (multipart: the fields below, then the file in `file`);
 * its device-made `id` is the idempotency key, so a replay stores nothing twice.
 *
 * The record types that take photos are listed in src/shared/domain/photo-targets.ts.
 */
export {
  PHOTO_MAX_SIDE,
  PHOTO_RECORD_TYPE_NAMES,
  PHOTO_RECORD_TYPES,
  type PhotoRecordType,
  photoDeleteUrl,
} from '../domain/photo-targets.ts';

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
