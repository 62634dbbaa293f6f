import { Type } from 'typebox';
import { Envelope, IdParams, ListEnvelope, MessageOnly } from '#shared/contracts/envelope';
import { AddFarmBody, Farm, FarmInfo, InternalFarm, UpdateFarmBody } from '#shared/contracts/farm';
import type { Api, AppContext } from '../../types.ts';

const tags = ['farm'];

/** HTTP only: parse, call the farm service, wrap the answer. */
export function farmRoutes(api: Api, ctx: AppContext): void {
  const { farms, serverClock } = ctx;

  // The whole list every time (no `since`): a farm missing from it was deleted or left.
  api.get('/farm', { schema: { tags, response: { 200: ListEnvelope(Farm) } } }, async (req) => {
    const { items, server_time } = await farms.listWithTime(req.user.id);
    // An embed link (ADR 0062) reads as its maker but sees only its own farm.
    const embedFarm = req.user.embed?.farmId;
    // A user without farms has no row to carry the clock: ask it.
    return {
      message: req.t('server.ok'),
      data: embedFarm ? items.filter((farm) => farm.farm_id === embedFarm) : items,
      server_time: server_time ?? (await serverClock.now()),
    };
  });

  api.get(
    '/internal/farm',
    { schema: { tags, response: { 200: Envelope(Type.Array(InternalFarm)) } } },
    async (req) => ({
      message: req.t('server.ok'),
      data: await farms.listInternal(req.user.id),
    }),
  );

  api.get(
    '/farm/:id/info',
    { schema: { tags, params: IdParams, response: { 200: Envelope(FarmInfo) } } },
    async (req) => ({
      message: req.t('server.ok'),
      data: await farms.info(req.user.id, req.params.id),
    }),
  );

  api.post(
    '/farm/add',
    { schema: { tags, body: AddFarmBody, response: { 201: Envelope(Farm) } } },
    async (req, reply) => {
      const farm = await farms.add(req.user.id, req.body);
      return reply.status(201).send({ message: req.t('server.created'), data: farm });
    },
  );

  api.put(
    '/farm/:id/update',
    { schema: { tags, params: IdParams, body: UpdateFarmBody, response: { 200: Envelope(Farm) } } },
    async (req) => ({
      message: req.t('server.updated'),
      data: await farms.update(req.user.id, req.params.id, req.body, req.headers),
    }),
  );

  api.delete(
    '/farm/:id/delete',
    { schema: { tags, params: IdParams, response: { 200: MessageOnly } } },
    async (req) => {
      await farms.remove(req.user.id, req.params.id);
      return { message: req.t('server.deleted'), data: null };
    },
  );

  api.post(
    '/farm/:id/leave',
    { schema: { tags, params: IdParams, response: { 200: MessageOnly } } },
    async (req) => {
      await farms.leave(req.user.id, req.params.id);
      return { message: req.t('server.left-farm'), data: null };
    },
  );
}
