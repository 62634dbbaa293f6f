/** Control characters and the bidirectional marks that can disguise an extension ("gpj.exe"). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const MAX = 200;

/**
 * The display name of an upload: the last segment of whatever path the client sent,
 * without control or bidi characters, leading dots or surrounding blanks, at most 200
 * characters (the extension kept). It is only ever shown and put in
 * Content-Disposition; the file on disk is named by its random id.
 */
export function safeName(raw: string | undefined): string {
  let name = (raw ?? '').normalize('NFC').replace(UNSAFE, '');
  name = name.split(/[\\/]/).pop() ?? '';
  name = name.trim().replace(/^\.+/, '').trim();
  if (name.length > MAX) {
    const dot = name.lastIndexOf('.');
    const ext = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
    name = name.slice(0, MAX - ext.length) + ext;
  }
  return name || 'file';
}

/** `inline` or `attachment` with an ASCII fallback name and the exact UTF-8 name (RFC 6266). */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%;]/g, '_');
  const exact = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${exact}`;
}
