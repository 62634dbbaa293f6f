import { open, readFile } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import { ALLOWED_TYPES, FILE_LIMIT } from './upload-policy.ts';

/** What `file-type` reports → the stored type, for the allowed types it can name. */
const FROM_MAGIC: Record<string, string> = {
  ...Object.fromEntries(Object.keys(ALLOWED_TYPES).map((t) => [t, t])),
  'audio/x-m4a': 'audio/mp4',
  'audio/ogg; codecs=opus': 'audio/ogg',
  'audio/opus': 'audio/ogg',
  'audio/x-wav': 'audio/wav',
};

/**
 * Markup or server script anywhere a browser or a server might look for it. Checked in
 * the first KB of binary files (where old browsers sniffed) and in the whole of text
 * files, so an HTML, SVG or PHP payload is refused even under a harmless type.
 */
const MARKUP = /<(?:script|html|svg|iframe|object|embed|body|head|meta|link|style|!doctype|\?php|\?xml)\b/i;
/** Text also must not hold short server-template openers (too short to look for in binary bytes). */
const TEXT_MARKUP = /<\?=|<%/;
/** Control characters a text file never has (tab, line breaks and form feed are fine). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const BINARY = /[\x00-\x08\x0B\x0E-\x1F\x7F]/;
const TEXT_EXTS = new Set(['txt', 'csv', 'tsv', 'log', 'md']);
const HEAD_BYTES = 1024;
const ZIP_FAMILY = new Set([
  'application/zip',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
]);

function extOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

function baseType(declared: string): string {
  return (declared.split(';')[0] ?? '').trim().toLowerCase();
}

async function head(path: string): Promise<Buffer> {
  const fh = await open(path, 'r');
  try {
    const buf = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await fh.read(buf, 0, HEAD_BYTES, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/**
 * Plain text or CSV: valid UTF-8 without control characters or markup, and named or
 * declared as text. Text under a media or document name ("photo.jpg") is refused: its
 * content does not match what it claims to be.
 */
async function sniffText(path: string, size: number, declared: string, name: string): Promise<string | null> {
  if (size > FILE_LIMIT) return null;
  const ext = extOf(name);
  const type = baseType(declared);
  const namedText = TEXT_EXTS.has(ext);
  const declaredText = type === 'text/plain' || type === 'text/csv';
  const untyped = type === '' || type === 'application/octet-stream';
  if (!namedText && !(ext === '' && (declaredText || untyped))) return null;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(await readFile(path));
  } catch {
    return null;
  }
  if (BINARY.test(text) || MARKUP.test(text) || TEXT_MARKUP.test(text) || text.startsWith('#!')) return null;
  return ext === 'csv' || ext === 'tsv' || type === 'text/csv' ? 'text/csv' : 'text/plain';
}

/**
 * The stored type of an uploaded file, decided by its bytes (magic numbers via
 * `file-type`); null when the content is not one of the allowed types, whatever its
 * name or declared type says. The declared type only picks audio over video for a
 * WebM or MP4 container, which the bytes alone do not tell apart.
 */
export async function sniffUpload(
  path: string,
  size: number,
  declared: string,
  name: string,
): Promise<string | null> {
  const magic = await fileTypeFromFile(path);
  if (!magic) return sniffText(path, size, declared, name);
  let mime = FROM_MAGIC[magic.mime];
  if (!mime) return null;
  // ZIP-based documents may store `[Content_Types].xml` uncompressed; they are only ever
  // downloaded as attachments, so markup inside them is inert.
  if (!ZIP_FAMILY.has(mime) && MARKUP.test((await head(path)).toString('latin1'))) return null;
  const audioDeclared = baseType(declared).startsWith('audio/');
  if (mime === 'video/webm' && audioDeclared) mime = 'audio/webm';
  if (mime === 'video/mp4' && audioDeclared) mime = 'audio/mp4';
  return mime;
}
