import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '#test/helpers/test-app';
import type { App } from './app.ts';
import { AUTHZ_MODULES } from './authz/cases.ts';
import { type AuthzFixture, createAuthzFixture, sessionOf } from './authz/fixture.ts';
import { publicReason } from './authz/public-routes.ts';
import { type RouteRecorder, samplePath } from './authz/route-inventory.ts';
import { farmSnapshot } from './authz/snapshot.ts';
import type { AuthzCase } from './authz/types.ts';

// Every Fastify instance the app makes reports its routes here (see route-inventory.ts).
const recorder = vi.hoisted((): RouteRecorder => ({ routes: [], lastMatched: null }));
vi.mock('fastify', async (importOriginal) => {
  const { withRouteRecorder } = await import('./authz/route-inventory.ts');
  return withRouteRecorder(await importOriginal<typeof import('fastify')>(), recorder);
});

let app: App;
let f: AuthzFixture;
beforeAll(async () => {
  app = await createTestApp();
  f = await createAuthzFixture(app, AUTHZ_MODULES);
});
afterAll(() => app.close());

const apiRoutes = () => recorder.routes.filter((r) => r.url.startsWith('/api'));
const cases = AUTHZ_MODULES.flatMap((m) =>
  m.cases.map((c) => ({ module: m.name, expected: c.status ?? 404, ...c })),
);

describe('route inventory', () => {
  it('sees the routes of the real app', () => {
    const keys = apiRoutes().map((r) => r.key);
    expect(keys).toContain('GET /api/health');
    expect(keys).toContain('PUT /api/pond/:id/update');
  });

  it('has an authorization case or a public reason for every /api route', () => {
    const covered = new Set(cases.map((c) => c.route));
    const missing = apiRoutes()
      .filter((r) => !covered.has(r.key) && !publicReason(r.key))
      .map((r) => r.key);
    expect(missing, 'add cases in <module>.authz.ts (src/server/authz/README.md)').toEqual([]);
  });

  it('lists every route marked public in the allowlist, with its reason', () => {
    const unlisted = apiRoutes()
      .filter((r) => r.isPublic && !publicReason(r.key))
      .map((r) => r.key);
    expect(unlisted).toEqual([]);
  });

  it('has no case for a route that does not exist', () => {
    const known = new Set(apiRoutes().map((r) => r.key));
    expect(cases.filter((c) => !known.has(c.route)).map((c) => `${c.module}: ${c.route}`)).toEqual([]);
  });

  it('documents every route in the OpenAPI document', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const undocumented = apiRoutes()
      .filter((r) => !r.url.startsWith('/api/docs'))
      .filter((r) => !doc.paths[r.url.replace(/:([A-Za-z_]+)/g, '{$1}')]?.[r.method.toLowerCase()])
      .map((r) => r.key);
    expect(undocumented).toEqual([]);
  });

  it('gives a reason for every case that does not expect 404', () => {
    expect(cases.filter((c) => (c.status ?? 404) !== 404 && !c.reason).map((c) => c.route)).toEqual([]);
  });
});

describe('without a session', () => {
  it('answers 401 on every route that is not public', async () => {
    const wrong: string[] = [];
    for (const route of apiRoutes().filter((r) => !publicReason(r.key))) {
      const res = await app.inject({
        method: route.method as 'GET',
        url: samplePath(route.url),
        payload: {},
      });
      if (res.statusCode !== 401 || res.json().code !== 'unauthenticated')
        wrong.push(`${route.key} → ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('user b with the ids of farm A', () => {
  it.each(cases)('$route ($module) → $expected', async (c: AuthzCase) => {
    const b = await sessionOf(app, f.b.id, f.b.email); // fresh: a case may log out
    const before = await farmSnapshot(app, f.A.farmId);
    const req = c.request(f.A, f.B);
    const [method] = c.route.split(' ');
    const res = await app.inject({
      method: method as 'GET',
      url: req.url,
      headers: { ...b.auth, ...req.headers },
      ...(req.payload ? { payload: req.payload } : {}),
    });

    expect(recorder.lastMatched, 'the request must reach the route the case names').toBe(c.route);
    const status = c.status ?? 404;
    expect(res.statusCode, res.body).toBe(status);
    const code = c.code ?? (status === 404 ? 'not-found' : status === 403 ? 'forbidden' : undefined);
    if (code) expect(res.json().code).toBe(code);
    for (const secret of [f.A.farmName, f.A.blockName, f.A.pondName, f.A.farmId, f.A.pondId, f.A.blockId]) {
      expect(res.body, 'farm A must not leak').not.toContain(secret);
    }
    expect(await farmSnapshot(app, f.A.farmId), 'nothing of farm A may change').toBe(before);
  });

  it('leaves farm A fully working for its admin afterwards', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/pond?farm_id=${f.A.farmId}`,
      headers: f.a.auth,
    });
    expect(res.json().data.map((p: { pond_id: string }) => p.pond_id)).toEqual([f.A.pondId]);
  });
});
