import type { AuthzModule } from '../../authz/types.ts';
import { STARTER_PRODUCTS } from '../../db/migrations/data/starter-products-0016.ts';

const FEED = STARTER_PRODUCTS[0].id;
const day = '2024-02-01';

/** Purchase-order routes called by b with farm A's ids (src/server/authz/README.md). */
export const purchaseOrderAuthz: AuthzModule = {
  name: 'purchase-order',
  seed: async (app, owner, farm) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/farm/purchase-order',
      headers: owner.auth,
      payload: {
        farm_id: farm.farmId,
        supplier_name: 'Toko Pakan',
        supplier_phone: '081234567890',
        items: [{ product_id: FEED, qty: 50 }],
      },
    });
    if (res.statusCode !== 200) throw new Error(`purchase-order seed failed: ${res.body}`);
    return { orderId: res.json().data.id };
  },
  cases: [
    {
      route: 'POST /api/farm/purchase-order',
      request: (A) => ({
        url: '/api/farm/purchase-order',
        payload: {
          farm_id: A.farmId,
          supplier_name: 'X',
          supplier_phone: '0812345678',
          items: [{ product_id: FEED, qty: 1 }],
        },
      }),
    },
    {
      route: 'GET /api/purchase-order',
      request: (A) => ({ url: `/api/purchase-order?farm_id=${A.farmId}&page=1` }),
    },
    {
      route: 'POST /api/farm/purchase-order/:id/whatsapp',
      request: (A) => ({ url: `/api/farm/purchase-order/${A.extra.orderId}/whatsapp` }),
    },
    {
      route: 'POST /api/farm/purchase-order/:id/receive',
      request: (A) => ({
        url: `/api/farm/purchase-order/${A.extra.orderId}/receive`,
        payload: { received_on: day, items: [{ product_id: FEED, price: 1 }] },
      }),
    },
  ],
};
