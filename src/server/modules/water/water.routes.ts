import { Type } from 'typebox';
import { BulkBody, type BulkItem, BulkItemId, BulkResult } from '#shared/contracts/bulk';
import { Envelope, IdParams, ListEnvelope, MessageOnly } from '#shared/contracts/envelope';
import {
  KeepBothBody,
  WATER_KINDS,
  type WaterKind,
  WaterQuery,
  WaterReading,
  WaterUpdateBody,
} from '#shared/contracts/water';
import type { Api, AppContext } from '../../types.ts';

// The bulk route checks only the batch shape and item ids: each item is validated in the
// service so one bad row fails alone (see src/shared/contracts/bulk.ts).
const WaterBulkBody = BulkBody(BulkItemId);

/** HTTP only: the same five routes for each reading kind. */
export function waterRoutes(api: Api, ctx: AppContext): void {
  for (const kind of WATER_KINDS) kindRoutes(api, ctx, kind);
}

function kindRoutes(api: Api, ctx: AppContext, kind: WaterKind): void {
  const { water } = ctx;
  const tags = ['water'];
  const base = `/water/${kind}`;

  api.get(
    base,
    { schema: { tags, querystring: WaterQuery, response: { 200: ListEnvelope(WaterReading[kind]) } } },
    async (req) => {
      const { items, server_time } = await water.list(req.user.id, kind, req.query);
      return { message: req.t('server.ok'), data: items, server_time };
    },
  );

  api.post(
    `${base}/bulk`,
    {
      schema: {
        tags,
        description: `Idempotent upsert by id; items shaped as WaterReadingInput.${kind}; one result per item.`,
        body: WaterBulkBody,
        response: { 200: Envelope(BulkResult) },
      },
    },
    async (req) => ({
      message: req.t('server.ok'),
      data: await water.bulk(req.user.id, kind, req.body.items as BulkItem[], req.lang),
    }),
  );

  api.post(
    `${base}/keepBoth`,
    {
      schema: {
        tags,
        description:
          'Readings of one pond, farm day and slot kept side by side on purpose (ADR 0063): they stop being flagged as a double.',
        body: KeepBothBody,
        response: { 200: Envelope(Type.Array(WaterReading[kind])) },
      },
    },
    async (req) => ({
      message: req.t('server.updated'),
      data: await water.keepBoth(req.user.id, kind, req.body),
    }),
  );

  api.put(
    `${base}/:id/update`,
    {
      schema: {
        tags,
        params: IdParams,
        body: WaterUpdateBody[kind],
        response: { 200: Envelope(WaterReading[kind]) },
      },
    },
    async (req) => ({
      message: req.t('server.updated'),
      data: await water.update(req.user.id, kind, req.params.id, req.body, req.headers),
    }),
  );

  api.delete(
    `${base}/:id/delete`,
    { schema: { tags, params: IdParams, response: { 200: MessageOnly } } },
    async (req) => {
      await water.remove(req.user.id, kind, req.params.id);
      return { message: req.t('server.deleted'), data: null };
    },
  );
}
