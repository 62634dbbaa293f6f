import type { PhotoRecordType } from '#shared/contracts/photos';
import type { Feature } from '#shared/domain/permissions';

/**
 * The records photos attach to: the table holding the record (it has `farm_id`,
 * `pond_id`, `created_by`, `created_at`, `deleted_at`) and the permission feature that
 * decides who may see and change it. A domain that takes photos adds one line here and
 * one in `PHOTO_RECORD_TYPES` (src/shared/contracts/photos.ts).
 */
export interface PhotoTarget {
  table: 'samplings' | 'disease_records' | 'stocks';
  feature: Feature;
}

export const PHOTO_TARGETS: Record<PhotoRecordType, PhotoTarget> = {
  sampling: { table: 'samplings', feature: 'sampling' },
  disease: { table: 'disease_records', feature: 'disease' },
  stock: { table: 'stocks', feature: 'stock' },
};

export function targetOf(recordType: string): PhotoTarget | undefined {
  return Object.hasOwn(PHOTO_TARGETS, recordType) ? PHOTO_TARGETS[recordType as PhotoRecordType] : undefined;
}
