/**
 * Images of uploads as both sides see them: the 403 retry (seed 000 §8, 001 §8) and the
 * small thumbnails below a window width of 950 px (seed 000 §9).
 */

/** An image answered 403 (a signed URL that just expired) is asked again once, after this. */
export const FORBIDDEN_RETRY_MS = 800;

/** Below this window width (px) the app asks for and shows small thumbnails. */
export const SMALL_THUMBNAIL_BELOW = 950;

/** The long side (px) of a small thumbnail: a chat image bubble is 300 × 200, a photo tile 96. */
export const SMALL_THUMBNAIL_SIZE = 320;

/** The query that asks `GET /api/files/:id` for the small thumbnail. */
export const SMALL_SIZE = 'small';

const UPLOAD_PATH = '/api/files/';

/** Only uploads served by this server have thumbnails; a device Blob or another site's URL is kept. */
export function isUploadUrl(url: string): boolean {
  return url.startsWith(UPLOAD_PATH);
}

function withQuery(url: string, name: string, value: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}${name}=${value}`;
}

/** The small thumbnail of an upload's URL; any other URL as it is. */
export function smallImageUrl(url: string): string {
  return isUploadUrl(url) && !url.includes(`size=${SMALL_SIZE}`) ? withQuery(url, 'size', SMALL_SIZE) : url;
}

/** The same image asked again: a new URL so the browser does not answer from its memory. */
export function retriedImageUrl(url: string): string {
  return withQuery(url, 'retry', '1');
}

/**
 * What to do after an image failed, given the status its URL answers now: a 403 is asked
 * again after 800 ms; an image that loads now (a blip) at once; anything else is broken.
 */
export function afterImageError(status: number): { retryIn: number } | 'broken' {
  if (status === 403) return { retryIn: FORBIDDEN_RETRY_MS };
  if (status >= 200 && status < 300) return { retryIn: 0 };
  return 'broken';
}
