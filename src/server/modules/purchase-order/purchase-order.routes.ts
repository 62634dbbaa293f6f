import { Envelope, EnvelopeWithRelated, IdParams, ListEnvelope } from '#shared/contracts/envelope';
import {
  CreatePurchaseOrderBody,
  PurchaseOrder,
  PurchaseOrderQuery,
  ReceiveBody,
  ReceivedStock,
  SendResult,
} from '#shared/contracts/warehouse';
import { idempotencyKeyOf } from '../../idempotency.ts';
import type { Api, AppContext } from '../../types.ts';

const tags = ['purchase-order'];

/** Purchase orders (seed 000 §7): create, send over WhatsApp, list (paged), receive into the warehouse. */
export function purchaseOrderRoutes(api: Api, ctx: AppContext): void {
  const { purchaseOrders, warehouse } = ctx;
  api.post(
    '/farm/purchase-order',
    { schema: { tags, body: CreatePurchaseOrderBody, response: { 200: Envelope(PurchaseOrder) } } },
    async (req) => ({
      message: req.t('server.created'),
      data: await purchaseOrders.create(req.user.id, req.body, req.lang),
    }),
  );
  api.post(
    '/farm/purchase-order/:id/whatsapp',
    { schema: { tags, params: IdParams, response: { 200: Envelope(SendResult) } } },
    async (req) => ({
      message: req.t('server.ok'),
      data: await purchaseOrders.send(req.user.id, req.params.id, req.lang),
    }),
  );
  api.post(
    '/farm/purchase-order/:id/receive',
    {
      schema: {
        tags,
        params: IdParams,
        body: ReceiveBody,
        response: { 200: EnvelopeWithRelated(PurchaseOrder, ReceivedStock) },
      },
    },
    async (req) => ({
      message: req.t('server.updated'),
      data: await purchaseOrders.receive(
        req.user.id,
        req.params.id,
        req.body,
        req.lang,
        idempotencyKeyOf(req.headers),
      ),
      related: await warehouse.receivedStock(req.params.id, req.lang),
    }),
  );
  api.get(
    '/purchase-order',
    {
      schema: {
        tags,
        description: 'Newest first; `page` answers 20 a page, without it every order (the offline pull).',
        querystring: PurchaseOrderQuery,
        response: { 200: ListEnvelope(PurchaseOrder) },
      },
    },
    async (req) => {
      const { items, server_time } = await purchaseOrders.list(req.user.id, req.query, req.lang);
      return { message: req.t('server.ok'), data: items, server_time };
    },
  );
}
