import { Type } from 'typebox';
import { AddCycleBody, Cycle, CycleQuery, EndCycleBody, UpdateCycleBody } from '#shared/contracts/cycle';
import { Envelope, IdParams, ListEnvelope, MessageOnly } from '#shared/contracts/envelope';
import { idempotencyKeyOf } from '../../idempotency.ts';
import type { Api, AppContext } from '../../types.ts';

const tags = ['cycle'];
const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(Type.String({ maxLength: 200, description: 'Same key → same answer' })),
});

/** HTTP only: parse, call the service, wrap the answer. */
export function cycleRoutes(api: Api, ctx: AppContext): void {
  const { cycles } = ctx;

  api.get(
    '/cycle',
    { schema: { tags, querystring: CycleQuery, response: { 200: ListEnvelope(Cycle) } } },
    async (req) => {
      const { items, server_time } = await cycles.list(req.user.id, req.query);
      return { message: req.t('server.ok'), data: items, server_time };
    },
  );

  api.post(
    '/cycle',
    { schema: { tags, body: AddCycleBody, response: { 200: Envelope(Cycle), 201: Envelope(Cycle) } } },
    async (req, reply) => {
      const { cycle, created } = await cycles.create(req.user.id, req.body);
      return reply.status(created ? 201 : 200).send({ message: req.t('server.created'), data: cycle });
    },
  );

  api.put(
    '/cycle/:id/update',
    { schema: { tags, params: IdParams, body: UpdateCycleBody, response: { 200: Envelope(Cycle) } } },
    async (req) => ({
      message: req.t('server.updated'),
      data: await cycles.update(req.user.id, req.params.id, req.body, req.headers),
    }),
  );

  api.post(
    '/cycle/:id/end',
    {
      schema: {
        tags,
        params: IdParams,
        headers: IdempotencyHeaders,
        body: EndCycleBody,
        response: { 200: Envelope(Cycle) },
      },
    },
    async (req) => ({
      message: req.t('server.updated'),
      data: await cycles.end(req.user.id, req.params.id, req.body, idempotencyKeyOf(req.headers)),
    }),
  );

  api.delete(
    '/cycle/:id/delete',
    { schema: { tags, params: IdParams, response: { 200: MessageOnly } } },
    async (req) => {
      await cycles.remove(req.user.id, req.params.id);
      return { message: req.t('server.deleted'), data: null };
    },
  );
}
