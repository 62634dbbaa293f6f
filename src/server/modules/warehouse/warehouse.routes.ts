import { Type } from 'typebox';
import { BulkBody, type BulkItem, BulkItemId, BulkResult } from '#shared/contracts/bulk';
import {
  Envelope,
  EnvelopeWithRelated,
  IdParams,
  ListEnvelope,
  MessageOnly,
} from '#shared/contracts/envelope';
import {
  Category,
  CreateItemBody,
  CreateProductBody,
  HistoryQuery,
  Movement,
  MovementParams,
  Product,
  ProductPage,
  ProductQuery,
  RemoveBody,
  StockAfter,
  StoreBody,
  UpdateItemBody,
  UpdateRemoveBody,
  UpdateStoreBody,
  UpdateUseBody,
  UsedSubParams,
  WarehouseItem,
  WarehouseQuery,
} from '#shared/contracts/warehouse';
import { listEnvelope, sendJsonList } from '../../kernel/json-list.ts';
import type { Api, AppContext } from '../../types.ts';

const tags = ['warehouse'];

/** HTTP only: catalogue, items, restock/removal, uses and history (seed 000 §7 "Warehouse"). */
export function warehouseRoutes(api: Api, ctx: AppContext): void {
  const { warehouse, useItems } = ctx;

  api.get(
    '/category',
    { schema: { tags, response: { 200: Envelope(Type.Array(Category)) } } },
    async (req) => ({
      message: req.t('server.ok'),
      data: warehouse.categories(req.lang),
    }),
  );

  api.get(
    '/products',
    { schema: { tags, querystring: ProductQuery, response: { 200: Envelope(ProductPage) } } },
    async (req) => ({
      message: req.t('server.ok'),
      data: await warehouse.listProducts(req.user.id, req.query, req.lang),
    }),
  );
  api.post(
    '/products',
    { schema: { tags, body: CreateProductBody, response: { 200: Envelope(Product) } } },
    async (req) => ({
      message: req.t('server.created'),
      data: await warehouse.createProduct(req.user.id, req.body, req.lang),
    }),
  );

  const listItems = async (req: {
    user: { id: string };
    query: WarehouseQuery;
    lang: 'id' | 'en';
    t: (k: string) => string;
  }) => {
    const { items, server_time } = await warehouse.listItems(req.user.id, req.query, req.lang);
    return { message: req.t('server.ok'), data: items, server_time };
  };
  api.get(
    '/warehouse',
    { schema: { tags, querystring: WarehouseQuery, response: { 200: ListEnvelope(WarehouseItem) } } },
    listItems,
  );
  api.get(
    '/searchFarmWarehouse',
    { schema: { tags, querystring: WarehouseQuery, response: { 200: ListEnvelope(WarehouseItem) } } },
    listItems,
  );
  api.get(
    '/useitem/products',
    {
      schema: {
        tags,
        description: 'The farm’s items a use can take from (the use forms’ list).',
        querystring: WarehouseQuery,
        response: { 200: ListEnvelope(WarehouseItem) },
      },
    },
    listItems,
  );
  api.get(
    '/warehouse/history',
    { schema: { tags, querystring: HistoryQuery, response: { 200: ListEnvelope(Movement) } } },
    async (req, reply) => {
      const { json, server_time } = await warehouse.historyJson(req.user.id, req.query);
      return sendJsonList(reply, listEnvelope(req.t('server.ok'), json, server_time));
    },
  );

  api.post(
    '/warehouse',
    { schema: { tags, body: CreateItemBody, response: { 200: Envelope(WarehouseItem) } } },
    async (req) => ({
      message: req.t('server.created'),
      data: await warehouse.createItem(req.user.id, req.body, req.lang),
    }),
  );
  api.put(
    '/warehouse/:id/update',
    { schema: { tags, params: IdParams, body: UpdateItemBody, response: { 200: Envelope(WarehouseItem) } } },
    async (req) => ({
      message: req.t('server.updated'),
      data: await warehouse.updateItem(req.user.id, req.params.id, req.body, req.headers, req.lang),
    }),
  );
  api.delete(
    '/warehouse/:id/delete',
    { schema: { tags, params: IdParams, response: { 200: MessageOnly } } },
    async (req) => {
      await warehouse.deleteItem(req.user.id, req.params.id);
      return { message: req.t('server.deleted'), data: null };
    },
  );

  for (const kind of ['store', 'remove'] as const) {
    api.post(
      `/warehouse/:id/${kind}`,
      {
        schema: {
          tags,
          description: kind === 'store' ? 'Restock; idempotent by id.' : 'Removal; refused beyond the stock.',
          params: IdParams,
          body: kind === 'store' ? StoreBody : RemoveBody,
          response: { 200: EnvelopeWithRelated(Movement, StockAfter) },
        },
      },
      async (req) => ({
        message: req.t('server.created'),
        data: await warehouse.addMovement(req.user.id, req.params.id, kind, req.body),
        related: await warehouse.stockAfter([req.params.id], req.lang),
      }),
    );
    api.put(
      `/warehouse/:id/${kind}/:used_sub_id/update`,
      {
        schema: {
          tags,
          params: MovementParams,
          body: kind === 'store' ? UpdateStoreBody : UpdateRemoveBody,
          response: { 200: EnvelopeWithRelated(Movement, StockAfter) },
        },
      },
      async (req) => ({
        message: req.t('server.updated'),
        data: await warehouse.updateMovement(
          req.user.id,
          req.params.id,
          req.params.used_sub_id,
          kind,
          req.body,
          req.headers,
        ),
        related: await warehouse.stockAfter([req.params.id], req.lang),
      }),
    );
    api.delete(
      `/warehouse/:id/${kind}/:used_sub_id/delete`,
      {
        schema: {
          tags,
          params: MovementParams,
          response: { 200: EnvelopeWithRelated(Type.Null(), StockAfter) },
        },
      },
      async (req) => {
        await warehouse.deleteMovement(req.user.id, req.params.id, req.params.used_sub_id, kind);
        return {
          message: req.t('server.deleted'),
          data: null,
          related: await warehouse.stockAfter([req.params.id], req.lang),
        };
      },
    );
  }

  api.post(
    '/useitem/bulk',
    {
      schema: {
        tags,
        description:
          'Uses in ponds (feed, probiotics …); items shaped as UseItemInput; never refused for stock.',
        body: BulkBody(BulkItemId),
        response: { 200: EnvelopeWithRelated(BulkResult, StockAfter) },
      },
    },
    async (req) => {
      const items = req.body.items as BulkItem[];
      const results = await useItems.bulk(req.user.id, items, req.lang);
      const stored = new Set(results.filter((r) => r.status === 'ok').map((r) => r.id));
      const moved = items.filter((i) => stored.has(i.id)).map((i) => i.warehouse_id as string);
      return {
        message: req.t('server.ok'),
        data: { results },
        related: await warehouse.stockAfter(moved, req.lang),
      };
    },
  );
  api.put(
    '/useitem/:used_sub_id/update',
    {
      schema: {
        tags,
        params: UsedSubParams,
        body: UpdateUseBody,
        response: { 200: EnvelopeWithRelated(Movement, StockAfter) },
      },
    },
    async (req) => {
      const data = await useItems.update(req.user.id, req.params.used_sub_id, req.body, req.headers);
      return {
        message: req.t('server.updated'),
        data,
        related: await warehouse.stockAfter([data.warehouse_id], req.lang),
      };
    },
  );
  api.delete(
    '/useitem/:used_sub_id/delete',
    {
      schema: {
        tags,
        params: UsedSubParams,
        response: { 200: EnvelopeWithRelated(Type.Null(), StockAfter) },
      },
    },
    async (req) => {
      const warehouseId = await useItems.remove(req.user.id, req.params.used_sub_id);
      return {
        message: req.t('server.deleted'),
        data: null,
        related: await warehouse.stockAfter([warehouseId], req.lang),
      };
    },
  );
}
