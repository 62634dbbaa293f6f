import { v7 as uuidv7 } from 'uuid';
import type { AuthzCase, AuthzModule } from '../../authz/types.ts';
import { STARTER_PRODUCTS } from '../../db/migrations/data/starter-products-0016.ts';

const FEED = STARTER_PRODUCTS[0].id;
const day = '2024-02-01';

async function post(
  app: Parameters<NonNullable<AuthzModule['seed']>>[0],
  auth: Record<string, string>,
  url: string,
  payload: unknown,
) {
  const res = await app.inject({
    method: 'POST',
    url,
    headers: auth,
    payload: payload as Record<string, unknown>,
  });
  if (res.statusCode !== 200) throw new Error(`warehouse seed ${url} failed: ${res.body}`);
  return res.json().data;
}

const movementCases = (kind: 'store' | 'remove'): AuthzCase[] => [
  {
    route: `POST /api/warehouse/:id/${kind}`,
    request: (A) => ({
      url: `/api/warehouse/${A.extra.itemId}/${kind}`,
      payload: { id: uuidv7(), qty: 1, used_on: day },
    }),
  },
  {
    route: `PUT /api/warehouse/:id/${kind}/:used_sub_id/update`,
    request: (A) => ({
      url: `/api/warehouse/${A.extra.itemId}/${kind}/${A.extra[`${kind}Id`]}/update`,
      payload: { qty: 2 },
    }),
  },
  {
    route: `DELETE /api/warehouse/:id/${kind}/:used_sub_id/delete`,
    request: (A) => ({ url: `/api/warehouse/${A.extra.itemId}/${kind}/${A.extra[`${kind}Id`]}/delete` }),
  },
];

/** Warehouse and use routes called by b with farm A's ids (src/server/authz/README.md). */
export const warehouseAuthz: AuthzModule = {
  name: 'warehouse',
  seed: async (app, owner, farm) => {
    const auth = owner.auth;
    const product = await post(app, auth, '/api/products', {
      farm_id: farm.farmId,
      category_id: 3,
      product_name: `Probiotik ${farm.farmName}`,
      unit: 'Liter',
    });
    const item = await post(app, auth, '/api/warehouse', {
      farm_id: farm.farmId,
      product_id: FEED,
      minimum_stock: 5,
      price: 15000,
    });
    const storeId = uuidv7();
    await post(app, auth, `/api/warehouse/${item.warehouse_id}/store`, {
      id: storeId,
      qty: 100,
      price: 15000,
      used_on: day,
    });
    const removeId = uuidv7();
    await post(app, auth, `/api/warehouse/${item.warehouse_id}/remove`, {
      id: removeId,
      qty: 1,
      used_on: day,
    });
    const useId = uuidv7();
    const bulk = await post(app, auth, '/api/useitem/bulk', {
      items: [
        {
          id: useId,
          warehouse_id: item.warehouse_id,
          pond_id: farm.pondId,
          qty: 2.5,
          used_on: day,
          time: '07:00',
        },
      ],
    });
    if (bulk.results[0].status !== 'ok') throw new Error(`use seed failed: ${JSON.stringify(bulk)}`);
    return {
      productId: product.product_id,
      itemId: item.warehouse_id,
      storeId,
      removeId,
      useId,
    };
  },
  cases: [
    {
      route: 'GET /api/category',
      request: () => ({ url: '/api/category' }),
      status: 200,
      reason: 'the category list is the same for every farm and names no farm',
    },
    { route: 'GET /api/products', request: (A) => ({ url: `/api/products?farm_id=${A.farmId}` }) },
    {
      route: 'POST /api/products',
      request: (A) => ({
        url: '/api/products',
        payload: { farm_id: A.farmId, category_id: 5, product_name: 'Pakan', unit: 'Kg' },
      }),
    },
    {
      route: 'POST /api/products',
      request: (A, B) => ({
        url: '/api/products',
        payload: {
          product_id: A.extra.productId,
          farm_id: B.farmId,
          category_id: 5,
          product_name: 'Pakan',
          unit: 'Kg',
        },
      }),
      status: 409,
      code: 'conflict',
      reason: 'b reuses A’s product id in b’s own farm: the id is taken, A’s product untouched',
    },
    { route: 'GET /api/warehouse', request: (A) => ({ url: `/api/warehouse?farm_id=${A.farmId}` }) },
    {
      route: 'GET /api/searchFarmWarehouse',
      request: (A) => ({ url: `/api/searchFarmWarehouse?farm_id=${A.farmId}&search=pakan` }),
    },
    {
      route: 'GET /api/useitem/products',
      request: (A) => ({ url: `/api/useitem/products?farm_id=${A.farmId}` }),
    },
    {
      route: 'GET /api/warehouse/history',
      request: (A) => ({ url: `/api/warehouse/history?farm_id=${A.farmId}` }),
    },
    {
      route: 'POST /api/warehouse',
      request: (A) => ({ url: '/api/warehouse', payload: { farm_id: A.farmId, product_id: FEED } }),
    },
    {
      route: 'POST /api/warehouse',
      request: (A, B) => ({
        url: '/api/warehouse',
        payload: { farm_id: B.farmId, product_id: A.extra.productId },
      }),
      status: 400,
      code: 'validation-failed',
      reason: 'A’s own product in b’s farm is an unknown product (field error), nothing stored',
    },
    {
      route: 'PUT /api/warehouse/:id/update',
      request: (A) => ({ url: `/api/warehouse/${A.extra.itemId}/update`, payload: { minimum_stock: 1 } }),
    },
    {
      route: 'DELETE /api/warehouse/:id/delete',
      request: (A) => ({ url: `/api/warehouse/${A.extra.itemId}/delete` }),
    },
    ...movementCases('store'),
    ...movementCases('remove'),
    {
      route: 'POST /api/useitem/bulk',
      request: (A) => ({
        url: '/api/useitem/bulk',
        payload: {
          items: [{ id: uuidv7(), warehouse_id: A.extra.itemId, pond_id: A.pondId, qty: 1, used_on: day }],
        },
      }),
      status: 200,
      reason: 'a batch answers per item: the use in A’s pond is refused as not-found, nothing stored',
    },
    {
      route: 'POST /api/useitem/bulk',
      request: (A, B) => ({
        url: '/api/useitem/bulk',
        payload: {
          items: [{ id: uuidv7(), warehouse_id: A.extra.itemId, pond_id: B.pondId, qty: 1, used_on: day }],
        },
      }),
      status: 200,
      reason: 'A’s item used in b’s pond is an unknown item for that item, A’s stock untouched',
    },
    {
      route: 'PUT /api/useitem/:used_sub_id/update',
      request: (A) => ({ url: `/api/useitem/${A.extra.useId}/update`, payload: { qty: 9 } }),
    },
    {
      route: 'DELETE /api/useitem/:used_sub_id/delete',
      request: (A) => ({ url: `/api/useitem/${A.extra.useId}/delete` }),
    },
  ],
};
