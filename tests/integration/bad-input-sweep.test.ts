import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app.ts';
import { BulkBody } from '../../src/shared/contracts/bulk.ts';
import { AncoInput, WaterChangeInput } from '../../src/shared/contracts/records.ts';
import { SamplingInput } from '../../src/shared/contracts/sampling.ts';
import { UseItemInput } from '../../src/shared/contracts/warehouse.ts';
import { type WaterKind, WaterReadingInput } from '../../src/shared/contracts/water.ts';
import {
  addMember,
  createFarm,
  type FarmSetup,
  ownerWithFarm,
  type QuickUser,
  quickUser,
  stockPond,
} from '../helpers/farm-fixtures.ts';
import { multipart } from '../helpers/multipart.ts';
import { badValuesFor, propertyPaths, type Schema, sample, withValue } from '../helpers/schema-samples.ts';
import { createTestApp } from '../helpers/test-app.ts';

/**
 * Issue 12 point 7: every route of the app, read from its own OpenAPI document, gets bad
 * bodies (NUL, lone surrogates, 1e309, wrong types at every property, missing required
 * properties, truncated JSON, other content types, bodies over the limit, broken
 * multipart) from a signed-in farm owner. Every answer must be a 4xx with the error
 * envelope: never a 5xx, never a bad value accepted after coercion.
 */

/** Bulk routes check only item ids; each item is checked on its own against these. */
const BULK_ITEMS: Record<string, Schema> = {
  '/api/sampling/bulk': SamplingInput,
  '/api/anco/bulk': AncoInput,
  '/api/waterChange/bulk': WaterChangeInput,
  '/api/useitem/bulk': UseItemInput,
};

interface Operation {
  method: string;
  path: string;
  body?: Schema;
  multipart: boolean;
}

interface Outcome {
  what: string;
  status: number;
  body: string;
}

let app: App;
let owner: QuickUser;
let farm: FarmSetup;
let other: QuickUser;
const ids: Record<string, string> = {};
const outcomes: Outcome[] = [];

function operations(doc: Schema): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries<Schema>(doc.paths)) {
    for (const [method, op] of Object.entries<Schema>(item)) {
      if (!['post', 'put', 'patch', 'delete'].includes(method)) continue;
      const content = op.requestBody?.content ?? {};
      ops.push({
        method: method.toUpperCase(),
        path,
        body: content['application/json']?.schema,
        multipart: 'multipart/form-data' in content,
      });
    }
  }
  return ops;
}

/** Real ids for path parameters, so requests reach the handlers and the database. */
function concretePath(path: string): string {
  const guess = (segment: string): string => {
    if (path.startsWith('/api/farm/')) return farm.farmId;
    if (path.startsWith('/api/block/')) return farm.blockId;
    if (path.startsWith('/api/pond/')) return farm.pondIds[0];
    if (path.startsWith('/api/userFarm/')) return farm.ownerUserFarmId;
    if (path.startsWith('/api/cycle/')) return ids.cycle;
    if (path.startsWith('/api/water/general/')) return ids.reading;
    if (path.startsWith('/api/warehouse/') && segment === 'id') return ids.warehouse;
    if (segment === 'guid') return ids.group;
    if (segment === 'uid') return other.id;
    return uuidv7();
  };
  return path.replace(/\{(\w+)\}/g, (_, name: string) => guess(name));
}

async function send(op: Operation, what: string, payload: string | Buffer, contentType: string) {
  const res = await app.inject({
    method: op.method as 'POST',
    url: `${concretePath(op.path)}?farm_id=${farm.farmId}&lang=en`,
    headers: { ...owner.auth, 'content-type': contentType },
    payload,
  });
  outcomes.push({ what: `${op.method} ${op.path} ${what}`, status: res.statusCode, body: res.body });
}

/** A 4xx with `{ message, code }`, or for a bulk route a 200 in which every item failed. */
/** The owner's warehouse item of the first catalogue product, on a farm of theirs. */
async function warehouseItem(farmId: string): Promise<string> {
  const products = await app.inject({
    method: 'GET',
    url: `/api/products?farm_id=${farmId}`,
    headers: owner.auth,
  });
  const item = await app.inject({
    method: 'POST',
    url: '/api/warehouse',
    headers: owner.auth,
    payload: { farm_id: farmId, product_id: products.json().data.items[0].product_id },
  });
  return item.json().data.warehouse_id as string;
}

function isRefusal(o: Outcome): boolean {
  let body: { message?: unknown; code?: unknown; data?: { results?: { status: string }[] } };
  try {
    body = JSON.parse(o.body);
  } catch {
    return false;
  }
  if (o.status >= 400 && o.status < 500)
    return typeof body.message === 'string' && body.message !== '' && typeof body.code === 'string';
  if (o.status === 200 && o.what.includes('/bulk '))
    return (
      (body.data?.results ?? []).every((r) => r.status === 'error') && (body.data?.results?.length ?? 0) > 0
    );
  return false;
}

