/**
 * What may be uploaded (docs/security.md, "Uploads"): the stored type is always one of
 * these, decided from the content; the browser's declared type and the file name only
 * choose between types the bytes cannot tell apart (audio or video WebM/MP4, text or CSV).
 */
export const MB = 1024 * 1024;
export const IMAGE_LIMIT = 10 * MB;
export const FILE_LIMIT = 20 * MB;

export type UploadKind = 'image' | 'video' | 'audio' | 'document';

export const ALLOWED_TYPES: Record<string, UploadKind> = {
  'image/jpeg': 'image',
  'image/png': 'image',
  'image/webp': 'image',
  'image/gif': 'image',
  'video/mp4': 'video',
  'video/webm': 'video',
  'audio/mpeg': 'audio',
  'audio/ogg': 'audio',
  'audio/webm': 'audio',
  'audio/wav': 'audio',
  'audio/mp4': 'audio',
  'application/pdf': 'document',
  'text/plain': 'document',
  'text/csv': 'document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'document',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'document',
  'application/zip': 'document',
};

export function kindOf(mime: string): UploadKind | undefined {
  return ALLOWED_TYPES[mime];
}

/** Size limit of a stored type: 10 MB for images, 20 MB for everything else. */
export function limitOf(mime: string): number {
  return kindOf(mime) === 'image' ? IMAGE_LIMIT : FILE_LIMIT;
}

/** Images, video and audio may show inline (<img>, <video>, <audio>); documents download. */
export function isInline(mime: string): boolean {
  const kind = kindOf(mime);
  return kind === 'image' || kind === 'video' || kind === 'audio';
}

/** The Content-Type a stored file is served with. */
export function servedContentType(mime: string): string {
  return mime.startsWith('text/') ? `${mime}; charset=utf-8` : mime;
}
