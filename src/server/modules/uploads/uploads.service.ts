import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { UploadedFile } from '#shared/contracts/uploads';
import { AppError, notFound } from '../../errors.ts';
import { FileStore, UploadStreamError, UploadTooLargeError } from '../../storage/file-store.ts';
import { contentDisposition, safeName } from '../../storage/safe-name.ts';
import { sniffUpload } from '../../storage/sniff.ts';
import { Thumbnails } from '../../storage/thumbnails.ts';
import {
  FILE_LIMIT,
  isInline,
  kindOf,
  limitOf,
  servedContentType,
  type UploadKind,
} from '../../storage/upload-policy.ts';
import type { UploadRepository, UploadRow } from './uploads.repository.ts';

export interface IncomingFile {
  stream: Readable;
  /** The file name the client sent (any path or trick in it is made harmless). */
  filename: string | undefined;
  /** The type the client declared; never trusted, only a hint between audio and video. */
  mimetype: string | undefined;
}

/** A stored file ready to serve: headers decided here, bytes from the store. */
export interface ServedFile {
  id: string;
  size: number;
  headers: Record<string, string>;
  /** The small thumbnail's path when that is what is served. */
  thumbnail?: string;
}

export const urlOf = (id: string) => `/api/files/${id}`;

/** A multipart body cut off or malformed on the way: the sender's fault, 400. */
export const brokenUpload = () =>
  new AppError('validation-failed', { file: [{ key: 'validation.upload-broken' }] });

function isFrameworkTooLarge(error: unknown): boolean {
  return (error as { code?: string })?.code === 'FST_REQ_FILE_TOO_LARGE';
}

/**
 * Uploads (ARCHITECTURE.md §7): size limits, the type taken from the content, stored
 * under a random id outside the web root, served only as the sniffed allowed type.
 * Any signed-in user may upload; the file belongs to no farm. Reading needs the URL
 * (256-bit id) and nothing else, so <img>/<video> can load it.
 */
export class UploadService {
  constructor(
    private readonly repo: UploadRepository,
    private readonly store: FileStore,
    private readonly thumbs = new Thumbnails(join(store.root, '..')),
  ) {}

  async upload(
    userId: string,
    file: IncomingFile,
    only?: { accept: (mime: string) => boolean; refused: AppError },
  ): Promise<UploadedFile & { id: string }> {
    const { id, name, mime_type, size } = await this.keepFile(userId, file, undefined, only);
    return { id, url: urlOf(id), name, mime_type, size };
  }

  /**
   * Receives, checks and keeps one file; `kinds` narrows the allowed types (a record
   * photo takes images only), and `only` does so with the caller's own refusal (the
   * larvae counter takes JPEG, PNG and WebP). Answers the new upload's id; other modules
   * refer to it. A refused file is not kept.
   */
  async keepFile(
    userId: string,
    file: IncomingFile,
    kinds?: readonly UploadKind[],
    only?: { accept: (mime: string) => boolean; refused: AppError },
  ): Promise<{ id: string; name: string; mime_type: string; size: number }> {
    const name = safeName(file.filename);
    let received: Awaited<ReturnType<FileStore['receive']>>;
    try {
      received = await this.store.receive(file.stream, FILE_LIMIT);
    } catch (error) {
      const cause = error instanceof UploadStreamError ? error.cause : error;
      if (cause instanceof UploadTooLargeError || isFrameworkTooLarge(cause))
        throw new AppError('file-too-large');
      if (error instanceof UploadStreamError) throw brokenUpload();
      throw error;
    }
    try {
      if (received.size === 0) throw new AppError('file-empty');
      const mime = await sniffUpload(received.tmpPath, received.size, file.mimetype ?? '', name);
      if (!mime) throw only?.refused ?? new AppError('file-type-not-allowed');
      if (kinds && !kinds.includes(kindOf(mime) as UploadKind)) throw new AppError('file-type-not-allowed');
      if (only && !only.accept(mime)) throw only.refused;
      if (received.size > limitOf(mime)) throw new AppError('file-too-large');
      const id = FileStore.newId();
      await this.store.keep(received.tmpPath, id);
      try {
        await this.repo.insert({
          id,
          uploaded_by: userId,
          name,
          mime_type: mime,
          size: received.size,
          sha256: received.sha256,
        });
      } catch (error) {
        await this.store.remove(id);
        throw error;
      }
      return { id, name, mime_type: mime, size: received.size };
    } finally {
      // Gone already when kept (renamed); removes a refused file.
      await this.store.discard(received.tmpPath);
    }
  }

  /** Removes an upload nothing refers to (a photo upload that lost a race to its replay). */
  async discard(id: string): Promise<void> {
    await this.repo.remove(id);
    await this.store.remove(id);
    await this.thumbs.remove(id);
  }

  /**
   * The file behind a URL id, with its headers; 404 for a malformed, unknown or lost id.
   * `small` asks for the small thumbnail of an image (made once, then kept); a file that
   * is no image, or an image sharp cannot read, is served as it is.
   */
  async serve(id: string, small = false): Promise<ServedFile> {
    if (!FileStore.isId(id)) throw notFound();
    const row = await this.repo.find(id);
    if (!row) throw notFound();
    const size = await this.store.size(id);
    if (size === null) throw notFound();
    if (small && kindOf(row.mime_type) === 'image') {
      const thumb = await this.thumbs.small(id, this.store.pathOf(id));
      if (thumb) return { id, size: thumb.size, headers: smallHeadersOf(row), thumbnail: thumb.path };
    }
    return { id, size, headers: headersOf(row) };
  }

  read(id: string, range?: { start: number; end: number }) {
    return this.store.read(id, range);
  }

  /** The bytes of a served file: the thumbnail's or the upload's. */
  readServed(file: ServedFile, range?: { start: number; end: number }) {
    return file.thumbnail ? createReadStream(file.thumbnail, range) : this.store.read(file.id, range);
  }
}

/**
 * Never HTML or script: the sniffed allowed type, nosniff, a CSP that allows nothing and
 * sandboxes a document opened directly, downloads for documents; the bytes behind an
 * id never change, so they are cached for good (privately: the URL is a capability).
 */
function headersOf(row: UploadRow): Record<string, string> {
  return {
    'content-type': servedContentType(row.mime_type),
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
    'content-disposition': contentDisposition(isInline(row.mime_type) ? 'inline' : 'attachment', row.name),
    'cache-control': 'private, max-age=31536000, immutable',
    'cross-origin-resource-policy': 'same-origin',
    'accept-ranges': 'bytes',
    etag: `"${row.sha256}"`,
  };
}

/** The small thumbnail: WebP, its own tag, otherwise the upload's headers. */
function smallHeadersOf(row: UploadRow): Record<string, string> {
  return { ...headersOf(row), 'content-type': 'image/webp', etag: `"${row.sha256}-small"` };
}
