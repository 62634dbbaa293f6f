import { PHOTO_MAX_SIDE } from '#shared/domain/photo-targets';

/**
 * Shrinks a picked or taken photo on the device before it is stored and uploaded: the
 * long side at most 1600 px (never enlarged), JPEG at quality 0.82, the camera's EXIF
 * orientation applied. A 12-megapixel phone photo (3–5 MB) becomes ~200–400 KB, which
 * an upload on one bar of signal survives. Loaded on demand (the photo picker imports it
 * dynamically): it is not part of the first-load bundle.
 */

export interface ResizedPhoto {
  blob: Blob;
  width: number;
  height: number;
}

/** The input is not an image the browser can decode (a PDF, a broken file). */
export class NotAnImageError extends Error {
  constructor(cause?: unknown) {
    super('not an image', { cause });
    this.name = 'NotAnImageError';
  }
}

export const PHOTO_TYPE = 'image/jpeg';
export const PHOTO_QUALITY = 0.82;

/** The size that fits `max` on the long side, keeping the aspect ratio; never larger than the original. */
export function fitWithin(
  width: number,
  height: number,
  max = PHOTO_MAX_SIDE,
): { width: number; height: number } {
  const long = Math.max(width, height);
  if (long <= max) return { width, height };
  const scale = max / long;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

interface Bitmap {
  width: number;
  height: number;
  close(): void;
}
interface Canvas2D {
  drawImage(image: Bitmap, x: number, y: number, w: number, h: number): void;
}
export interface CanvasLike {
  getContext(kind: '2d'): Canvas2D | null;
  toBlob(type: string, quality: number): Promise<Blob>;
}

/** The browser parts the resize uses; tests pass their own. */
export interface ResizeEnv {
  decode: (file: Blob) => Promise<Bitmap>;
  canvas: (width: number, height: number) => CanvasLike;
}

function browserCanvas(width: number, height: number): CanvasLike {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    return {
      getContext: () => canvas.getContext('2d') as unknown as Canvas2D | null,
      toBlob: (type, quality) => canvas.convertToBlob({ type, quality }),
    };
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return {
    getContext: () => canvas.getContext('2d') as unknown as Canvas2D | null,
    toBlob: (type, quality) =>
      new Promise((resolve, reject) =>
        canvas.toBlob(
          (blob: Blob | null) => (blob ? resolve(blob) : reject(new Error('canvas.toBlob failed'))),
          type,
          quality,
        ),
      ),
  };
}

export const browserResizeEnv: ResizeEnv = {
  decode: (file) => createImageBitmap(file, { imageOrientation: 'from-image' }),
  canvas: browserCanvas,
};

export async function resizePhoto(file: Blob, env: ResizeEnv = browserResizeEnv): Promise<ResizedPhoto> {
  let bitmap: Bitmap;
  try {
    bitmap = await env.decode(file);
  } catch (error) {
    throw new NotAnImageError(error);
  }
  try {
    if (!bitmap.width || !bitmap.height) throw new NotAnImageError();
    const size = fitWithin(bitmap.width, bitmap.height);
    const canvas = env.canvas(size.width, size.height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const blob = await canvas.toBlob(PHOTO_TYPE, PHOTO_QUALITY);
    return { blob, ...size };
  } finally {
    bitmap.close();
  }
}
