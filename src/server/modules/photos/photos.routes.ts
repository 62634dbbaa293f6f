import { Envelope, IdParams, ListEnvelope, MessageOnly } from '#shared/contracts/envelope';
import {
  PHOTO_RECORD_TYPE_NAMES,
  PHOTO_RECORD_TYPES,
  PhotoQuery,
  RecordPhoto,
} from '#shared/contracts/photos';
import { AppError } from '../../errors.ts';
import { IMAGE_LIMIT, MB } from '../../storage/upload-policy.ts';
import type { Api, AppContext } from '../../types.ts';
import { brokenUpload } from '../uploads/public.ts';
import type { PhotoFields } from './photos.service.ts';

const tags = ['photos'];

/** The text fields sent before the file: a field sent twice, or a file in a text field, is not a string. */
function textFields(fields: Record<string, unknown> | undefined): PhotoFields {
  const out: PhotoFields = {};
  for (const [name, part] of Object.entries(fields ?? {})) {
    if (name === 'file') continue;
    const value = (part as { type?: string; value?: unknown } | undefined)?.value;
    out[name] = (part as { type?: string }).type === 'field' && typeof value === 'string' ? value : null;
  }
  return out;
}

/** HTTP only: the multipart body of a photo, the photo list, the photo delete of each record type. */
export function photosRoutes(api: Api, ctx: AppContext): void {
  const { photos } = ctx;

  api.post(
    '/photos',
    {
      schema: {
        tags,
        summary:
          'Attach a photo to a record: multipart fields id, record_type, record_id, width?, height?, then the image in `file`',
        description:
          'Idempotent by the device-made id: a replay answers 200 with the stored photo and keeps nothing twice. The type is taken from the content (JPEG, PNG, WebP, GIF), at most 10 MB.',
        consumes: ['multipart/form-data'],
        response: { 200: Envelope(RecordPhoto), 201: Envelope(RecordPhoto) },
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
      const { photo, created } = await photos.attach(req.user.id, textFields(part.fields), {
        stream: part.file,
        filename: part.filename,
        mimetype: part.mimetype,
      });
      return reply
        .status(created ? 201 : 200)
        .send({ message: req.t(created ? 'server.created' : 'server.ok'), data: photo });
    },
  );

  api.get(
    '/photos',
    { schema: { tags, querystring: PhotoQuery, response: { 200: ListEnvelope(RecordPhoto) } } },
    async (req) => {
      const { items, server_time } = await photos.list(req.user.id, req.query);
      return { message: req.t('server.ok'), data: items, server_time };
    },
  );

  // Seed 000 §7 names a photo delete per domain: one route per record type that takes photos.
  for (const recordType of PHOTO_RECORD_TYPE_NAMES) {
    api.delete(
      `/${PHOTO_RECORD_TYPES[recordType].path}/photo/:id/delete`,
      { schema: { tags, params: IdParams, response: { 200: MessageOnly } } },
      async (req) => {
        await photos.remove(req.user.id, recordType, req.params.id);
        return { message: req.t('server.deleted'), data: null };
      },
    );
  }
}
