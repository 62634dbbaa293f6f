import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signUp, type TestUser } from '#test/helpers/api-user';
import { createTestApp } from '#test/helpers/test-app';
import { type App, buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createDb } from '../db/database.ts';

/**
 * ASVS V5/V7/V14, API8: user text comes back as inert JSON, every response carries the
 * security headers, errors never show internals, and oversized or malformed bodies get a
 * translated answer.
 */
const SCRIPT = '<script>alert(1)</script>';
const ATTR = '"><img src=x onerror=alert(1)>';

let app: App;
let user: TestUser;
beforeAll(async () => {
  const staticDir = mkdtempSync(join(tmpdir(), 'tambak-static-'));
  writeFileSync(
    join(staticDir, 'index.html'),
    '<!doctype html><html><head><title>Tambak</title></head><body><div id="root"></div></body></html>',
  );
  app = await createTestApp({ STATIC_DIR: staticDir });
  user = await signUp(app, 'xss');
});
afterAll(() => app.close());

const as = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  app.inject({ method, url, headers: user.auth, ...(payload ? { payload } : {}) });

function expectJson(res: { headers: Record<string, unknown>; body: string }) {
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
}

describe('user text is stored as text and returned unchanged as JSON', () => {
  for (const text of [SCRIPT, ATTR]) {
    it(`farm, block, pond and user names: ${text}`, async () => {
      const farm = await as('POST', '/api/farm/add', { name: text });
      expect(farm.statusCode).toBe(201);
      expectJson(farm);
      const farmId = farm.json().data.farm_id;
      const block = await as('POST', '/api/block', { farm_id: farmId, block_name: text });
      expect(block.json().data.block_name).toBe(text);
      const pond = await as('POST', '/api/pond', {
        farm_id: farmId,
        block_id: block.json().data.block_id,
        name: text,
        area: 100,
      });
      expect(pond.json().data.name).toBe(text);
      const profile = await as('PUT', '/api/user', { username: text, city: text });
      expect(profile.json().data).toMatchObject({ username: text, city: text });

      const db = app.ctx.db;
      expect(
        (await db.selectFrom('farms').select('name').where('id', '=', farmId).executeTakeFirst())?.name,
      ).toBe(text);
      expect(
        (await db.selectFrom('ponds').select('name').where('farm_id', '=', farmId).executeTakeFirst())?.name,
      ).toBe(text);
      expect(
        (await db.selectFrom('users').select('username').where('id', '=', user.id).executeTakeFirst())
          ?.username,
      ).toBe(text);

      for (const url of [
        '/api/farm',
        `/api/block?farm_id=${farmId}`,
        `/api/pond?farm_id=${farmId}`,
        '/api/user',
      ]) {
        const res = await as('GET', url);
        expect(res.statusCode).toBe(200);
        expectJson(res);
        // Inside JSON the text is a string value; the raw body keeps the characters (JSON escapes only quotes).
        expect(res.body).toContain(JSON.stringify(text).slice(1, -1));
      }
      const farms = (await as('GET', '/api/farm')).json().data as { farm_id: string; name: string }[];
      expect(farms.find((f) => f.farm_id === farmId)?.name).toBe(text);
      expect((await as('GET', `/api/pond?farm_id=${farmId}`)).json().data[0].name).toBe(text);
      expect((await as('GET', '/api/user')).json().data.username).toBe(text);
    });
  }
});

