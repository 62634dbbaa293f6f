import { Type } from 'typebox';
import {
  AddDeathBody,
  CumulativeDeathQuery,
  Death,
  DeathQuery,
  FarmDeathQuery,
  PondCumulativeDeaths,
  PondDayDeaths,
  UpdateDeathBody,
} from '#shared/contracts/death';
import { Envelope, IdParams, ListEnvelope, MessageOnly } from '#shared/contracts/envelope';
import { AddHarvestBody, Harvest, HarvestQuery, UpdateHarvestBody } from '#shared/contracts/harvest';
import { Overview, OverviewQuery } from '#shared/contracts/overview';
import { AddStockBody, Stock, StockQuery, UpdateStockBody } from '#shared/contracts/stock';
import { listEnvelope, sendJsonList } from '../../kernel/json-list.ts';
import type { Api, AppContext } from '../../types.ts';

/** HTTP only: stocking (/stock, /stock-cycle), /harvest, /death and /overview. */
export function productionRoutes(api: Api, ctx: AppContext): void {
  const { stocks, harvests, deaths, overview } = ctx;

  api.get(
    '/stock',
    { schema: { tags: ['stock'], querystring: StockQuery, response: { 200: ListEnvelope(Stock) } } },
    async (req) => {
      const { items, server_time } = await stocks.list(req.user.id, req.query);
      return { message: req.t('server.ok'), data: items, server_time };
    },
  );
  api.post(
    '/stock',
    {
      schema: {
        tags: ['stock'],
        body: AddStockBody,
        response: { 200: Envelope(Stock), 201: Envelope(Stock) },
      },
    },
    async (req, reply) => {
      const { stock, created } = await stocks.create(req.user.id, req.body);
      return reply.status(created ? 201 : 200).send({ message: req.t('server.created'), data: stock });
    },
  );
  for (const [path, withCycle] of [
    ['/stock', false],
    ['/stock-cycle', true],
  ] as const) {
    api.put(
      `${path}/:id/update`,
      {
        schema: {
          tags: ['stock'],
          params: IdParams,
          body: UpdateStockBody,
          response: { 200: Envelope(Stock) },
        },
      },
      async (req) => ({
        message: req.t('server.updated'),
        data: await stocks.update(req.user.id, req.params.id, req.body, req.headers, withCycle),
      }),
    );
    api.delete(
      `${path}/:id/delete`,
      { schema: { tags: ['stock'], params: IdParams, response: { 200: MessageOnly } } },
      async (req) => {
        await stocks.remove(req.user.id, req.params.id, withCycle);
        return { message: req.t('server.deleted'), data: null };
      },
    );
  }

  api.get(
    '/harvest',
    { schema: { tags: ['harvest'], querystring: HarvestQuery, response: { 200: ListEnvelope(Harvest) } } },
    async (req) => {
      const { items, server_time } = await harvests.list(req.user.id, req.query);
      return { message: req.t('server.ok'), data: items, server_time };
    },
  );
  api.post(
    '/harvest',
    {
      schema: {
        tags: ['harvest'],
        body: AddHarvestBody,
        response: { 200: Envelope(Harvest), 201: Envelope(Harvest) },
      },
    },
    async (req, reply) => {
      const { harvest, created } = await harvests.create(req.user.id, req.body);
      return reply.status(created ? 201 : 200).send({ message: req.t('server.created'), data: harvest });
    },
  );
  api.put(
    '/harvest/:id/update',
    {
      schema: {
        tags: ['harvest'],
        params: IdParams,
        body: UpdateHarvestBody,
        response: { 200: Envelope(Harvest) },
      },
    },
    async (req) => ({
      message: req.t('server.updated'),
      data: await harvests.update(req.user.id, req.params.id, req.body, req.headers),
    }),
  );
  api.delete(
    '/harvest/:id/delete',
    { schema: { tags: ['harvest'], params: IdParams, response: { 200: MessageOnly } } },
    async (req) => {
      await harvests.remove(req.user.id, req.params.id);
      return { message: req.t('server.deleted'), data: null };
    },
  );

  api.get(
    '/death',
    { schema: { tags: ['death'], querystring: DeathQuery, response: { 200: ListEnvelope(Death) } } },
    async (req, reply) => {
      const { json, server_time } = await deaths.listJson(req.user.id, req.query);
      return sendJsonList(reply, listEnvelope(req.t('server.ok'), json, server_time));
    },
  );
  api.post(
    '/death',
    {
      schema: {
        tags: ['death'],
        body: AddDeathBody,
        response: { 200: Envelope(Death), 201: Envelope(Death) },
      },
    },
    async (req, reply) => {
      const { death, created } = await deaths.create(req.user.id, req.body);
      return reply.status(created ? 201 : 200).send({ message: req.t('server.created'), data: death });
    },
  );
  api.put(
    '/death/:id/update',
    {
      schema: {
        tags: ['death'],
        params: IdParams,
        body: UpdateDeathBody,
        response: { 200: Envelope(Death) },
      },
    },
    async (req) => ({
      message: req.t('server.updated'),
      data: await deaths.update(req.user.id, req.params.id, req.body, req.headers),
    }),
  );
  api.delete(
    '/death/:id/delete',
    { schema: { tags: ['death'], params: IdParams, response: { 200: MessageOnly } } },
    async (req) => {
      await deaths.remove(req.user.id, req.params.id);
      return { message: req.t('server.deleted'), data: null };
    },
  );
  api.get(
    '/death/farm',
    {
      schema: {
        tags: ['death'],
        querystring: FarmDeathQuery,
        response: { 200: Envelope(Type.Array(PondDayDeaths)) },
      },
    },
    async (req) => ({ message: req.t('server.ok'), data: await deaths.farmDays(req.user.id, req.query) }),
  );
  api.get(
    '/death/farm/cumulative/before',
    {
      schema: {
        tags: ['death'],
        querystring: CumulativeDeathQuery,
        response: { 200: Envelope(Type.Array(PondCumulativeDeaths)) },
      },
    },
    async (req) => ({
      message: req.t('server.ok'),
      data: await deaths.cumulativeBefore(req.user.id, req.query),
    }),
  );

  api.get(
    '/overview',
    { schema: { tags: ['overview'], querystring: OverviewQuery, response: { 200: Envelope(Overview) } } },
    async (req) => ({ message: req.t('server.ok'), data: await overview.overview(req.user.id, req.query) }),
  );
}
