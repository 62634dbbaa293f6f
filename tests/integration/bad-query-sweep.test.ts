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
 * value, days of year 0000 or 9999, a leap second) from a signed-in farm owner, the other
 * parameters valid. Every answer must be below 500 and come within seconds; a number
 * parameter that is not a finite number in range must be refused (4xx).
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
  // Days and instants the schema formats let through but no store or loop should take.
  { name: 'year 0000', raw: '0000-01-01', numeric: false },
  { name: 'year 9999', raw: '9999-12-31', numeric: false },
  { name: 'leap second', raw: '2026-10-05T23:59:60Z', numeric: false },
];

/** An answer slower than this to one bad value is a door to tie the server up (a harvest date of 9999). */
const SLOW_MS = 5_000;

let app: App;
let owner: QuickUser;
let farm: FarmSetup;
/** A running cycle with a stocking, so a cycle's forecast reaches its projection. */
let cycleId: string;

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
  if (param.name === 'cycle_id') return cycleId;
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
  const today = new Date().toISOString().slice(0, 10);
  const cycle = await app.inject({
    method: 'POST',
    url: '/api/cycle',
    headers: owner.auth,
    payload: { pond_id: farm.pondIds[0], start_date: today },
  });
  cycleId = cycle.json().data.cycle_id;
  const stock = await app.inject({
    method: 'POST',
    url: '/api/stock',
    headers: owner.auth,
    payload: {
      pond_id: farm.pondIds[0],
      cycle_id: cycleId,
      stock_date: today,
      seed_net: 100_000,
      seed_actual: 100_000,
    },
  });
  expect(stock.statusCode, stock.body).toBe(201);
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
    const slow: string[] = [];
    let requests = 0;
    for (const op of ops) {
      for (const param of op.params) {
        const numeric = isNumeric(param.schema);
        for (const bad of BAD_VALUES) {
          if (param.in === 'path' && bad.raw === '') continue; // an empty segment is another route
          const started = Date.now();
          const res = await app.inject({
            method: op.method as 'GET',
            url: url(op, { param, raw: bad.raw }),
            headers: owner.auth,
            ...(op.method === 'GET' || op.method === 'DELETE' ? {} : { payload: {} }),
          });
          requests += 1;
          const what = `${op.method} ${op.path} ${param.in} ${param.name}=${bad.name}: ${res.statusCode} ${res.body.slice(0, 100)}`;
          if (res.statusCode >= 500) serverErrors.push(what);
          else if (Date.now() - started > SLOW_MS) slow.push(`${what} (${Date.now() - started} ms)`);
          else if (numeric && bad.numeric && res.statusCode < 400) accepted.push(what);
        }
      }
    }
    console.log(
      `bad-query sweep: ${ops.length} routes with parameters, ${requests} requests, ` +
        `${serverErrors.length} × 5xx, ${accepted.length} bad numbers accepted, ${slow.length} slow`,
    );
    for (const line of [...serverErrors, ...accepted, ...slow].slice(0, 40)) console.log(`  ${line}`);
    expect(serverErrors).toEqual([]);
    expect(accepted).toEqual([]);
    expect(slow).toEqual([]);
  }, 300_000);

  it('refuses a harvest date past the growth curve, at once, instead of adding up feed to year 9999', async () => {
    for (const [date, message] of [
      ['9999-12-31', 'Not a valid date.'],
      ['2999-12-31', 'The harvest date can be at most 250 days from today.'],
    ]) {
      const started = Date.now();
      const res = await app.inject({
        method: 'GET',
        url: `/api/forecast/cycle/${cycleId}?farm_id=${farm.farmId}&date=${date}&lang=en`,
        headers: owner.auth,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors.date).toEqual([message]);
      expect(Date.now() - started).toBeLessThan(1_000);
    }
  });
});
