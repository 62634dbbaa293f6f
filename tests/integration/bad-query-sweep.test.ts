import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app.ts';
import { type FarmSetup, ownerWithFarm, type QuickUser } from '../helpers/farm-fixtures.ts';
import { type Schema, sample } from '../helpers/schema-samples.ts';
import { createTestApp } from '../helpers/test-app.ts';

/**
 * Issue 29 point 5: query strings and path parameters are as strict as bodies. Every
 * operation of the app's own OpenAPI document, every query and path parameter, gets values
 * a client could send by mistake or on purpose (1e309, -1e309, NaN, 1.5 where an integer
 * belongs, 20-digit numbers, text where a number belongs, NUL, a lone surrogate, an empty
 * value) from a signed-in farm owner, the other parameters valid. Every answer must be
 * below 500; a number parameter that is not a finite number in range must be refused (4xx).
 */

interface Param {
  name: string;
  in: 'query' | 'path';
  required: boolean;
  schema: Schema;
}

interface Operation {
  method: string;
  path: string;
  params: Param[];
}

const BAD_VALUES: { name: string; raw: string; numeric: boolean }[] = [
  { name: '1e309', raw: '1e309', numeric: true },
  { name: '-1e309', raw: '-1e309', numeric: true },
  { name: 'Infinity', raw: 'Infinity', numeric: true },
  { name: 'NaN', raw: 'NaN', numeric: true },
  { name: '20 digits', raw: '99999999999999999999', numeric: true },
  { name: 'text', raw: 'abc', numeric: true },
  { name: 'NUL', raw: '%00', numeric: false },
  { name: 'lone surrogate', raw: '%ED%A0%80', numeric: false },
  { name: 'empty', raw: '', numeric: false },
];

let app: App;
let owner: QuickUser;
let farm: FarmSetup;

function operations(doc: Schema): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries<Schema>(doc.paths)) {
    for (const [method, op] of Object.entries<Schema>(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const params = ((op.parameters ?? []) as Param[]).filter((p) => p.in === 'query' || p.in === 'path');
      if (params.length) ops.push({ method: method.toUpperCase(), path, params });
    }
  }
  return ops;
}

function isNumeric(schema: Schema): boolean {
  const types = [schema.type, ...(schema.anyOf ?? []).map((s: Schema) => s.type)].flat();
  return types.includes('integer') || types.includes('number');
}

function goodValue(param: Param): string {
  if (param.name === 'farm_id') return farm.farmId;
  if (param.name === 'pond_id') return farm.pondIds[0];
  const value = sample(param.schema);
  return encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value));
}

function url(op: Operation, bad?: { param: Param; raw: string }): string {
  const value = (p: Param) => (bad && bad.param === p ? bad.raw : goodValue(p));
  let path = op.path;
  for (const p of op.params.filter((p) => p.in === 'path')) path = path.replace(`{${p.name}}`, value(p));
  const query = op.params
    .filter((p) => p.in === 'query' && (p.required || p === bad?.param || p.name === 'farm_id'))
    .map((p) => `${p.name}=${value(p)}`);
  return `${path}?${[...query, 'lang=en'].join('&')}`;
}

beforeAll(async () => {
  ({ app, owner, farm } = await ownerWithFarm(2, () => createTestApp()));
});
afterAll(async () => {
  await app?.close();
});

describe('bad query strings and path parameters on every route (issue 29 point 5)', () => {
  it('answers every bad query or path value below 500, and refuses non-finite or out-of-range numbers', async () => {
    const ops = operations(app.swagger() as Schema).filter((op) => !/logout|leave|delete/i.test(op.path));
    expect(ops.length).toBeGreaterThan(30);
    const serverErrors: string[] = [];
    const accepted: string[] = [];
    let requests = 0;
    for (const op of ops) {
      for (const param of op.params) {
        const numeric = isNumeric(param.schema);
        for (const bad of BAD_VALUES) {
          if (param.in === 'path' && bad.raw === '') continue; // an empty segment is another route
          const res = await app.inject({
            method: op.method as 'GET',
            url: url(op, { param, raw: bad.raw }),
            headers: owner.auth,
            ...(op.method === 'GET' || op.method === 'DELETE' ? {} : { payload: {} }),
          });
          requests += 1;
          const what = `${op.method} ${op.path} ${param.in} ${param.name}=${bad.name}: ${res.statusCode} ${res.body.slice(0, 100)}`;
          if (res.statusCode >= 500) serverErrors.push(what);
          else if (numeric && bad.numeric && res.statusCode < 400) accepted.push(what);
        }
      }
    }
    console.log(
      `bad-query sweep: ${ops.length} routes with parameters, ${requests} requests, ` +
        `${serverErrors.length} × 5xx, ${accepted.length} bad numbers accepted`,
    );
    for (const line of [...serverErrors, ...accepted].slice(0, 40)) console.log(`  ${line}`);
    expect(serverErrors).toEqual([]);
    expect(accepted).toEqual([]);
  }, 300_000);
});
