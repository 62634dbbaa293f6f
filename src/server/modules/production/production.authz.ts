import { v7 as uuidv7 } from 'uuid';
import type { AuthzCase, AuthzModule } from '../../authz/types.ts';

const STOCK_DAY = '2024-02-01';

const stockCases: AuthzCase[] = [
  { route: 'GET /api/stock', request: (A) => ({ url: `/api/stock?pond_id=${A.pondId}` }) },
  { route: 'GET /api/stock', request: (A) => ({ url: `/api/stock?stock_id=${A.extra.stockId}` }) },
  {
    route: 'GET /api/stock',
    request: (A) => ({ url: `/api/stock?farm_id=${A.farmId}&since=2000-01-01T00:00:00Z` }),
  },
  {
    route: 'POST /api/stock',
    request: (A) => ({
      url: '/api/stock',
      payload: { pond_id: A.pondId, stock_date: STOCK_DAY, seed_net: 1000, seed_actual: 1000 },
    }),
  },
  {
    route: 'POST /api/stock',
    request: (A, B) => ({
      url: '/api/stock',
      payload: {
        stock_id: A.extra.stockId,
        pond_id: B.pondId,
        stock_date: STOCK_DAY,
        seed_net: 10,
        seed_actual: 10,
      },
    }),
    status: 409,
    code: 'conflict',
    reason: 'b reuses A’s stock id as a client id on b’s own pond: refused, A untouched',
  },
  ...(['stock', 'stock-cycle'] as const).flatMap((path): AuthzCase[] => [
    {
      route: `PUT /api/${path}/:id/update`,
      request: (A) => ({ url: `/api/${path}/${A.extra.stockId}/update`, payload: { bags: 3 } }),
    },
    {
      route: `DELETE /api/${path}/:id/delete`,
      request: (A) => ({ url: `/api/${path}/${A.extra.stockId}/delete` }),
    },
  ]),
];

const harvestCases: AuthzCase[] = [
  { route: 'GET /api/harvest', request: (A) => ({ url: `/api/harvest?stock_id=${A.extra.stockId}` }) },
  { route: 'GET /api/harvest', request: (A) => ({ url: `/api/harvest?farm_id=${A.farmId}` }) },
  {
    route: 'POST /api/harvest',
    request: (A) => ({
      url: '/api/harvest',
      payload: {
        stock_id: A.extra.stockId,
        harvested_on: '2024-03-01',
        type: 'partial',
        weight_kg: 1,
        size: 100,
        price_per_kg: 50_000,
      },
    }),
  },
  {
    route: 'POST /api/harvest',
    request: (A, B) => ({
      url: '/api/harvest',
      payload: {
        harvest_id: A.extra.harvestId,
        stock_id: B.extra.stockId,
        harvested_on: '2024-03-01',
        type: 'partial',
        weight_kg: 1,
        size: 100,
        price_per_kg: 50_000,
      },
    }),
    status: 409,
    code: 'conflict',
    reason: 'b reuses A’s harvest id on b’s own stocking: refused, A untouched',
  },
  {
    route: 'PUT /api/harvest/:id/update',
    request: (A) => ({ url: `/api/harvest/${A.extra.harvestId}/update`, payload: { weight_kg: 2 } }),
  },
  {
    route: 'DELETE /api/harvest/:id/delete',
    request: (A) => ({ url: `/api/harvest/${A.extra.harvestId}/delete` }),
  },
];

const deathCases: AuthzCase[] = [
  { route: 'GET /api/death', request: (A) => ({ url: `/api/death?stock_id=${A.extra.stockId}` }) },
  { route: 'GET /api/death', request: (A) => ({ url: `/api/death?farm_id=${A.farmId}` }) },
  {
    route: 'POST /api/death',
    request: (A) => ({
      url: '/api/death',
      payload: { stock_id: A.extra.stockId, died_on: '2024-03-01', count: 5 },
    }),
  },
  {
    route: 'POST /api/death',
    request: (A, B) => ({
      url: '/api/death',
      payload: { death_id: A.extra.deathId, stock_id: B.extra.stockId, died_on: '2024-03-01', count: 5 },
    }),
    status: 409,
    code: 'conflict',
    reason: 'b reuses A’s death id on b’s own stocking: refused, A untouched',
  },
  {
    route: 'PUT /api/death/:id/update',
    request: (A) => ({ url: `/api/death/${A.extra.deathId}/update`, payload: { count: 6 } }),
  },
  {
    route: 'DELETE /api/death/:id/delete',
    request: (A) => ({ url: `/api/death/${A.extra.deathId}/delete` }),
  },
  {
    route: 'GET /api/death/farm',
    request: (A) => ({ url: `/api/death/farm?farm_id=${A.farmId}&start_date=2024-01-01` }),
  },
  {
    route: 'GET /api/death/farm/cumulative/before',
    request: (A) => ({ url: `/api/death/farm/cumulative/before?farm_id=${A.farmId}&start_date=2024-03-02` }),
  },
  { route: 'GET /api/overview', request: (A) => ({ url: `/api/overview?farm_id=${A.farmId}` }) },
  {
    route: 'GET /api/overview',
    request: (A) => ({ url: `/api/overview?farm_id=${A.farmId}&pond_id=${A.pondId}` }),
  },
];

/** Stock, harvest, death and overview routes called by b with farm A's ids. */
export const productionAuthz: AuthzModule = {
  name: 'production',
  seed: async (app, owner, farm) => {
    const post = async (url: string, payload: Record<string, unknown>) => {
      const res = await app.inject({ method: 'POST', url, headers: owner.auth, payload });
      if (res.statusCode !== 201) throw new Error(`production seed ${url} failed: ${res.body}`);
      return res.json().data;
    };
    const stock = await post('/api/stock', {
      stock_id: uuidv7(),
      pond_id: farm.pondId,
      stock_date: STOCK_DAY,
      seed_net: 100_000,
      seed_actual: 100_000,
    });
    const harvest = await post('/api/harvest', {
      stock_id: stock.stock_id,
      harvested_on: '2024-03-01',
      type: 'partial',
      weight_kg: 10,
      size: 100,
      price_per_kg: 60_000,
    });
    const death = await post('/api/death', { stock_id: stock.stock_id, died_on: '2024-02-10', count: 50 });
    return { stockId: stock.stock_id, harvestId: harvest.harvest_id, deathId: death.death_id };
  },
  cases: [...stockCases, ...harvestCases, ...deathCases],
};
