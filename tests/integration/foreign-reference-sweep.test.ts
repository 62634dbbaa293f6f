import { sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app.ts';
import { AUTHZ_MODULES } from '../../src/server/authz/cases.ts';
import { type AuthzFixture, createAuthzFixture } from '../../src/server/authz/fixture.ts';
import type { FarmFixture } from '../../src/server/authz/types.ts';
import { STARTER_PRODUCTS } from '../../src/server/db/migrations/data/starter-products-0016.ts';
import { AncoInput, WaterChangeInput } from '../../src/shared/contracts/records.ts';
import { SamplingInput } from '../../src/shared/contracts/sampling.ts';
import { UseItemInput } from '../../src/shared/contracts/warehouse.ts';
import { WaterReadingInput } from '../../src/shared/contracts/water.ts';
import { ATTENTION_DEFAULTS } from '../../src/shared/domain/attention.ts';
import { addMember, quickUser } from '../helpers/farm-fixtures.ts';
import { propertyPaths, type Schema, sample } from '../helpers/schema-samples.ts';
import { createTestApp } from '../helpers/test-app.ts';

/**
 * Issue 29 point 5, the reference half: every id a request body names must belong to the
 * farm of the request, checked in the service. For every operation of the app's own OpenAPI
 * document with a JSON body (bulk items read from their documented item shapes), every
 * property that names a farm-owned record gets, from farm A's owner, a body that is valid
 * for farm A except for that one property, which names farm B's record of that kind.
 *
 * The answer must be a refusal that tells nothing about B: 404 `not-found`, or exactly the
 * answer the route gives for an id that does not exist at all (a field error of that
 * property, say); a client id (the id of the record being created) that B already uses may
 * also answer 409 `conflict`. A bulk route answers per item: that item refused the same
 * way. Never a 5xx, never a 2xx, and nothing written anywhere (every table compared before
 * and after each request). Each route also gets the body with farm A's own ids (the
 * control, sent last), which it must accept, so a refusal is about the one foreign id.
 *
 * Then the same for query strings and path parameters of every GET (farm A and one record
 * of B: below 500 and nothing of B in the answer), and the body sweep again with farm A's
 * owner an admin of farm B as well: a body that names farm A (its farm_id, a path record,
 * another id) and one record of B is refused all the same.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Kind = keyof typeof KIND_IDS;

/** Where the fixture keeps farm X's record of each kind (src/server/authz: module seeds). */
const KIND_IDS = {
  farm: (f: FarmFixture) => f.farmId,
  block: (f: FarmFixture) => f.blockId,
  pond: (f: FarmFixture) => f.pondId,
  member: (f: FarmFixture) => f.extra.memberUserFarmId,
  cycle: (f: FarmFixture) => f.extra.cycleId,
  stock: (f: FarmFixture) => f.extra.stockId,
  harvest: (f: FarmFixture) => f.extra.harvestId,
  death: (f: FarmFixture) => f.extra.deathId,
  product: (f: FarmFixture) => f.extra.productId,
  warehouse: (f: FarmFixture) => f.extra.itemId,
  store: (f: FarmFixture) => f.extra.storeId,
  remove: (f: FarmFixture) => f.extra.removeId,
  use: (f: FarmFixture) => f.extra.useId,
  purchaseOrder: (f: FarmFixture) => f.extra.orderId,
  account: (f: FarmFixture) => f.extra.accountId,
  category: (f: FarmFixture) => f.extra.categoryId,
  transaction: (f: FarmFixture) => f.extra.transactionId,
  template: (f: FarmFixture) => f.extra.templateId,
  note: (f: FarmFixture) => f.extra.noteId,
  disease: (f: FarmFixture) => f.extra.diseaseId,
  anco: (f: FarmFixture) => f.extra.ancoId,
  waterChange: (f: FarmFixture) => f.extra.waterChangeId,
  sampling: (f: FarmFixture) => f.extra.samplingId,
  waterGeneral: (f: FarmFixture) => f.extra.generalId,
  waterChemical: (f: FarmFixture) => f.extra.chemicalId,
  waterBiological: (f: FarmFixture) => f.extra.biologicalId,
  upload: (f: FarmFixture) => f.extra.larvaeUploadId,
  /** Farm A only: a pond with no cycle, a pond with a cycle and no stocking, and that cycle. */
  freePond: (f: FarmFixture) => f.extra.freePondId,
  pond2: (f: FarmFixture) => f.extra.pond2Id,
  cycle2: (f: FarmFixture) => f.extra.cycle2Id,
  /** The catalogue product the seeded purchase order names. */
  orderProduct: () => STARTER_PRODUCTS[0].id,
};

/**
 * Where farm A's record for a route must be another one of the same kind for the body to be
 * valid: a cycle starts on a pond without one, a stocking on a cycle without one, a receipt
 * names the order's product.
 */
const ROUTE_KINDS: Record<string, Partial<Record<Kind, Kind>>> = {
  'POST /api/cycle': { pond: 'freePond' },
  'POST /api/stock': { pond: 'pond2', cycle: 'cycle2' },
  'POST /api/farm/purchase-order/{id}/receive': { product: 'orderProduct' },
};

/**
 * Properties for which an id the server does not know is accepted by design, so only a
 * foreign one is refused (404).
 */
const UNKNOWN_ACCEPTED: Record<string, string> = {
  cycle_id:
    'a record made offline names its cycle as a label: a cycle not on the server (refused or deleted while the record waited) becomes the pond’s active cycle (water-bulk.ts fillCycles)',
};

/** The record kind a body property names, by its name (derived from the schemas). */
const PROPERTY_KINDS: Record<string, Kind> = {
  farm_id: 'farm',
  block_id: 'block',
  pond_id: 'pond',
  pond_ids: 'pond',
  cycle_id: 'cycle',
  stock_id: 'stock',
  harvest_id: 'harvest',
  death_id: 'death',
  product_id: 'product',
  warehouse_id: 'warehouse',
  account_id: 'account',
  category_transaction_id: 'category',
  transaction_record_id: 'transaction',
  template_id: 'template',
  // With `source_type` (the sample's first value, `harvest`): the harvest a sale is booked from.
  source_id: 'harvest',
  // Uploads belong to the person who sent them (farm B's owner here), not to a farm.
  upload_id: 'upload',
};

/** Id-named properties that do not name a farm-owned record, and why. */
const NOT_FARM_SCOPED: Record<string, string> = {
  role_id: 'the four roles (admin, manager, keeper, viewer) are the same for every farm',
  category_id: 'a warehouse product category: a fixed list (shared/domain/warehouse.ts), no farm',
  master_disease_id: 'the static master list of diseases (shared/domain/diseases.ts)',
  device_id: 'the reporting device’s own label for its sync failures, no record',
  client_id: 'the sender’s idempotency key for a chat poll; chat is not farm-owned',
  parent_id: 'a chat thread’s first message (GET /api/chat/messages); chat is not farm-owned',
  category_ids: 'warehouse product categories, the fixed list again (GET /api/farm/product/cumulative)',
  price_id:
    "a price row's own id made on the device (POST /api/farmPrice); an id already taken, by any farm, is not reused (farm-price.repository.ts)",
  session_id: "an error report's random app-start id (POST /api/errors/report); it names no farm's record",
};

/** What each create route makes: its `id` (or `<kind>_id`) property is the new record's client id. */
const CREATES: Record<string, Kind> = {
  'POST /api/block': 'block',
  'POST /api/pond': 'pond',
  'POST /api/cycle': 'cycle',
  'POST /api/stock': 'stock',
  'POST /api/harvest': 'harvest',
  'POST /api/death': 'death',
  'POST /api/products': 'product',
  'POST /api/warehouse': 'warehouse',
  'POST /api/warehouse/{id}/store': 'store',
  'POST /api/warehouse/{id}/remove': 'remove',
  'POST /api/useitem/bulk': 'use',
  'POST /api/farm/purchase-order': 'purchaseOrder',
  'POST /api/account': 'account',
  'POST /api/account/category': 'category',
  'POST /api/transaction': 'transaction',
  'POST /api/comparisonTemplate': 'template',
  'POST /api/note': 'note',
  'POST /api/disease': 'disease',
  'POST /api/anco/bulk': 'anco',
  'POST /api/waterChange/bulk': 'waterChange',
  'POST /api/sampling/bulk': 'sampling',
  'POST /api/water/general/bulk': 'waterGeneral',
  'POST /api/water/chemical/bulk': 'waterChemical',
  'POST /api/water/biological/bulk': 'waterBiological',
};

/** The record a path parameter names: farm A's, so only the swept property is foreign. */
const PATH_KINDS: Record<string, Kind> = {
  '/api/pond/{id}/update': 'pond',
  '/api/userFarm/{id}/update': 'member',
  '/api/water/general/{id}/update': 'waterGeneral',
  '/api/water/chemical/{id}/update': 'waterChemical',
  '/api/water/biological/{id}/update': 'waterBiological',
  '/api/warehouse/{id}/store': 'warehouse',
  '/api/warehouse/{id}/remove': 'warehouse',
  '/api/farm/purchase-order/{id}/receive': 'purchaseOrder',
  '/api/disease/{id}/update': 'disease',
  '/api/transaction/{id}/update': 'transaction',
  '/api/comparisonTemplate/{id}/update': 'template',
  '/api/account/category/{id}/delete': 'category',
};

/**
 * A bulk route's schema checks only each item's `id` (src/shared/contracts/bulk.ts); its
 * items are swept as the contract documents them.
 */
const BULK_ITEMS: Record<string, Schema> = {
  '/api/water/general/bulk': WaterReadingInput.general,
  '/api/water/chemical/bulk': WaterReadingInput.chemical,
  '/api/water/biological/bulk': WaterReadingInput.biological,
  '/api/sampling/bulk': SamplingInput,
  '/api/useitem/bulk': UseItemInput,
  '/api/anco/bulk': AncoInput,
  '/api/waterChange/bulk': WaterChangeInput,
};

/** Values the schema samples cannot guess (business rules past the schema), by property name. */
const VALID_VALUES: Record<string, Json> = {
  measured_at: '2025-03-02T06:00:00+07:00',
  metric: 'ph',
  category_id: 3,
  checked_at: '07:00',
  check_date: '2025-03-02',
  change_date: '2025-03-02',
  sampled_on: '2025-03-02',
  used_on: '2025-03-02',
  note_date: '2025-03-02',
  disease_date: '2025-03-02',
  harvested_on: '2025-03-02',
  died_on: '2025-03-02',
  stock_date: '2025-03-01',
  transaction_date: '2025-03-02',
  received_on: '2025-03-02',
  start_date: '2025-03-01',
  from: '2025-03-01',
  to: '2025-03-31',
  supplier_phone: '081234567890',
  qty: 1,
  title: 'Catatan',
  description: 'uji',
  tags: [],
  severity: 1,
  master_disease_id: 1,
  affected_percent: 5,
  data_anco: [{ tray: 1, status: 'habis' }],
  feeding_time: 1,
  shrimp_count: 10,
  sample_weight: 50,
  size: 50,
  price_per_kg: 60_000,
  target_sizes: [100, 70, 50],
  time: '07:00',
  change_time: '07:00',
  unit: 'Kg',
  parameter: 'ph',
  feature_name: 'water_quality',
};

/** Whole values a route needs past what its schema says. */
const ROUTE_VALUES: Record<string, Record<string, Json>> = {
  'PUT /api/attentionSetting': { thresholds: { ...ATTENTION_DEFAULTS } },
  'PUT /api/permission': { role_id: 3 },
};

interface QueryParam {
  name: string;
  in: 'query' | 'path';
  required: boolean;
  schema: Schema;
}

/** Record kinds of id-named query parameters that bodies do not use. */
const QUERY_KINDS: Record<string, Kind> = {
  // GET /api/photos?record_id: the record a photo belongs to (a disease record of B here).
  record_id: 'disease',
};

interface Operation {
  key: string;
  method: string;
  path: string;
  body: Schema;
  bulk: boolean;
}

interface IdProperty {
  path: (string | number)[];
  name: string;
  kind: Kind;
  /** The new record's own client id, not a reference. */
  own: boolean;
}

interface Answer {
  status: number;
  code: string;
  /** Field names a validation error names. */
  fields: string[];
  text: string;
}

let app: App;
let f: AuthzFixture;

function operations(doc: Schema): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries<Schema>(doc.paths)) {
    for (const [method, op] of Object.entries<Schema>(item)) {
      const body = op.requestBody?.content?.['application/json']?.schema;
      if (!body || !['post', 'put', 'patch', 'delete'].includes(method)) continue;
      const bulk = path.endsWith('/bulk');
      ops.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        body: bulk ? (BULK_ITEMS[path] ?? body) : body,
        bulk,
      });
    }
  }
  return ops;
}

