import type { AuthzModule } from '../../authz/types.ts';
import { FileStore } from '../../storage/file-store.ts';

const BOUNDARY = 'tambak-authz-boundary';

/** A one-part multipart body: field `file`, a small text file. */
function textUpload(
  name: string,
  text: string,
): { url: string; payload: Buffer; headers: Record<string, string> } {
  const payload = Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/plain\r\n\r\n`,
    ),
    Buffer.from(text),
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  return {
    url: '/api/uploads',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}

export const uploadsAuthz: AuthzModule = {
  name: 'uploads',
  cases: [
    {
      route: 'POST /api/uploads',
      request: () => textUpload('catatan.txt', 'pH sore 7.8'),
      status: 201,
      reason:
        'an upload belongs to its uploader and refers to no farm: b stores his own file, nothing of farm A is read or changed',
    },
    {
      route: 'GET /api/files/:id',
      request: () => ({ url: `/api/files/${FileStore.newId()}` }),
      reason: 'a well-formed but unknown capability id reveals nothing',
    },
    {
      route: 'GET /api/files/:id',
      request: () => ({ url: '/api/files/..%2F..%2Fpostgres%2Fpg_hba.conf' }),
      reason: 'a path in place of the id never reaches the disk',
    },
  ],
};
