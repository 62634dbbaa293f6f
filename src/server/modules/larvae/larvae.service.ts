import { v7 as uuidv7 } from 'uuid';
import type { CountPlBody, CountPlJob, CvUpload } from '#shared/contracts/larvae';
import { ACTION } from '#shared/domain/permissions';
import { AppError, fieldError, notFound } from '../../errors.ts';
import type { FarmAccess } from '../../kernel/farm-access.ts';
import { FileStore } from '../../storage/file-store.ts';
import { loadSharp } from '../../storage/lazy-sharp.ts';
import type { IncomingFile, UploadService } from '../uploads/public.ts';
import type { LarvaeCountRow, LarvaeRepository } from './larvae.repository.ts';
import { type LarvaeJobs, MAX_PIXELS } from './larvae-jobs.ts';

const PHOTO_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);
const FILE_URL = /^\/api\/files\/([A-Za-z0-9_-]{43})$/;

/**
 * Larvae counting (issue 19): a farm member who may add stock uploads a tray photo and
 * queues a count; the count runs as a background job (larvae-jobs.ts) and is read back
 * by its id. Only the caller's own uploads on this server are counted (an image_url is
 * one of its `/api/files/…` paths, never fetched from elsewhere).
 */
export class LarvaeService {
  constructor(
    private readonly deps: {
      repo: LarvaeRepository;
      farmAccess: FarmAccess;
      uploads: UploadService;
      jobs: LarvaeJobs;
    },
  ) {}

  async upload(userId: string, farmId: string, file: IncomingFile): Promise<CvUpload> {
    await this.deps.farmAccess.require(userId, farmId, 'stock', ACTION.add);
    const stored = await this.deps.uploads.upload(userId, file, {
      accept: (mime) => PHOTO_TYPES.has(mime),
      refused: new AppError('image-required'),
    });
    const bytes = await readAll(this.deps.uploads.read(stored.id));
    const meta = await (await loadSharp())(bytes, { limitInputPixels: false })
      .metadata()
      .catch(() => null);
    if (!meta?.width || !meta.height) throw new AppError('image-required');
    if (meta.width * meta.height > MAX_PIXELS) throw new AppError('image-too-large');
    // A photo cut off on the way decodes only in part: refuse it now, not in the job.
    // (sharp decodes on its own threads; the event loop is free meanwhile.)
    const whole = await (await loadSharp())(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'truncated' })
      .stats()
      .then(() => true)
      .catch(() => false);
    if (!whole) throw fieldError('file', 'validation.upload-broken');
    return {
      upload_id: stored.id,
      url: stored.url,
      mime_type: stored.mime_type,
      size: stored.size,
      width: meta.width,
      height: meta.height,
    };
  }

  async count(userId: string, body: CountPlBody): Promise<CountPlJob> {
    await this.deps.farmAccess.require(userId, body.farm_id, 'stock', ACTION.add);
    const uploadId = body.upload_id ?? FILE_URL.exec(body.image_url ?? '')?.[1];
    if (!uploadId) {
      throw fieldError('upload_id', 'validation.required');
    }
    if (!FileStore.isId(uploadId)) throw notFound();
    // Only the caller's own photos: an upload id seen elsewhere counts nothing.
    const photo = await this.deps.repo.findUpload(uploadId);
    if (!photo || photo.uploaded_by !== userId) throw notFound();
    if (!PHOTO_TYPES.has(photo.mime_type)) throw new AppError('image-required');
    const row = await this.deps.repo.insert({
      id: uuidv7(),
      farm_id: body.farm_id,
      upload_id: uploadId,
      hatch_color: body.hatch_color,
      created_by: userId,
      count: null,
      lower: null,
      upper: null,
      marks: null,
      problem: null,
      width: null,
      height: null,
      finished_at: null,
    });
    await this.deps.jobs.enqueue(row.id);
    return toJob(row);
  }

  async get(userId: string, id: string): Promise<CountPlJob> {
    const row = await this.deps.repo.find(id);
    if (!row) throw notFound();
    await this.deps.farmAccess.require(userId, row.farm_id, 'stock', ACTION.add);
    return toJob(row);
  }
}

function toJob(row: LarvaeCountRow): CountPlJob {
  return {
    id: row.id,
    farm_id: row.farm_id,
    upload_url: `/api/files/${row.upload_id}`,
    hatch_color: row.hatch_color,
    status: row.status,
    progress: row.progress,
    count: row.count,
    lower: row.lower,
    upper: row.upper,
    marks: row.marks,
    problem: row.problem as CountPlJob['problem'],
    width: row.width,
    height: row.height,
    created_at: new Date(row.created_at).toISOString(),
    finished_at: row.finished_at ? new Date(row.finished_at).toISOString() : null,
  };
}

async function readAll(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}