const ID_NAME = /(^id$|_id$|_ids$)/;

function idProperties(op: Operation, unclassified: string[]): IdProperty[] {
  const out: IdProperty[] = [];
  for (const { path, schema } of propertyPaths(op.body)) {
    const last = path[path.length - 1];
    // An array of ids (pond_ids) is swept at its first item.
    if ([schema.type].flat().includes('array')) continue;
    const name = typeof last === 'number' ? String(path[path.length - 2]) : last;
    if (!ID_NAME.test(name)) continue;
    if (name in NOT_FARM_SCOPED) continue;
    const created = CREATES[op.key];
    const ownName = name === 'id' && path.length === 1;
    if (ownName) {
      if (!created) unclassified.push(`${op.key} ${path.join('.')}: creates what?`);
      else out.push({ path, name, kind: created, own: true });
      continue;
    }
    const kind = PROPERTY_KINDS[name];
    if (!kind) {
      unclassified.push(`${op.key} ${path.join('.')}`);
      continue;
    }
    out.push({ path, name, kind, own: kind === created && path.length === 1 });
  }
  return out;
}

function setAt(body: Json, path: (string | number)[], value: Json): Json {
  const copy = structuredClone(body);
  let node = copy as Record<string | number, Json>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, Json>;
  node[path[path.length - 1]] = value;
  return copy;
}

