import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, type ReadStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A file id: 256 random bits, base64url (43 characters). The id is the capability to read it. */
const ID = /^[A-Za-z0-9_-]{43}$/;

export class UploadTooLargeError extends Error {
  constructor() {
    super('upload too large');
  }
}

/** The sender's stream broke (a cut-off or malformed upload), not the disk; `cause` says how. */
export class UploadStreamError extends Error {
  constructor(cause: unknown) {
    super('upload stream failed', { cause });
  }
}

export interface ReceivedFile {
  tmpPath: string;
  size: number;
  sha256: string;
}

/**
 * Uploaded bytes on disk under `DATA_DIR/uploads/<2 chars>/<id>`, outside the web root
 * (the static plugin serves only the built PWA). A stored file's path comes from its
 * random id alone, never from the name the client sent. Incoming bytes land in
 * `DATA_DIR/upload-tmp` first (same disk, outside the backed-up folder) and are moved in
 * place only after they were checked.
 */
export class FileStore {
  readonly root: string;
  readonly tmpDir: string;

  constructor(dataDir: string) {
    this.root = resolve(dataDir, 'uploads');
    this.tmpDir = resolve(dataDir, 'upload-tmp');
  }

  static newId(): string {
    return randomBytes(32).toString('base64url');
  }

  static isId(id: string): boolean {
    return ID.test(id);
  }

  pathOf(id: string): string {
    if (!FileStore.isId(id)) throw new Error('not a file id');
    return join(this.root, id.slice(0, 2), id);
  }

  /**
   * Writes the stream to a temporary file, counting and hashing; past `maxBytes` it stops
   * and throws UploadTooLargeError; a failure of the source itself throws UploadStreamError.
   * On any failure the temporary file is gone.
   */
  async receive(source: Readable, maxBytes: number): Promise<ReceivedFile> {
    await mkdir(this.tmpDir, { recursive: true, mode: 0o700 });
    const tmpPath = join(this.tmpDir, `${FileStore.newId()}.part`);
    const hash = createHash('sha256');
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        if (size > maxBytes) return done(new UploadTooLargeError());
        hash.update(chunk);
        done(null, chunk);
      },
    });
    let sourceError: unknown = null;
    source.once('error', (error) => {
      sourceError = error;
    });
    try {
      await pipeline(source, counter, createWriteStream(tmpPath, { flags: 'wx', mode: 0o600 }));
    } catch (error) {
      await rm(tmpPath, { force: true });
      // The source may have failed before this listener was attached (`errored` keeps it).
      const fromSource = error === sourceError || error === source.errored;
      throw fromSource ? new UploadStreamError(error) : error;
    }
    return { tmpPath, size, sha256: hash.digest('hex') };
  }

  /** Moves a checked temporary file to its place under the id. */
  async keep(tmpPath: string, id: string): Promise<void> {
    const dest = this.pathOf(id);
    await mkdir(join(dest, '..'), { recursive: true });
    await rename(tmpPath, dest);
  }

  async discard(path: string): Promise<void> {
    await rm(path, { force: true });
  }

  async remove(id: string): Promise<void> {
    await rm(this.pathOf(id), { force: true });
  }

  /** Size on disk, or null when the file is missing. */
  async size(id: string): Promise<number | null> {
    try {
      return (await stat(this.pathOf(id))).size;
    } catch {
      return null;
    }
  }

  read(id: string, range?: { start: number; end: number }): ReadStream {
    return createReadStream(this.pathOf(id), range);
  }
}
