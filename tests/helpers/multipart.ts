import { randomBytes } from 'node:crypto';

export interface Part {
  /** Form field name; default `file`. */
  field?: string;
  filename?: string;
  /** Declared Content-Type of the part; left out when undefined. */
  type?: string;
  data: Buffer | string;
}

/** A multipart/form-data body for app.inject or fetch: `{ payload, headers }`. */
export function multipart(...parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----tambak${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const filename = part.filename === undefined ? '' : `; filename="${part.filename}"`;
    const type = part.type === undefined ? '' : `\r\nContent-Type: ${part.type}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.field ?? 'file'}"${filename}${type}\r\n\r\n`,
        'utf8',
      ),
      Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data, 'utf8'),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
