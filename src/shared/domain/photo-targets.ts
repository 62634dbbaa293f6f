/**
 * The record types that take photos and the device's photo size (issue 14), without the
 * API schemas: the sync runtime and the photo resizer load at start-up, and TypeBox stays
 * out of that download (src/app/startup-imports.test.ts). src/shared/contracts/photos.ts
 * re-exports these next to the schemas.
 *
 * A record type that takes photos adds itself here (its name and the API path of its
 * photo delete, `DELETE /api/<path>/photo/{id}/delete`) and to the server's
 * `modules/photos/photo-targets.ts` (its table and permission feature).
 */
export const PHOTO_RECORD_TYPES = {
  sampling: { path: 'sampling' },
  disease: { path: 'disease' },
  stock: { path: 'stock' },
  note: { path: 'note' },
  transaction: { path: 'transaction' },
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