/** A body valid for farm A: sampled, business values filled, every id farm A's (client ids fresh). */
function validBody(op: Operation, props: IdProperty[]): Json {
  let body = sample(op.body, { ...VALID_VALUES, ...ROUTE_VALUES[op.key] });
  for (const p of props) {
    const kind = ROUTE_KINDS[op.key]?.[p.kind] ?? p.kind;
    body = setAt(body, p.path, p.own ? uuidv7() : KIND_IDS[kind](f.A));
  }
  return body;
}

function url(op: Operation): string {
  const kind = PATH_KINDS[op.path];
  const path = kind ? op.path.replace('{id}', KIND_IDS[kind](f.A)) : op.path;
  return `${path}?lang=en`;
}

async function send(op: Operation, body: Json): Promise<Answer> {
  const res = await app.inject({
    method: op.method as 'POST',
    url: url(op),
    headers: f.a.auth,
    payload: op.bulk ? { items: [body] } : (body as object),
  });
  let json: Record<string, unknown> = {};
  try {
    json = res.json();
  } catch {}
  const item = op.bulk
    ? (json.data as { results?: Record<string, unknown>[] } | undefined)?.results?.[0]
    : undefined;
  const source = (op.bulk && res.statusCode === 200 ? item : json) ?? {};
  const status =
    op.bulk && res.statusCode === 200
      ? source.status === 'ok'
        ? 200
        : statusOf(String(source.code))
      : res.statusCode;
  return {
    status,
    code: String(source.code ?? ''),
    fields: Object.keys((source.errors as object | undefined) ?? {}),
    text: `${res.statusCode} ${res.body.slice(0, 200)}`,
  };
}