describe('security headers on every response', () => {
  const cases = [
    { name: 'an API answer', req: () => as('GET', '/api/user') },
    { name: 'a public API answer', req: () => app.inject({ method: 'GET', url: '/api/health' }) },
    { name: 'an API error', req: () => app.inject({ method: 'GET', url: '/api/user' }) },
    { name: 'an unknown API route', req: () => app.inject({ method: 'GET', url: '/api/nope' }) },
    { name: 'the app shell (HTML)', req: () => app.inject({ method: 'GET', url: '/farm/123' }) },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      const res = await c.req();
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toMatch(/frame-ancestors '(self|none)'/);
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toMatch(/^(SAMEORIGIN|DENY)$/);
      expect(res.headers['referrer-policy']).toBeDefined();
      expect(res.headers['strict-transport-security']).toBeDefined();
      expect(res.headers['x-powered-by']).toBeUndefined();
    });
  }
  it('serves the app shell as HTML with the CSP', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(String(res.headers['content-type'])).toMatch(/^text\/html/);
  });
  it("renders every route's HTML with the server's settings, uncached", async () => {
    for (const url of ['/', '/farm/123', '/login']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain(`<meta name="tambak-support-url" content="${app.ctx.config.supportUrl}">`);
    }
  });
});

describe('request bodies', () => {
  it('answers 413 payload-too-large for a JSON body over the limit', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/farm/add?lang=en',
      headers: { ...user.auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(3 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('payload-too-large');
    expect(typeof res.json().message).toBe('string');
  });

  it('answers 400 with a translated message for malformed JSON', async () => {
    for (const [lang, message] of [
      ['en', 'The data sent is not valid.'],
      ['id', undefined],
    ] as const) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/farm/add?lang=${lang}`,
        headers: { ...user.auth, 'content-type': 'application/json' },
        payload: '{"name": "Tambak",',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('validation-failed');
      if (message) expect(res.json().message).toBe(message);
      else expect(res.json().message).not.toBe('The data sent is not valid.');
      expect(res.body).not.toMatch(/Unexpected|JSON at position|SyntaxError/);
    }
  });

  it('answers 415 for a body type the API does not take', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/farm/add',
      headers: { ...user.auth, 'content-type': 'application/xml' },
      payload: '<farm><name>x</name></farm>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('unsupported-media-type');
  });

  it('drops properties the schema does not know (no mass assignment)', async () => {
    const res = await as('PUT', '/api/user', { username: 'Budi', is_system_admin: true, id: 'x' });
    expect(res.statusCode).toBe(200);
    const row = await app.ctx.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirst();
    expect(row?.id).toBe(user.id);
    expect((row as Record<string, unknown>).is_system_admin ?? false).toBe(false);
  });
});

describe('5xx answers never leak internals', () => {
  let broken: App;
  beforeAll(async () => {
    // The real app plus a tiny plugin registered only here: routes that fail like a bug would.
    const base = inject('pgBaseUrl');
    const name = `t_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: `${base}postgres` });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE tambak_template`);
    await admin.end();
    const db = createDb(`${base}${name}`, 2);
    const config = loadConfig({ NODE_ENV: 'test', STATIC_DIR: '', LOG_LEVEL: 'silent' });
    broken = await buildApp(config, { db });
    await broken.register(
      async (api) => {
        api.get('/boom', { config: { public: true } }, async () => {
          throw new Error('secret internals at /work/main/src/server/x.ts password=hunter2');
        });
        api.get('/boom/sql', { config: { public: true } }, async () => {
          await db
            .selectFrom('no_such_table' as never)
            .selectAll()
            .execute();
          return {};
        });
      },
      { prefix: '/api/test' },
    );
    broken.addHook('onClose', async () => {
      await db.destroy();
    });
    await broken.ready();
  });
  afterAll(() => broken?.close());

  for (const url of ['/api/test/boom', '/api/test/boom/sql']) {
    it(`answers a plain translated 500 for ${url}`, async () => {
      const res = await broken.inject({ method: 'GET', url: `${url}?lang=en` });
      expect(res.statusCode).toBe(500);
      expect(Object.keys(res.json()).sort()).toEqual(['code', 'message']);
      expect(res.json().code).toBe('internal');
      expect(res.body).not.toMatch(/secret|hunter2|\.ts|at \w|stack|select|no_such_table|relation|postgres/i);
      expect(res.headers['content-security-policy']).toBeDefined();
    });
  }
});
