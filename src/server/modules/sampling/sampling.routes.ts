import { BulkBody, type BulkItem, BulkItemId, BulkResult } from '#shared/contracts/bulk';
import { Envelope, IdParams, ListEnvelope, MessageOnly } from '#shared/contracts/envelope';
import { Sampling, SamplingQuery, SamplingUpdateBody } from '#shared/contracts/sampling';
import type { Api, AppContext } from '../../types.ts';

// The bulk route checks only the batch shape and item ids: each item is validated in the
// service so one bad pond fails alone (src/shared/contracts/bulk.ts).
const SamplingBulkBody = BulkBody(BulkItemId);
const tags = ['sampling'];

/** HTTP only: the sampling list, bulk create, edit and delete (the photo delete is in photos.routes.ts). */
export function samplingRoutes(api: Api, ctx: AppContext): void {
  const { sampling } = ctx;

  api.get(
    '/sampling',
    { schema: { tags, querystring: SamplingQuery, response: { 200: ListEnvelope(Sampling) } } },
    async (req) => {
      const { items, server_time } = await sampling.list(req.user.id, req.query);
      return { message: req.t('server.ok'), data: items, server_time };
    },
  );

  api.post(
    '/sampling/bulk',
    {
      schema: {
        tags,
        description:
          'Idempotent upsert by id (one item per pond of an entry), items shaped as SamplingInput; one result per item.',
        body: SamplingBulkBody,
        response: { 200: Envelope(BulkResult) },
      },
    },
    async (req) => ({
      message: req.t('server.ok'),
      data: await sampling.bulk(req.user.id, req.body.items as BulkItem[], req.lang),
    }),
  );

  api.put(
    '/sampling/:id/update',
    { schema: { tags, params: IdParams, body: SamplingUpdateBody, response: { 200: Envelope(Sampling) } } },
    async (req) => ({
      message: req.t('server.updated'),
      data: await sampling.update(
        req.user.id,
        req.params.id,
        req.body as Record<string, unknown>,
        req.headers,
      ),
    }),
  );

  api.delete(
    '/sampling/:id/delete',
    { schema: { tags, params: IdParams, response: { 200: MessageOnly } } },
    async (req) => {
      await sampling.remove(req.user.id, req.params.id);
      return { message: req.t('server.deleted'), data: null };
    },
  );
}
