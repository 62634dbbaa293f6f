import { v7 as uuidv7 } from 'uuid';
import type { AuthzModule } from '../../authz/types.ts';

/** The forecast reads called by b with farm A's farm and cycle. */
export const forecastAuthz: AuthzModule = {
  name: 'forecast',
  cases: [
    { route: 'GET /api/forecast', request: (A) => ({ url: `/api/forecast?farm_id=${A.farmId}` }) },
    {
      route: 'GET /api/forecast/cycle/:cycle_id',
      request: (A) => ({ url: `/api/forecast/cycle/${A.extra.forecastCycleId}?farm_id=${A.farmId}` }),
    },
    {
      route: 'GET /api/forecast/cycle/:cycle_id',
      request: (A, B) => ({ url: `/api/forecast/cycle/${A.extra.forecastCycleId}?farm_id=${B.farmId}` }),
    },
  ],
  /** The running cycle of A's pond (the production module stocks it), else an id that is no cycle. */
  seed: async (app, _owner, farm) => {
    const row = await app.ctx.db
      .selectFrom('stocks')
      .select('cycle_id')
      .where('pond_id', '=', farm.pondId)
      .where('is_harvest', '=', false)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return { forecastCycleId: row?.cycle_id ?? uuidv7() };
  },
};
