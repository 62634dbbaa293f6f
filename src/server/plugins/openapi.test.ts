import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app.ts';
import { PUBLIC_ROUTES } from '../authz/public-routes.ts';
import { loadConfig } from '../config.ts';
import { createDb } from '../db/database.ts';

// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is walked as plain JSON
type Doc = Record<string, any>;
let app: App;
let doc: Doc;
const db = createDb('postgres://127.0.0.1:1/unused', 1); // never queried: the document needs routes only

beforeAll(async () => {
  app = await buildApp(loadConfig({ NODE_ENV: 'test', STATIC_DIR: '', LOG_LEVEL: 'error' }), { db });
  await app.ready();
  doc = app.swagger() as Doc;
});
afterAll(async () => {
  await app.close();
  await db.destroy();
});

const operations = () =>
  Object.entries<Doc>(doc.paths).flatMap(([path, item]) =>
    Object.entries<Doc>(item).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })),
  );

describe('OpenAPI document (issue 12 point 8)', () => {
  it('gives every operation a unique operationId and a tag declared globally', () => {
    const ids = operations().map(({ op }) => op.operationId);
    expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    const declared = new Set(doc.tags.map((t: { name: string }) => t.name));
    const untagged = operations().filter(
      ({ op }) => !op.tags?.length || !op.tags.every((t: string) => declared.has(t)),
    );
    expect(untagged.map((o) => o.key)).toEqual([]);
  });

  /** The document's default (a session's bearer token) unless the route names none or another credential. */
  const needsSession = (op: { security?: Record<string, unknown>[] }) =>
    op.security === undefined || op.security.some((s) => 'bearer' in s);

  it('declares the error envelope for the 4xx answers of every route kind', () => {
    const missing: string[] = [];
    for (const { key, op } of operations()) {
      const expected = ['400', '429'];
      if (needsSession(op)) expected.push('401', '403');
      if (key.includes('{')) expected.push('404');
      if (!key.startsWith('GET ')) expected.push('409', '413', '415');
      for (const status of expected) {
        const schema = op.responses[status]?.content?.['application/json']?.schema;
        if (!schema?.properties?.code || !schema.required?.includes('message'))
          missing.push(`${key} ${status}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('marks exactly the public routes as needing no session', () => {
    const open = operations()
      .filter(({ op }) => !needsSession(op))
      .map(({ key }) => key.replace(/\{(\w+)\}/g, ':$1').replace(' /api', ' /api'));
    const publicKeys = Object.keys(PUBLIC_ROUTES).filter((k) => !k.endsWith('*'));
    expect(open.sort()).toEqual(publicKeys.sort());
  });

  it('shows the upload route’s multipart form', () => {
    expect(
      doc.paths['/api/uploads'].post.requestBody.content['multipart/form-data'].schema.properties.file,
    ).toEqual({
      type: 'string',
      format: 'binary',
    });
  });
});