/** The HTTP status a bulk item's error code stands for (the same codes the routes answer). */
function statusOf(code: string): number {
  return code === 'not-found' ? 404 : code === 'conflict' ? 409 : code.includes('denied') ? 403 : 400;
}

/**
 * Every table of the database as its row count and newest row version (xmin): an insert or
 * update makes a row version newer than any before it, a delete changes the count. Cheaper
 * than hashing every row, which matters on a busy machine.
 */
async function snapshot(): Promise<Map<string, string>> {
  tables ??= (
    await sql<{ table_name: string }>`
      select table_name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(
      app.ctx.db,
    )
  ).rows.map((r) => r.table_name);
  const rows = await sql<{ t: string; h: string }>`${sql.join(
    tables.map(
      (table) =>
        sql`select ${table}::text as t, count(*) || ':' || coalesce(max(xmin::text::bigint), 0) as h from ${sql.table(table)}`,
    ),
    sql` union all `,
  )}`.execute(app.ctx.db);
  return new Map(rows.rows.map((r) => [r.t, r.h]));
}
let tables: string[] | undefined;

/** Tables a refused request may touch: the caller's session (last seen). */
const BOOKKEEPING = new Set(['sessions']);

function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after.keys()].filter((t) => !BOOKKEEPING.has(t) && before.get(t) !== after.get(t));
}

/** Waits for what an accepted request set going: alert evaluations, report and count jobs. */
async function settle(): Promise<void> {
  await app.ctx.alerts.idle();
  for (let i = 0; i < 400; i++) {
    const busy = await sql<{ n: number }>`
      select (select count(*) from reports where status in ('queued', 'running'))
        + (select count(*) from larvae_counts where status in ('queued', 'running')) as n`.execute(
      app.ctx.db,
    );
    if (Number(busy.rows[0].n) === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await app.ctx.alerts.idle();
}

async function post(url: string, payload: Record<string, unknown>): Promise<Record<string, string>> {
  const res = await app.inject({ method: 'POST', url, headers: f.a.auth, payload });
  if (res.statusCode >= 300) throw new Error(`setup ${url}: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

/**
 * The records of farm A that a sweep's controls use up: a pond without a cycle, a cycle
 * without a stocking, an order to receive, a category to delete, a harvest to book.
 */
async function freshRecordsOfA(): Promise<void> {
  const A = f.A;
  const pond = (name: string) =>
    post('/api/pond', { farm_id: A.farmId, block_id: A.blockId, name, area: 900 });
  A.extra.freePondId = (await pond(`Kolam tanpa siklus ${uuidv7().slice(-4)}`)).pond_id;
  A.extra.pond2Id = (await pond(`Kolam tanpa tebar ${uuidv7().slice(-4)}`)).pond_id;
  A.extra.cycle2Id = (
    await post('/api/cycle', { pond_id: A.extra.pond2Id, start_date: '2025-02-01' })
  ).cycle_id;
  A.extra.productId = (
    await post('/api/products', {
      farm_id: A.farmId,
      category_id: 3,
      product_name: `Probiotik ${uuidv7().slice(-6)}`,
      unit: 'Liter',
    })
  ).product_id;
  // "Keep both" names two readings of one slot: a pair of its own per kind, which no other
  // route of the sweep moves to another slot.
  for (const kind of ['general', 'chemical', 'biological']) {
    const ids = [uuidv7(), uuidv7()];
    const measured_at = '2025-03-03T22:00:00+07:00';
    await post(`/api/water/${kind}/bulk`, {
      items: ids.map((id) => ({ id, pond_id: A.pondId, measured_at })),
    });
    ROUTE_VALUES[`POST /api/water/${kind}/keepBoth`] = { ids };
  }
  // A new person to invite each time (POST /api/userFarm).
  VALID_VALUES.email = `baru.${uuidv7().slice(-8)}@example.com`;
  VALID_VALUES.phone = `+62812${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  A.extra.orderId = (
    await post('/api/farm/purchase-order', {
      farm_id: A.farmId,
      supplier_name: 'Toko Pakan',
      supplier_phone: '081234567890',
      items: [{ product_id: STARTER_PRODUCTS[0].id, qty: 10 }],
    })
  ).id;
  A.extra.categoryId = (
    await post('/api/account/category', {
      farm_id: A.farmId,
      type: 'out',
      category_icon: 'fuel',
      category_transaction_name: `Solar ${uuidv7().slice(-6)}`,
    })
  ).category_transaction_id;
  A.extra.harvestId = (
    await post('/api/harvest', {
      stock_id: A.extra.stockId,
      harvested_on: '2024-03-02',
      type: 'partial',
      weight_kg: 1,
      size: 100,
      price_per_kg: 50_000,
    })
  ).harvest_id;
  await settle();
}

beforeAll(async () => {
  app = await createTestApp();
  const seeded = ['cycle', 'water', 'sampling', 'production', 'warehouse', 'purchase-order', 'records'];
  f = await createAuthzFixture(app, [
    ...AUTHZ_MODULES.filter((m) => seeded.includes(m.name)),
    ...AUTHZ_MODULES.filter((m) => ['finance', 'larvae', 'analysis'].includes(m.name)),
  ]);
  for (const farm of [f.A, f.B]) {
    const keeper = await quickUser(app, 'keeper');
    farm.extra.memberUserFarmId = await addMember(app, farm.farmId, keeper, 3);
  }
  await freshRecordsOfA();
  await settle();
}, 120_000);
afterAll(async () => {
  await app?.close();
});

/** Does a field error name the property (`pond_id`, `ponds.0.pond_id`, `pond_ids`)? */
const names = (fields: string[], prop: IdProperty) =>
  fields.some((k) => k === prop.name || k === prop.path.join('.') || k.endsWith(`.${prop.name}`));

async function sweep(member: boolean): Promise<void> {
  const ops = operations(app.swagger() as Schema);
  const unclassified: string[] = [];
  // Routes that delete go last, so the others still find farm A's records.
  const order = (op: Operation) => (/delete/.test(op.path) ? 1 : 0);
  const swept = ops
    .map((op) => ({ op, props: idProperties(op, unclassified) }))
    .filter((s) => s.props.length > 0)
    .sort((a, b) => order(a.op) - order(b.op));
  expect(
    unclassified,
    'id-named body properties neither mapped to a kind nor listed as not farm-scoped',
  ).toEqual([]);
  const missingPaths = swept.filter((s) => /\{\w+\}/.test(s.op.path) && !PATH_KINDS[s.op.path]);
  expect(
    missingPaths.map((s) => s.op.key),
    'routes whose path record is not mapped',
  ).toEqual([]);
  const missingBulk = ops.filter((op) => op.bulk && !BULK_ITEMS[op.path]);
  expect(
    missingBulk.map((op) => op.key),
    'bulk routes without a documented item shape here',
  ).toEqual([]);

  const problems: string[] = [];
  const invalidControls: string[] = [];
  let requests = 0;
  let checked = 0;
  let before = await snapshot();
  const sendChecked = async (op: Operation, what: string, body: Json, mayWrite = false) => {
    const answer = await send(op, body);
    requests += 1;
    if (mayWrite) await settle();
    else await app.ctx.alerts.idle();
    const after = await snapshot();
    const changed = changedTables(before, after);
    before = after;
    if (!mayWrite && changed.length)
      problems.push(`${what}: wrote to ${changed.join(', ')} (${answer.text})`);
    if (answer.status >= 500) problems.push(`${what}: ${answer.text}`);
    return answer;
  };
  const refused = (a: Answer) => a.status >= 400 && a.status < 500;

  for (const { op, props } of swept) {
    for (const prop of props) {
      // A member of both farms may name B's record where nothing else in the body names
      // farm A (a harvest of B's stocking is B's harvest): only mixed bodies are swept then.
      // (An upload is its sender's, not a farm's: it names no farm.)
      const anchored = PATH_KINDS[op.path] || props.some((p) => p !== prop && !p.own && p.kind !== 'upload');
      if (member && !anchored) continue;
      const what = `${op.key} ${prop.path.join('.')}`;
      checked += 1;
      const foreignId = KIND_IDS[prop.kind](f.B);
      if (!foreignId) throw new Error(`no record of kind ${prop.kind} in farm B`);
      const foreign = await sendChecked(
        op,
        `${what} = B's ${prop.kind}`,
        setAt(validBody(op, props), prop.path, foreignId),
      );
      if (prop.own) {
        if (foreign.status !== 404 && foreign.status !== 409)
          problems.push(`${what} = B's ${prop.kind} (a client id B uses): ${foreign.text}`);
        continue;
      }
      if (foreign.status === 404 && foreign.code === 'not-found') continue;
      // A member of both farms may learn that B's record exists: any refusal will do then,
      // say a field error on farm A's block when the body names farm B.
      if (member) {
        if (!refused(foreign)) problems.push(`${what} = B's ${prop.kind}: not refused: ${foreign.text}`);
        continue;
      }
      // Anything else must be the very answer an id that exists nowhere gets.
      const unknown = await sendChecked(
        op,
        `${what} = an unknown id`,
        setAt(validBody(op, props), prop.path, uuidv7()),
        prop.name in UNKNOWN_ACCEPTED,
      );
      if (!refused(unknown)) {
        if (prop.name in UNKNOWN_ACCEPTED)
          problems.push(`${what} = B's ${prop.kind}: not 404: ${foreign.text}`);
        else problems.push(`${what} = an unknown id: not refused: ${unknown.text}`);
      } else if (!refused(foreign)) problems.push(`${what} = B's ${prop.kind}: not refused: ${foreign.text}`);
      else if (foreign.status !== unknown.status || foreign.code !== unknown.code)
        problems.push(`${what} = B's ${prop.kind}: ${foreign.text}, unlike an unknown id: ${unknown.text}`);
      else if (foreign.status === 400 && !names(foreign.fields, prop))
        problems.push(`${what} = B's ${prop.kind}: a 400 that does not name ${prop.name}: ${foreign.text}`);
    }
    // The control, last (it may take a slot the sweep needs): the body with farm A's own
    // ids, which the route must accept, so the refusals above were about the one id.
    const control = await sendChecked(op, `${op.key} control`, validBody(op, props), true);
    if (control.status >= 300) invalidControls.push(`${op.key}: ${control.text}`);
  }
  const count = swept.reduce((n, s) => n + s.props.length, 0);
  console.log(
    `foreign-reference sweep${member ? ' (member of both farms)' : ''}: ${swept.length} routes, ${count} id properties, ${checked} swept, ${requests} requests, ` +
      `${invalidControls.length} invalid controls, ${problems.length} problems`,
  );
  if (!member)
    for (const s of swept)
      console.log(
        `  ${s.op.key}: ${s.props.map((p) => `${p.path.join('.')}${p.own ? ' (client id)' : ''}`).join(', ')}`,
      );
  for (const line of [...invalidControls, ...problems]) console.log(`  ! ${line}`);
  expect(invalidControls).toEqual([]);
  expect(problems).toEqual([]);
}

