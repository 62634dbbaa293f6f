import { Envelope, IdParams } from '#shared/contracts/envelope';
import { CountPlBody, CountPlJob, CvUpload, FarmQuery } from '#shared/contracts/larvae';
import { AppError } from '../../errors.ts';
import { IMAGE_LIMIT, MB } from '../../storage/upload-policy.ts';
import type { Api, AppContext } from '../../types.ts';
import { brokenUpload } from '../uploads/public.ts';

const tags = ['larvae'];

/** HTTP only: the tray photo upload and the counting jobs (larvae.service.ts). */
export function larvaeRoutes(api: Api, ctx: AppContext): void {
  const { larvae } = ctx;

  api.post(
    '/cv/upload',
    {
      schema: {
        tags,
        summary: 'Upload a tray photo to count larvae on (multipart field `file`; JPEG, PNG or WebP)',
        consumes: ['multipart/form-data'],
        querystring: FarmQuery,
        response: { 201: Envelope(CvUpload) },
      },
    },
    async (req, reply) => {
      if (Number(req.headers['content-length'] ?? 0) > IMAGE_LIMIT + MB) throw new AppError('file-too-large');
      if (!req.isMultipart()) throw new AppError('file-missing');
      const part = await req
        .file({ limits: { fileSize: IMAGE_LIMIT + 1, files: 1, fields: 10, parts: 11 } })
        .catch((error: { statusCode?: number }) => {
          throw error.statusCode && error.statusCode < 500 ? error : brokenUpload();
        });
      if (part?.fieldname !== 'file') {
        part?.file.resume();
        throw new AppError('file-missing');
      }
      const data = await larvae.upload(req.user.id, req.query.farm_id, {
        stream: part.file,
        filename: part.filename,
        mimetype: part.mimetype,
      });
      return reply.status(201).send({ message: req.t('server.created'), data });
    },
  );

  api.post(
    '/stock/count-pl',
    {
      schema: {
        tags,
        summary: 'Queue a larvae count of an uploaded photo; answers 202 with the job to poll',
        body: CountPlBody,
        response: { 202: Envelope(CountPlJob) },
      },
    },
    async (req, reply) => {
      const data = await larvae.count(req.user.id, req.body);
      return reply.status(202).send({ message: req.t('server.ok'), data });
    },
  );

  api.get(
    '/stock/count-pl/:id',
    {
      schema: {
        tags,
        summary: 'A larvae count: its progress, then the count, its band and every larva found',
        params: IdParams,
        response: { 200: Envelope(CountPlJob) },
      },
    },
    async (req) => ({ message: req.t('server.ok'), data: await larvae.get(req.user.id, req.params.id) }),
  );
}