beforeAll(async () => {
  // The error-report route refuses a flood from one address before reading the body (its
  // own test shows that); here every body it gets must be judged, so its budget is wide.
  ({ app, owner, farm } = await ownerWithFarm(2, () =>
    createTestApp({ ERROR_REPORTS_PER_MINUTE: '100000' }),
  ));
  other = await quickUser(app, 'other');
  await addMember(app, farm.farmId, other, 3);
  const cycle = await app.inject({
    method: 'POST',
    url: '/api/cycle',
    headers: owner.auth,
    payload: { pond_id: farm.pondIds[0], start_date: '2025-03-01' },
  });
  ids.cycle = cycle.json().data.cycle_id;
  const readingId = uuidv7();
  await app.inject({
    method: 'POST',
    url: '/api/water/general/bulk',
    headers: owner.auth,
    payload: {
      items: [{ id: readingId, pond_id: farm.pondIds[0], measured_at: '2025-03-02T06:00:00+07:00', ph: 7 }],
    },
  });
  ids.reading = readingId;
  const group = await app.inject({
    method: 'POST',
    url: '/api/chat/groups',
    headers: owner.auth,
    payload: { name: 'Grup uji', type: 'public' },
  });
  ids.group = group.json().data.guid;
  // A warehouse item, so the items of a use reach the write (and their dates the database).
  ids.warehouse = await warehouseItem(farm.farmId);
});
afterAll(async () => {
  await app?.close();
});