describe('foreign references in request bodies (issue 29 point 5)', () => {
  it('refuses every id of another farm named in a body, like an id that does not exist, and writes nothing', async () => {
    await sweep(false);
  }, 120_000);

  it('answers a query or path that names farm A and one record of farm B below 500, with nothing of farm B', async () => {
    const doc = app.swagger() as Schema;
    const leaks: string[] = [];
    const serverErrors: string[] = [];
    const statuses = new Map<number, number>();
    const unclassified: string[] = [];
    let requests = 0;
    for (const [path, item] of Object.entries<Schema>(doc.paths)) {
      const op = item.get as Schema | undefined;
      if (!op) continue;
      const params = ((op.parameters ?? []) as QueryParam[]).filter(
        (p) => p.in === 'query' || p.in === 'path',
      );
      const refs = params.filter((p) => /_id$|_ids$/.test(p.name) && !(p.name in NOT_FARM_SCOPED));
      for (const swept of refs) {
        const kind = PROPERTY_KINDS[swept.name] ?? QUERY_KINDS[swept.name];
        if (!kind) {
          unclassified.push(`GET ${path} ${swept.in} ${swept.name}`);
          continue;
        }
        const foreignId = KIND_IDS[kind](f.B);
        const value = (p: QueryParam): string => {
          if (p === swept) return foreignId;
          const k = PROPERTY_KINDS[p.name] ?? QUERY_KINDS[p.name];
          if (k) return KIND_IDS[k](f.A);
          const v = sample(p.schema, VALID_VALUES);
          return encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v));
        };
        let url = path;
        for (const p of params.filter((p) => p.in === 'path')) url = url.replace(`{${p.name}}`, value(p));
        const query = params
          .filter((p) => p.in === 'query' && (p.required || p === swept || p.name === 'farm_id'))
          .map((p) => `${p.name}=${value(p)}`);
        const res = await app.inject({
          method: 'GET',
          url: `${url}?${[...query, 'lang=en'].join('&')}`,
          headers: f.a.auth,
        });
        requests += 1;
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        const what = `GET ${path} ${swept.name} = B's ${kind}: ${res.statusCode}`;
        if (res.statusCode >= 500) serverErrors.push(`${what} ${res.body.slice(0, 160)}`);
        const marks = [
          f.B.farmId,
          f.B.farmName,
          f.B.pondName,
          f.B.blockName,
          ...Object.values(f.B.extra).filter((id) => id && id !== foreignId),
        ];
        const seen = marks.filter((m) => res.body.includes(m));
        if (seen.length) leaks.push(`${what} shows ${seen.join(', ')}`);
      }
    }
    console.log(
      `foreign-reference query sweep: ${requests} requests, statuses ${JSON.stringify(Object.fromEntries(statuses))}, ` +
        `${serverErrors.length} × 5xx, ${leaks.length} leaks`,
    );
    for (const line of [...unclassified, ...serverErrors, ...leaks]) console.log(`  ! ${line}`);
    expect(unclassified).toEqual([]);
    expect(serverErrors).toEqual([]);
    expect(leaks).toEqual([]);
  });

  it('refuses them too when farm A’s owner is also an admin of farm B: an id must belong to the farm the body names', async () => {
    await addMember(app, f.B.farmId, f.a, 1);
    await freshRecordsOfA();
    await sweep(true);
  }, 120_000);
});
