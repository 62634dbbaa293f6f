import type { PhotoRecordType } from '#shared/contracts/photos';
import type { Feature } from '#shared/domain/permissions';

/**
 * The records photos attach to: the table holding the record (it has `farm_id`,
 * `created_by`, `created_at`, `deleted_at`, and `pond_id` unless `ponds` is 'none') and the
 * permission feature that decides who may see and change it. A domain that takes photos
 * adds one line here and one in `PHOTO_RECORD_TYPES` (src/shared/domain/photo-targets.ts).
 *
 * `ponds`: 'required' — a pond record (the pond's access rules); 'optional' — a pond
 * record or a record of the whole farm (a note without a pond: the farm's rules);
 * 'none' — a farm record (a finance transaction: finance's rules, hidden as 404 when the
 * farm hides finance).
 */
export interface PhotoTarget {
  table: 'samplings' | 'disease_records' | 'stocks' | 'notes' | 'finance_transactions';
  feature: Feature;
  ponds: 'required' | 'optional' | 'none';
}

export const PHOTO_TARGETS: Record<PhotoRecordType, PhotoTarget> = {
  sampling: { table: 'samplings', feature: 'sampling', ponds: 'required' },
  disease: { table: 'disease_records', feature: 'disease', ponds: 'required' },
  stock: { table: 'stocks', feature: 'stock', ponds: 'required' },
  // Notes are governed by the cycle permission (records/record-types.ts NOTE).
  note: { table: 'notes', feature: 'cycle', ponds: 'optional' },
  transaction: { table: 'finance_transactions', feature: 'finance', ponds: 'none' },
};

export function targetOf(recordType: string): PhotoTarget | undefined {
  return Object.hasOwn(PHOTO_TARGETS, recordType) ? PHOTO_TARGETS[recordType as PhotoRecordType] : undefined;
}
