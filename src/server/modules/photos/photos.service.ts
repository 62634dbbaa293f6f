import { PHOTO_RECORD_TYPE_NAMES, type PhotoQuery, type RecordPhoto } from '#shared/contracts/photos';
import { ACTION } from '#shared/domain/permissions';
import { AppError } from '../../errors.ts';
import type { FarmAccess } from '../../kernel/farm-access.ts';
import { requireFinance } from '../../kernel/finance-access.ts';
import { changedAfter } from '../../kernel/pull-window.ts';
import { visiblePondIds } from '../../kernel/visible-ponds.ts';
import type { IncomingFile, UploadService } from '../uploads/public.ts';
import { urlOf } from '../uploads/public.ts';
import { type PhotoTarget, targetOf } from './photo-targets.ts';
import type { PhotoRecord, PhotoRepository, PhotoRow } from './photos.repository.ts';

export interface PhotoDeps {
  photos: PhotoRepository;
  uploads: UploadService;
  access: FarmAccess;
}

/** The text fields of the multipart body, as sent (strings; anything else is refused). */
export type PhotoFields = Record<string, unknown>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SIDE = /^[1-9][0-9]{0,4}$/;

interface Parsed {
  id: string;
  recordType: string;
  recordId: string;
  width: number | null;
  height: number | null;
}

type FieldMessages = Record<string, { key: string; params?: Record<string, string | number> }[]>;

function parseFields(fields: PhotoFields): Parsed {
  const errors: FieldMessages = {};
  const text = (name: string) => (typeof fields[name] === 'string' ? (fields[name] as string) : undefined);
  const id = text('id');
  const recordType = text('record_type');
  const recordId = text('record_id');
  if (!id || !UUID.test(id)) errors.id = [{ key: 'validation.invalid' }];
  if (!recordType || !targetOf(recordType)) errors.record_type = [{ key: 'validation.oneOf' }];
  if (!recordId || !UUID.test(recordId)) errors.record_id = [{ key: 'validation.invalid' }];
  const side = (name: 'width' | 'height') => {
    const raw = fields[name];
    if (raw === undefined || raw === '') return null;
    if (typeof raw !== 'string' || !SIDE.test(raw) || Number(raw) > 20_000) {
      errors[name] = [{ key: 'validation.range', params: { min: 1, max: 20_000 } }];
      return null;
    }
    return Number(raw);
  };
  const width = side('width');
  const height = side('height');
  if (Object.keys(errors).length > 0) throw new AppError('validation-failed', errors);
  return {
    id: (id as string).toLowerCase(),
    recordType: recordType as string,
    recordId: (recordId as string).toLowerCase(),
    width,
    height,
  };
}

export function toPhoto(row: PhotoRow): RecordPhoto {
  return {
    id: row.id,
    farm_id: row.farm_id,
    pond_id: row.pond_id,
    record_type: row.record_type,
    record_id: row.record_id,
    url: urlOf(row.upload_id),
    mime_type: row.mime_type,
    width: row.width,
    height: row.height,
    created_by: row.created_by,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    deleted_at: row.deleted_at?.toISOString() ?? null,
  };
}

/**
 * Photos of production records (src/local/README.md "Photos"). Attaching is idempotent by
 * the device-made photo id: a replay, or the same photo sent twice at once, answers the
 * stored photo and keeps one row and one file. Who may attach or delete a photo is who
 * may change its record (`requireRecordChange` with the record type's feature).
 */
export class PhotoService {
  constructor(private readonly d: PhotoDeps) {}

  /** `created` false: the photo was already stored (a replay); nothing new was kept. */
  async attach(
    userId: string,
    fields: PhotoFields,
    file: IncomingFile,
  ): Promise<{ photo: RecordPhoto; created: boolean }> {
    let parsed: Parsed;
    let target: PhotoTarget;
    let record: PhotoRecord;
    try {
      parsed = parseFields(fields);
      target = targetOf(parsed.recordType) as PhotoTarget;
      const existing = await this.d.photos.find(parsed.id);
      if (existing) {
        const stored = await this.replayOf(userId, existing, parsed, target);
        file.stream.resume();
        return { photo: stored, created: false };
      }
      record = await this.liveRecord(target, parsed.recordId);
      await this.requireChange(userId, record, target);
    } catch (error) {
      file.stream.resume(); // drain the unread file so the answer goes out at once
      throw error;
    }
    const upload = await this.d.uploads.keepFile(userId, file, ['image']);
    const inserted = await this.d.photos.insert({
      id: parsed.id,
      farm_id: record.farm_id,
      pond_id: record.pond_id,
      record_type: parsed.recordType,
      record_id: record.id,
      upload_id: upload.id,
      mime_type: upload.mime_type,
      width: parsed.width,
      height: parsed.height,
      created_by: userId,
    });
    if (!inserted) {
      // The same photo arrived twice at once and the other copy won: keep one file.
      await this.d.uploads.discard(upload.id);
      const winner = (await this.d.photos.find(parsed.id)) as PhotoRow;
      return { photo: await this.replayOf(userId, winner, parsed, target), created: false };
    }
    return { photo: toPhoto((await this.d.photos.find(parsed.id)) as PhotoRow), created: true };
  }

