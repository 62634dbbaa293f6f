import { Envelope, IdParams, ListEnvelope, MessageOnly } from '#shared/contracts/envelope';
import { AddBlockBody, Block, FarmQuery, UpdateBlockBody } from '#shared/contracts/farm';
import type { Api, AppContext } from '../../types.ts';

const tags = ['block'];

/** HTTP only: parse, call the block service, wrap the answer. */
export function blockRoutes(api: Api, ctx: AppContext): void {
  const { blocks } = ctx;

  api.get(
    '/block',
    { schema: { tags, querystring: FarmQuery, response: { 200: ListEnvelope(Block) } } },
    async (req) => {
      const { items, server_time } = await blocks.list(req.user.id, req.query.farm_id, req.query.since);
      return { message: req.t('server.ok'), data: items, server_time };
    },
  );

  api.post(
    '/block',
    { schema: { tags, body: AddBlockBody, response: { 201: Envelope(Block) } } },
    async (req, reply) => {
      const block = await blocks.add(req.user.id, req.body);
      return reply.status(201).send({ message: req.t('server.created'), data: block });
    },
  );

  api.put(
    '/block/:id/update',
    { schema: { tags, params: IdParams, body: UpdateBlockBody, response: { 200: Envelope(Block) } } },
    async (req) => ({
      message: req.t('server.updated'),
      data: await blocks.update(req.user.id, req.params.id, req.body, req.headers),
    }),
  );

  api.delete(
    '/block/:id/delete',
    { schema: { tags, params: IdParams, response: { 200: MessageOnly } } },
    async (req) => {
      await blocks.remove(req.user.id, req.params.id);
      return { message: req.t('server.deleted'), data: null };
    },
  );
}
