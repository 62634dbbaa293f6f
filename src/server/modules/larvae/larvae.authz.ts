import type { AuthzModule } from '../../authz/types.ts';

/** A 1×1 PNG: enough for an upload and a queued count (the count then fails: too small). */
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const BOUNDARY = 'tambak-larvae-boundary';

function photoUpload(farmId: string) {
  return {
    url: `/api/cv/upload?farm_id=${farmId}`,
    payload: Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="nampan.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PIXEL_PNG,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}

/** Larvae counting routes called by b with farm A's ids (src/server/authz/README.md). */
export const larvaeAuthz: AuthzModule = {
  name: 'larvae',
  seed: async (app, owner, farm) => {
    const up = await app.inject({
      method: 'POST',
      ...photoUpload(farm.farmId),
      headers: { ...owner.auth, ...photoUpload(farm.farmId).headers },
    });
    const uploadId = up.json().data?.upload_id;
    if (!uploadId) throw new Error(`larvae seed upload failed: ${up.body}`);
    const job = await app.inject({
      method: 'POST',
      url: '/api/stock/count-pl',
      headers: owner.auth,
      payload: { farm_id: farm.farmId, upload_id: uploadId, hatch_color: 'bright' },
    });
    const countId = job.json().data?.id;
    if (!countId) throw new Error(`larvae seed count failed: ${job.body}`);
    // The job runs in the background: wait until it has finished, so that farm A stands
    // still while the cases compare its snapshots.
    for (;;) {
      const res = await app.inject({ url: `/api/stock/count-pl/${countId}`, headers: owner.auth });
      const status = res.json().data?.status;
      if (status === 'done' || status === 'failed') break;
      await new Promise((resolve) => setImmediate(resolve));
    }
    return { larvaeUploadId: uploadId, larvaeCountId: countId };
  },
  cases: [
    { route: 'POST /api/cv/upload', request: (A) => photoUpload(A.farmId) },
    {
      route: 'POST /api/stock/count-pl',
      request: (A) => ({
        url: '/api/stock/count-pl',
        payload: { farm_id: A.farmId, upload_id: A.extra.larvaeUploadId, hatch_color: 'bright' },
      }),
    },
    {
      route: 'POST /api/stock/count-pl',
      request: (A, B) => ({
        url: '/api/stock/count-pl',
        payload: {
          farm_id: B.farmId,
          image_url: `/api/files/${A.extra.larvaeUploadId}`,
          hatch_color: 'dark',
        },
      }),
      reason: 'b counts on his own farm but names A’s photo: another person’s upload is not found',
    },
    {
      route: 'GET /api/stock/count-pl/:id',
      request: (A) => ({ url: `/api/stock/count-pl/${A.extra.larvaeCountId}` }),
    },
  ],
};