  /** A farm's photos of every record type the caller may view, on the ponds they see. */
  async list(userId: string, q: PhotoQuery): Promise<{ items: RecordPhoto[]; server_time: string }> {
    const m = await this.d.access.membership(userId, q.farm_id);
    const types = q.record_type ? [q.record_type] : PHOTO_RECORD_TYPE_NAMES;
    const items: RecordPhoto[] = [];
    for (const recordType of types) {
      const target = targetOf(recordType);
      if (!target || (m.permissions[target.feature] ?? ACTION.none) < ACTION.view) continue;
      if (target.feature === 'finance' && m.isHideFinance) continue;
      const pondIds = target.ponds === 'none' ? null : visiblePondIds(this.d.access, m, target.feature);
      if (pondIds?.length === 0 && target.ponds === 'required') continue;
      const rows = await this.d.photos.list({
        farmId: q.farm_id,
        recordType,
        pondIds,
        withFarmWide: target.ponds === 'optional',
        recordId: q.record_id,
        changedAfter: q.since ? changedAfter(q.since) : undefined,
      });
      items.push(...rows.map(toPhoto));
    }
    return { items, server_time: m.readAt };
  }

  /** Soft delete by whoever may change the record; deleting a deleted photo again is a harmless replay. */
  async remove(userId: string, recordType: string, id: string): Promise<void> {
    const photo = await this.d.photos.find(id);
    const target = targetOf(recordType);
    if (!photo || !target || photo.record_type !== recordType) throw new AppError('not-found');
    const record = await this.d.photos.record(target, photo.record_id);
    if (!record) throw new AppError('not-found');
    await this.requireChange(userId, record, target);
    await this.d.photos.softDelete(id);
  }

  /** A second upload of a stored photo: the stored one, if it is the same photo of a record the caller sees. */
  private async replayOf(
    userId: string,
    row: PhotoRow,
    parsed: Parsed,
    target: PhotoTarget,
  ): Promise<RecordPhoto> {
    const record = await this.d.photos.record(target, row.record_id);
    if (!record || row.record_type !== parsed.recordType) throw new AppError('not-found');
    await this.requireView(userId, record, target);
    if (row.record_id !== parsed.recordId) throw new AppError('conflict');
    if (row.deleted_at) throw new AppError('not-found');
    return toPhoto(row);
  }

  /** Who may change the record may attach and delete its photos (the rules of its kind). */
  private async requireChange(userId: string, record: PhotoRecord, target: PhotoTarget): Promise<void> {
    if (target.ponds === 'none') {
      await requireFinance(this.d.access, userId, record.farm_id, ACTION.edit);
    } else if (record.pond_id) {
      await this.d.access.requireRecordChange(userId, { ...record, pond_id: record.pond_id }, target.feature);
    } else {
      await this.d.access.requireFarmRecordChange(userId, record, target.feature);
    }
  }

  private async requireView(userId: string, record: PhotoRecord, target: PhotoTarget): Promise<void> {
    if (target.ponds === 'none') await requireFinance(this.d.access, userId, record.farm_id, ACTION.view);
    else if (record.pond_id)
      await this.d.access.requirePond(userId, record.pond_id, target.feature, ACTION.view);
    else await this.d.access.require(userId, record.farm_id, target.feature, ACTION.view);
  }

  private async liveRecord(target: PhotoTarget, id: string): Promise<PhotoRecord> {
    const record = await this.d.photos.record(target, id);
    if (!record || record.deleted_at) throw new AppError('not-found');
    return record;
  }
}