describe('bad input on every route (issue 12 point 7)', () => {
  it('answers every bad body with a 4xx and the error envelope, never a 5xx or a coerced value', async () => {
    const doc = app.swagger() as Schema;
    const ops = operations(doc);
    expect(ops.length).toBeGreaterThan(30);
    // Routes that end the owner's farm, then session, go last, so the others still reach their handlers.
    const order = (op: Operation) => (/logout/.test(op.path) ? 2 : /delete|leave/.test(op.path) ? 1 : 0);
    ops.sort((a, b) => order(a) - order(b));

    for (const op of ops) {
      if (op.body) {
        // A bulk route checks only item ids; its items are checked per item against the documented input.
        const kind = /^\/api\/water\/(\w+)\/bulk$/.exec(op.path)?.[1] as WaterKind | undefined;
        const item = kind ? WaterReadingInput[kind] : BULK_ITEMS[op.path];
        const schema = item ? BulkBody(item) : op.body;
        const base = sample(schema, {
          farm_id: farm.farmId,
          pond_id: farm.pondIds[0],
          warehouse_id: ids.warehouse,
        });
        for (const { path, schema: prop, required } of propertyPaths(schema)) {
          for (const bad of badValuesFor(prop, required))
            await send(op, `${path.join('.')}: ${bad.name}`, withValue(base, path, bad), 'application/json');
        }
        const text = JSON.stringify(base);
        await send(op, 'truncated JSON', text.slice(0, Math.max(1, text.length - 2)), 'application/json');
        await send(op, 'array for the body', '[]', 'application/json');
        await send(
          op,
          'NUL in a key',
          JSON.stringify({ 'a\u0000': 1, ...(base as object) }),
          'application/json',
        );
        await send(
          op,
          'body over the limit',
          JSON.stringify({ x: 'x'.repeat(3 * 1024 * 1024) }),
          'application/json',
        );
      }
      if (op.multipart) {
        const good = multipart({ filename: 'a.txt', type: 'text/plain', data: 'hello' });
        const boundary = good.headers['content-type'].split('boundary=')[1];
        await send(op, 'multipart truncated', good.payload.subarray(0, 60), good.headers['content-type']);
        await send(
          op,
          'multipart without closing boundary',
          good.payload.subarray(0, good.payload.length - 8),
          good.headers['content-type'],
        );
        await send(op, 'multipart without boundary', good.payload, 'multipart/form-data');
        await send(
          op,
          'multipart with another boundary',
          good.payload,
          `multipart/form-data; boundary=${boundary}x`,
        );
        await send(
          op,
          'multipart garbage',
          Buffer.from('--\r\n\r\n\u0000\u0000--'),
          'multipart/form-data; boundary=x',
        );
        await send(op, 'JSON to the upload route', '{"file":"x"}', 'application/json');
      }
      const form = op.multipart ? 'a=1' : 'name=x&farm_id=1';
      await send(op, 'form-encoded body', form, 'application/x-www-form-urlencoded');
      await send(op, 'text/plain body', 'hello', 'text/plain');
      await send(op, 'xml body', '<a/>', 'application/xml');
    }

    const serverErrors = outcomes.filter((o) => o.status >= 500);
    const notRefused = outcomes.filter((o) => !isRefusal(o));
    const wrongType = outcomes.filter(
      (o) => /(form-encoded|text\/plain|xml) body$/.test(o.what) && o.status !== 415,
    );
    console.log(
      `bad-input sweep: ${ops.length} routes, ${outcomes.length} requests, ${serverErrors.length} × 5xx, ` +
        `${notRefused.length - serverErrors.length} accepted or not enveloped, ${wrongType.length} wrong content types not 415`,
    );
    for (const o of notRefused.slice(0, 40)) console.log(`  ${o.status} ${o.what} ${o.body.slice(0, 120)}`);
    expect(serverErrors.map((o) => `${o.status} ${o.what}`)).toEqual([]);
    expect(notRefused.map((o) => `${o.status} ${o.what}`)).toEqual([]);
    expect(wrongType.map((o) => `${o.status} ${o.what}`)).toEqual([]);
  }, 300_000);

  it('refuses a name of spaces only instead of storing it empty, and keeps the stored name', async () => {
    // Its own owner and farm: the sweep above ends the shared owner's session and farm.
    const owner = await quickUser(app, 'names');
    const farm = await createFarm(app, owner, 2);
    const template = await app.inject({
      method: 'POST',
      url: '/api/comparisonTemplate',
      headers: owner.auth,
      payload: {
        farm_id: farm.farmId,
        name: 'Mingguan',
        type: 0,
        fields: [{ pond_id: farm.pondIds[1], metric: 'abw' }],
      },
    });
    expect(template.statusCode, template.body).toBe(201);
    const templateId = template.json().data.template_id;
    const blank = '  \t ';
    const writes: [string, string, Record<string, unknown>, string][] = [
      ['POST', '/api/farm/add', { name: blank }, 'name'],
      ['PUT', `/api/farm/${farm.farmId}/update`, { name: blank }, 'name'],
      ['POST', '/api/block', { farm_id: farm.farmId, block_name: blank }, 'block_name'],
      ['PUT', `/api/block/${farm.blockId}/update`, { block_name: blank }, 'block_name'],
      ['POST', '/api/pond', { farm_id: farm.farmId, block_id: farm.blockId, name: blank, area: 100 }, 'name'],
      ['PUT', `/api/pond/${farm.pondIds[1]}/update`, { name: blank }, 'name'],
      [
        'POST',
        '/api/comparisonTemplate',
        { farm_id: farm.farmId, name: blank, type: 0, fields: [{ pond_id: farm.pondIds[1], metric: 'abw' }] },
        'name',
      ],
      ['PUT', `/api/comparisonTemplate/${templateId}/update`, { name: blank }, 'name'],
      ['PUT', '/api/user', { username: blank }, 'username'],
      [
        'POST',
        '/api/registrasi',
        {
          username: blank,
          email: 'blank@example.com',
          password: 'rahasia-123',
          password_confirmation: 'rahasia-123',
        },
        'username',
      ],
    ];
    for (const [method, url, payload, field] of writes) {
      const res = await app.inject({
        method: method as 'POST',
        url: `${url}?lang=en`,
        headers: owner.auth,
        payload,
      });
      expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(400);
      expect(res.json().errors[field], `${method} ${url}`).toEqual(['Required.']);
    }
    const db = app.ctx.db;
    const names = await Promise.all([
      db.selectFrom('farms').select('name').where('id', '=', farm.farmId).executeTakeFirstOrThrow(),
      db.selectFrom('blocks').select('block_name').where('id', '=', farm.blockId).executeTakeFirstOrThrow(),
      db.selectFrom('ponds').select('name').where('id', '=', farm.pondIds[1]).executeTakeFirstOrThrow(),
      db
        .selectFrom('comparison_templates')
        .select('name')
        .where('id', '=', templateId)
        .executeTakeFirstOrThrow(),
      db.selectFrom('users').select('username').where('id', '=', owner.id).executeTakeFirstOrThrow(),
    ]);
    for (const row of names) expect(Object.values(row)[0]).toMatch(/\S/);
    const empty = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'blank@example.com')
      .execute();
    expect(empty).toEqual([]);
  });

  it('stores a number too small for a real column as 0 (probe battery and signal, error sample rate)', async () => {
    const admin = await quickUser(app, 'tiny');
    const own = await createFarm(app, admin, 1);
    await app.ctx.db.updateTable('users').set({ is_system_admin: true }).where('id', '=', admin.id).execute();
    const device = await app.inject({
      method: 'POST',
      url: '/api/probeDevice',
      headers: admin.auth,
      payload: { farm_id: own.farmId, pond_id: own.pondIds[0], name: 'Probe', parameters: ['do'] },
    });
    expect(device.statusCode, device.body).toBe(201);
    const { key } = device.json().data;
    // 5e-324 is a finite JSON number in range (0–100, -200–50), but no float32.
    const ingest = await app.inject({
      method: 'POST',
      url: '/api/ingest/readings?lang=en',
      headers: { 'x-device-key': key, 'content-type': 'application/json' },
      payload: `{"readings":[{"parameter":"do","value":5,"measured_at":"${new Date().toISOString()}"}],"battery":5e-324,"signal":-5e-324}`,
    });
    expect(ingest.statusCode, ingest.body).toBe(200);
    const stored = await app.ctx.db
      .selectFrom('probe_devices')
      .select(['battery', 'signal'])
      .where('farm_id', '=', own.farmId)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ battery: 0, signal: 0 });
    const config = await app.inject({
      method: 'PUT',
      url: '/api/errors/config?lang=en',
      headers: { ...admin.auth, 'content-type': 'application/json' },
      payload: '{"sample_rate":5e-324}',
    });
    expect(config.statusCode, config.body).toBe(200);
    expect(config.json().data.sample_rate).toBe(0);
  });

  it('refuses a cycle_id that names no cycle (nil uuid, a v4 uuid) like another farm’s cycle, 404, on every pond-record create', async () => {
    const own = await createFarm(app, owner, 1);
    const pond = own.pondIds[0];
    const day = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    const cycle = await stockPond(app, owner, pond, { stockDate: day, seed: 100_000 });
    const stranger = await quickUser(app, 'stranger');
    const theirs = await createFarm(app, stranger, 1);
    const theirCycle = await stockPond(app, stranger, theirs.pondIds[0], { stockDate: day, seed: 1000 });
    const warehouseId = await warehouseItem(own.farmId);
    const routes: [string, string, (cycleId: string) => Record<string, unknown>][] = [
      [
        '/api/anco/bulk',
        'anco_checks',
        (cycle_id) => ({
          pond_id: pond,
          cycle_id,
          check_date: day,
          feeding_time: 1,
          checked_at: '08:30',
          data_anco: [{ tray: 1, status: 'habis' }],
        }),
      ],
      [
        '/api/waterChange/bulk',
        'water_changes',
        (cycle_id) => ({ pond_id: pond, cycle_id, change_date: day, percent: 10 }),
      ],
      [
        '/api/water/general/bulk',
        'water_general',
        (cycle_id) => ({
          pond_id: pond,
          cycle_id,
          measured_at: `${day}T06:00:00+07:00`,
          ph: 7.9,
        }),
      ],
      [
        '/api/sampling/bulk',
        'samplings',
        (cycle_id) => ({
          pond_id: pond,
          cycle_id,
          sampled_on: day,
          shrimp_count: 50,
          sample_weight: 400,
        }),
      ],
      [
        '/api/useitem/bulk',
        'warehouse_movements',
        (cycle_id) => ({
          warehouse_id: warehouseId,
          pond_id: pond,
          cycle_id,
          qty: 1,
          used_on: day,
          time: '07:00',
        }),
      ],
    ];
    const nil = '00000000-0000-0000-0000-000000000000';
    const v4 = '3b241101-e2bb-4255-8caf-4136c566a962';
    for (const [url, table, body] of routes) {
      const items = [nil, v4, theirCycle, uuidv7(), cycle].map((cycleId) => ({
        id: uuidv7(),
        ...body(cycleId),
      }));
      const res = await app.inject({
        method: 'POST',
        url: `${url}?lang=en`,
        headers: owner.auth,
        payload: { items },
      });
      const results = res.json().data.results as { status: string; code?: string }[];
      // Nil, v4 and another farm's cycle alike: not found. A UUIDv7 no cycle has (a cycle start
      // refused or deleted while the record waited offline) and the pond's own: the active cycle.
      expect(
        results.map((r) => r.code ?? r.status),
        url,
      ).toEqual(['not-found', 'not-found', 'not-found', 'ok', 'ok']);
      const rows = await app.ctx.db
        // biome-ignore lint/suspicious/noExplicitAny: one check over five record tables
        .selectFrom(table as any)
        .select(['id', 'cycle_id'])
        .where(
          'id',
          'in',
          items.map((i) => i.id),
        )
        .execute();
      expect(new Map(rows.map((r) => [r.id, r.cycle_id])), url).toEqual(
        new Map([
          [items[3].id, cycle],
          [items[4].id, cycle],
        ]),
      );
    }
  });

  it('answers a body of a kind the API does not read (not JSON) with 415 in the caller’s language', async () => {
    const someone = await quickUser(app, 'form');
    const res = await app.inject({
      method: 'POST',
      url: '/api/farm/add?lang=id',
      headers: { ...someone.auth, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=Tambak',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'unsupported-media-type' });
    expect(res.json().message).not.toMatch(/file type/i);
  });
});
