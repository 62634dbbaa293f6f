import { Envelope } from '#shared/contracts/envelope';
import { FileParams, FileQuery, UploadedFile } from '#shared/contracts/uploads';
import { AppError } from '../../errors.ts';
import { parseByteRange } from '../../storage/byte-range.ts';
import { FILE_LIMIT, MB } from '../../storage/upload-policy.ts';
import type { Api, AppContext } from '../../types.ts';
import { brokenUpload } from './uploads.service.ts';

const tags = ['uploads'];

/** HTTP only: read the multipart part or the Range header, call the upload service. */
export function uploadsRoutes(api: Api, ctx: AppContext): void {
  const { uploads } = ctx;

  api.post(
    '/uploads',
    {
      schema: {
        tags,
        summary: 'Upload one file (multipart field `file`); the type is taken from the content',
        consumes: ['multipart/form-data'],
        response: { 201: Envelope(UploadedFile) },
      },
    },
    async (req, reply) => {
      // A body announced far over the limit is refused before a byte is read.
      if (Number(req.headers['content-length'] ?? 0) > FILE_LIMIT + MB) throw new AppError('file-too-large');
      if (!req.isMultipart()) throw new AppError('file-missing');
      const part = await req
        .file({ limits: { fileSize: FILE_LIMIT + 1, files: 1, fields: 10, parts: 11 } })
        .catch((error: { statusCode?: number }) => {
          // The framework's own refusals (limits, content type) keep their 4xx; a form the
          // parser cannot read (no boundary, cut off) is the sender's fault too.
          throw error.statusCode && error.statusCode < 500 ? error : brokenUpload();
        });
      if (part?.fieldname !== 'file') {
        part?.file.resume();
        throw new AppError('file-missing');
      }
      const data = await uploads.upload(req.user.id, {
        stream: part.file,
        filename: part.filename,
        mimetype: part.mimetype,
      });
      return reply.status(201).send({ message: req.t('server.created'), data });
    },
  );

  api.get(
    '/files/:id',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'The bytes of an upload; the unguessable id in the URL is the permission to read it',
        security: [],
        description:
          '`size=small` answers the small thumbnail of an image (WebP, long side 320 px, made once), asked by the app below a window width of 950 px; another file is answered as it is.',
        params: FileParams,
        querystring: FileQuery,
      },
    },
    async (req, reply) => {
      const file = await uploads.serve(req.params.id, req.query.size === 'small');
      reply.headers(file.headers);
      if (req.headers['if-none-match'] === file.headers.etag) return reply.status(304).send();
      const range = parseByteRange(req.headers.range, file.size);
      if (range === 'unsatisfiable') {
        return reply.status(416).header('content-range', `bytes */${file.size}`).send();
      }
      if (range) {
        reply
          .status(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
          .header('content-length', range.end - range.start + 1);
        return reply.send(uploads.readServed(file, range));
      }
      reply.header('content-length', file.size);
      return reply.send(uploads.readServed(file));
    },
  );
}
