import { Envelope, IdParams, ListEnvelope, MessageOnly } from '#shared/contracts/envelope';
import { AddPondBody, FarmQuery, Pond, UpdatePondBody } from '#shared/contracts/farm';
import { listEnvelope, sendJsonList } from '../../kernel/json-list.ts';
import type { Api, AppContext } from '../../types.ts';

const tags = ['pond'];

/** HTTP only: parse, call the pond service, wrap the answer. */
export function pondRoutes(api: Api, ctx: AppContext): void {
  const { ponds } = ctx;

  api.get(
    '/pond',
    { schema: { tags, querystring: FarmQuery, response: { 200: ListEnvelope(Pond) } } },
    async (req, reply) => {
      const { json, server_time } = await ponds.listJson(req.user.id, req.query.farm_id, req.query.since);
      return sendJsonList(reply, listEnvelope(req.t('server.ok'), json, server_time));
    },
  );

  api.post(
    '/pond',
    { schema: { tags, body: AddPondBody, response: { 201: Envelope(Pond) } } },
    async (req, reply) => {
      const pond = await ponds.add(req.user.id, req.body);
      return reply.status(201).send({ message: req.t('server.created'), data: pond });
    },
  );

  api.put(
    '/pond/:id/update',
    { schema: { tags, params: IdParams, body: UpdatePondBody, response: { 200: Envelope(Pond) } } },
    async (req) => ({
      message: req.t('server.updated'),
      data: await ponds.update(req.user.id, req.params.id, req.body, req.headers),
    }),
  );

  api.delete(
    '/pond/:id/delete',
    { schema: { tags, params: IdParams, response: { 200: MessageOnly } } },
    async (req) => {
      await ponds.remove(req.user.id, req.params.id);
      return { message: req.t('server.deleted'), data: null };
    },
  );
}
