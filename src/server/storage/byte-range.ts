export interface ByteRange {
  start: number;
  end: number;
}

/**
 * One `Range: bytes=…` request (RFC 9110 §14): `a-b`, `a-` or the last `-n` bytes.
 * null means "send the whole file" (no header, another unit, several ranges or a
 * malformed one, all of which a server may ignore); 'unsatisfiable' answers 416.
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return null;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size) return 'unsatisfiable';
  if (end < start) return null;
  return { start, end };
}
