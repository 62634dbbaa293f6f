import { v7 as uuidv7 } from 'uuid';
import { WATER_KINDS, type WaterKind } from '#shared/contracts/water';
import type { AuthzCase, AuthzModule } from '../../authz/types.ts';

const measured_at = '2024-02-01T06:00:00+07:00';

function kindCases(kind: WaterKind): AuthzCase[] {
  const base = `/api/water/${kind}`;
  const readingId = (A: { extra: Record<string, string> }) => A.extra[`${kind}Id`];
  return [
    { route: `GET ${base}`, request: (A) => ({ url: `${base}?farm_id=${A.farmId}` }) },
    {
      route: `GET ${base}`,
      request: (A) => ({ url: `${base}?farm_id=${A.farmId}&pond_id=${A.pondId}&since=2000-01-01T00:00:00Z` }),
    },
    {
      route: `POST ${base}/bulk`,
      request: (A) => ({
        url: `${base}/bulk`,
        payload: { items: [{ id: uuidv7(), pond_id: A.pondId, measured_at }] },
      }),
      status: 200,
      reason: 'a batch answers per item: the item for A’s pond is refused as not-found, nothing stored',
    },
    {
      route: `POST ${base}/bulk`,
      request: (A, B) => ({
        url: `${base}/bulk`,
        payload: { items: [{ id: readingId(A), pond_id: B.pondId, measured_at }] },
      }),
      status: 200,
      reason: 'b reuses A’s reading id on b’s own pond: that item is a conflict, A’s row untouched',
    },
    {
      route: `PUT ${base}/:id/update`,
      request: (A) => ({ url: `${base}/${readingId(A)}/update`, payload: { measured_at } }),
    },
    { route: `DELETE ${base}/:id/delete`, request: (A) => ({ url: `${base}/${readingId(A)}/delete` }) },
    {
      route: `POST ${base}/keepBoth`,
      request: (A) => ({
        url: `${base}/keepBoth`,
        payload: { farm_id: A.farmId, ids: [readingId(A), A.extra[`${kind}SecondId`]] },
      }),
    },
    {
      route: `POST ${base}/keepBoth`,
      request: (A, B) => ({
        url: `${base}/keepBoth`,
        payload: { farm_id: B.farmId, ids: [readingId(A), A.extra[`${kind}SecondId`]] },
      }),
    },
  ];
}

/** Water-reading routes of the three kinds called by b with farm A's ids (src/server/authz/README.md). */
export const waterAuthz: AuthzModule = {
  name: 'water',
  seed: async (app, owner, farm) => {
    const ids: Record<string, string> = {};
    for (const kind of WATER_KINDS) {
      // Two readings of one slot: keepBoth needs a pair.
      const [id, second] = [uuidv7(), uuidv7()];
      const res = await app.inject({
        method: 'POST',
        url: `/api/water/${kind}/bulk`,
        headers: owner.auth,
        payload: { items: [id, second].map((i) => ({ id: i, pond_id: farm.pondId, measured_at })) },
      });
      const results = res.json().data?.results ?? [];
      if (results.length !== 2 || results.some((r: { status?: string }) => r.status !== 'ok'))
        throw new Error(`water seed failed: ${res.body}`);
      ids[`${kind}Id`] = id;
      ids[`${kind}SecondId`] = second;
    }
    return ids;
  },
  cases: WATER_KINDS.flatMap(kindCases),
};
