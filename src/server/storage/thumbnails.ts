import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { SMALL_THUMBNAIL_SIZE } from '#shared/domain/media';
import { loadSharp } from './lazy-sharp.ts';

/** A made thumbnail on disk. */
export interface Thumbnail {
  path: string;
  size: number;
}

/** A photo bigger than this many pixels is not decoded for a thumbnail (the original is served). */
const MAX_INPUT_PIXELS = 50_000_000;

/**
 * Small thumbnails of uploaded images (seed 000 §9: below a window width of 950 px the app
 * shows small ones), made once with sharp on the first ask and kept next to the uploads
 * under `DATA_DIR/thumbs/<2 chars>/<id>.small.webp` (an upload's bytes never change, so
 * neither does its thumbnail). Two asks at once share one making; an image sharp cannot
 * read answers null and the caller serves the original.
 */
export class Thumbnails {
  readonly root: string;
  private readonly making = new Map<string, Promise<Thumbnail | null>>();

  constructor(dataDir: string) {
    this.root = resolve(dataDir, 'thumbs');
  }

  pathOf(id: string): string {
    return join(this.root, id.slice(0, 2), `${id}.small.webp`);
  }

  async small(id: string, source: string): Promise<Thumbnail | null> {
    const path = this.pathOf(id);
    const kept = await sizeOf(path);
    if (kept !== null) return { path, size: kept };
    let making = this.making.get(id);
    if (!making) {
      making = this.make(source, path).finally(() => this.making.delete(id));
      this.making.set(id, making);
    }
    return making;
  }

  async remove(id: string): Promise<void> {
    await rm(this.pathOf(id), { force: true });
  }

  private async make(source: string, path: string): Promise<Thumbnail | null> {
    await mkdir(join(path, '..'), { recursive: true });
    const tmp = `${path}.${randomBytes(6).toString('hex')}.part`;
    try {
      const sharp = await loadSharp();
      const info = await sharp(source, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
        .rotate()
        .resize(SMALL_THUMBNAIL_SIZE, SMALL_THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 60 })
        .toFile(tmp);
      await rename(tmp, path);
      return { path, size: info.size };
    } catch {
      await rm(tmp, { force: true });
      return null;
    }
  }
}

async function sizeOf(path: string): Promise<number | null> {
  try {
    return (await stat(path)).size;
  } catch {
    return null;
  }
}
