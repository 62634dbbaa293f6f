import pg from 'pg';
import { saveTransactionWithReceipts } from '#features/finance/finance-data.ts';
import { createDeath, createHarvest, createStock } from '#features/production/production-data.ts';
import { saveSamplings } from '#features/sampling/save-samplings.ts';
import {
  addMovement,
  createOrder,
  deleteMovement,
  receiveOrder,
  saveUses,
} from '#features/warehouse/warehouse-data.ts';
import type { Local, TambakDb } from '#local/db';
import { newId } from '#local/ids';
import { createRepository } from '#local/repository';
import {
  ANCO,
  DEATHS,
  FINANCE_TRANSACTIONS,
  HARVESTS,
  type ResourceDescriptor,
  SAMPLINGS,
} from '#local/resources';
import { visible } from '#local/visible';
import type { Cycle } from '#shared/contracts/cycle';
import type { Stock } from '#shared/contracts/stock';
import type { Movement, Product, PurchaseOrder } from '#shared/contracts/warehouse';
import type { Rng } from '../../scripts/lib/prng.ts';
import type { Books } from './checker.ts';
import type { ChaosTable, Ledger } from './ledger.ts';
import type { World } from './world.ts';

/**
 * The record kinds added after readings and cycles (issue 29 point 4), written through
 * the functions the screens call: feed and item uses through the journal (`saveUses`),
 * restocks and removals as outbox actions (`addMovement`), their deletion
 * (`deleteMovement`), purchase orders (`createOrder`, `receiveOrder` → restock), stocking
 * (`createStock`), partial harvests and deaths, samplings with a photo Blob
 * (`saveSamplings`), anco (the entry screen's repository create) and finance transactions
 * with a receipt photo (`saveTransactionWithReceipts`).
 */

export type KindOp =
  | 'feed-given'
  | 'item-use'
  | 'restock'
  | 'remove-stock'
  | 'delete-movement'
  | 'po-create'
  | 'po-receive'
  | 'stock-pond'
  | 'harvest-partial'
  | 'death'
  | 'sampling'
  | 'anco'
  | 'finance-tx'
  | 'edit-record';

export const KIND_WEIGHTS: Record<KindOp, number> = {
  'feed-given': 9,
  'item-use': 4,
  restock: 4,
  'remove-stock': 3,
  'delete-movement': 3,
  'po-create': 3,
  'po-receive': 2.5,
  'stock-pond': 2,
  'harvest-partial': 3,
  death: 3,
  sampling: 4,
  anco: 5,
  'finance-tx': 6,
  'edit-record': 6,
};

/** What the tallies count each operation as. */
export const KIND_OF_OP: Record<string, string> = {
  'create-reading': 'water-reading',
  'update-reading': 'water-reading',
  'delete-reading': 'water-reading',
  'start-cycle': 'cycle',
  'end-cycle': 'cycle',
  'feed-given': 'feed',
  'item-use': 'item-use',
  restock: 'restock',
  'remove-stock': 'removal',
  'delete-movement': 'movement-delete',
  'po-create': 'purchase-order',
  'po-receive': 'po-receive',
  'stock-pond': 'stocking',
  'harvest-partial': 'harvest',
  death: 'death',
  sampling: 'sampling',
  anco: 'anco',
  'finance-tx': 'finance',
  'edit-record': 'edit',
};

export interface KindDevice {
  index: number;
  role: 'manager' | 'technician';
  db: TambakDb;
  insertPonds: string[];
  refusedPonds: string[];
}

export interface Extras {
  feed: Product & { warehouse_id: string };
  other: Product & { warehouse_id: string };
  accounts: string[];
  categories: { id: string; type: 'in' | 'out'; name: string; icon: string; builtin_key: string | null }[];
  /** Ponds stocked at set-up (records on them by a manager must never fail). */
  stockedPonds: string[];
  books: Books;
}

const DAY = 86_400_000;
const WIB = 7 * 3_600_000;
const farmDay = (ms: number) => new Date(ms + WIB).toISOString().slice(0, 10);
const tenth = (rng: Rng, min: number, max: number) => rng.int(min * 10, max * 10) / 10;

async function call(world: World, method: string, path: string, body?: unknown) {
  const res = await fetch(`${world.server.baseUrl}/api${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      authorization: `Bearer ${world.managerToken}`,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { data: unknown };
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  // biome-ignore lint/suspicious/noExplicitAny: API answers of the set-up calls
  return json.data as any;
}

/**
 * The farm's set-up, online as the manager (not counted as mutations): two warehouse
 * items with an opening restock, ponds 1 and 2 stocked (their cycles start), two finance
 * accounts; the farm's rows as they are then are allowed in the checker's ledger.
 */
export async function setUpExtras(
  world: World,
  ledger: Ledger,
  farmId: string,
  pondIds: string[],
): Promise<Extras> {
  const page = await call(world, 'GET', `/products?farm_id=${farmId}&order_by=category`);
  const products = page.items as Product[];
  const feedProduct = products.find((p) => p.unit === 'Kg') ?? products[0]!;
  const otherProduct = products.find((p) => p.product_id !== feedProduct.product_id)!;
  const item = async (product: Product) => {
    const warehouse_id = newId();
    await call(world, 'POST', '/warehouse', {
      warehouse_id,
      farm_id: farmId,
      product_id: product.product_id,
      minimum_stock: 0,
      price: 10_000,
    });
    await call(world, 'POST', `/warehouse/${warehouse_id}/store`, {
      id: newId(),
      qty: 5000,
      price: 10_000,
      used_on: farmDay(Date.now() - 30 * DAY),
    });
    return { ...product, warehouse_id };
  };
  const feed = await item(feedProduct);
  const other = await item(otherProduct);
  const stockedPonds = pondIds.slice(0, 2);
  for (const pondId of stockedPonds)
    await call(world, 'POST', '/stock', {
      stock_id: newId(),
      pond_id: pondId,
      stock_date: farmDay(Date.now() - 30 * DAY),
      seed_net: 200_000,
      seed_actual: 200_000,
    });
  const accounts = [newId(), newId()];
  for (const [i, account_id] of accounts.entries())
    await call(world, 'POST', '/account', {
      account_id,
      farm_id: farmId,
      name: i === 0 ? 'Kas tambak' : 'Bank',
      created_at: farmDay(Date.now() - 60 * DAY),
    });
  const cats = (await call(world, 'GET', `/account/category?farm_id=${farmId}`)) as {
    category_transaction_id: string;
    type: 'in' | 'out';
    category_transaction_name: string;
    category_icon: string;
    builtin_key: string | null;
  }[];
  const categories = [
    cats.find((c) => c.type === 'in')!,
    ...cats.filter((c) => c.type === 'out').slice(0, 2),
  ].map((c) => ({
    id: c.category_transaction_id,
    type: c.type,
    name: c.category_transaction_name,
    icon: c.category_icon,
    builtin_key: c.builtin_key,
  }));

  const client = new pg.Client({ connectionString: world.server.databaseUrl });
  await client.connect();
  const items: Books['items'] = [];
  try {
    const tables: [ChaosTable, string][] = [
      ['cycles', 'cycles'],
      ['stocks', 'stocks'],
      ['warehouseMovements', 'warehouse_movements'],
    ];
    for (const [table, sqlTable] of tables) {
      const r = await client.query(`SELECT id FROM ${sqlTable} WHERE farm_id = $1`, [farmId]);
      for (const row of r.rows) ledger.allow(table, row.id);
    }
    const r = await client.query(
      'SELECT id, product_id, qty::text AS qty FROM warehouse_items WHERE farm_id = $1',
      [farmId],
    );
    for (const row of r.rows)
      items.push({ id: row.id, productId: row.product_id, openingMilli: Math.round(Number(row.qty) * 1000) });
  } finally {
    await client.end();
  }
  const books: Books = {
    items,
    categoryType: new Map(categories.map((c) => [c.id, c.type])),
    orderLines: new Map(),
    balances: async () => {
      const list = (await call(world, 'GET', `/account?farm_id=${farmId}`)) as {
        account_id: string;
        balance: string;
      }[];
      return new Map(list.map((a) => [a.account_id, BigInt(a.balance)]));
    },
  };
  return { feed, other, accounts, categories, stockedPonds, books };
}

/** The operations of the new kinds for one seed; each answers false when it had nothing to act on. */
export function kindOps(ctx: { rng: Rng; ledger: Ledger; farmId: string; extras: Extras }) {
  const { rng, ledger, farmId, extras } = ctx;
  const today = () => farmDay(Date.now());
  const recentDay = (maxDaysBack: number) => farmDay(Date.now() - rng.int(0, maxDaysBack) * DAY);
  /** A pond for a pond record: mostly one the user may enter data in; a technician sometimes another. */
  const pickPond = (d: KindDevice) => {
    const refused = d.refusedPonds.length > 0 && rng.chance(0.2);
    return rng.pick(refused ? d.refusedPonds : d.insertPonds);
  };
  const activeCycle = async (d: KindDevice, pondId: string) =>
    (visible(await d.db.cycles.where('pond_id').equals(pondId).toArray()) as Local<Cycle>[]).find(
      (c) => c.end_date === 0 && c._status !== 'failed',
    );
  const activeStock = async (d: KindDevice, pondId: string) =>
    (visible(await d.db.stocks.where('pond_id').equals(pondId).toArray()) as Local<Stock>[]).find(
      (s) => !s.is_harvest && s._status !== 'failed',
    );
  /** A manager's record on a pond stocked at set-up must be accepted; anything else may be refused. */
  const strict = (d: KindDevice, pondId: string | null) =>
    d.role === 'manager' && (pondId === null || extras.stockedPonds.includes(pondId));
  const photo = () => ({
    id: newId(),
    // A JPEG's signature (FF D8 FF E0, JFIF): the server checks the file type by its bytes.
    blob: new Blob(
      [
        new Uint8Array([
          0xff,
          0xd8,
          0xff,
          0xe0,
          0x00,
          0x10,
          0x4a,
          0x46,
          0x49,
          0x46,
          0x00,
          rng.int(0, 255),
          0xff,
          0xd9,
        ]),
      ],
      { type: 'image/jpeg' },
    ),
    width: 640,
    height: 480,
  });

  async function uses(d: KindDevice, which: 'feed' | 'other'): Promise<boolean> {
    const item = which === 'feed' ? extras.feed : extras.other;
    const pondId = pickPond(d);
    const cycle = await activeCycle(d, pondId);
    const times =
      which === 'feed' ? rng.pick([['07:00'], ['07:00', '11:00'], ['07:00', '11:00', '16:00']]) : [null];
    const usedOn = recentDay(3);
    const now = new Date().toISOString();
    const records = times.map((time) => {
      const qty = tenth(rng, 0.5, 5);
      return {
        id: newId(),
        farm_id: farmId,
        warehouse_id: item.warehouse_id,
        kind: 'use' as const,
        qty,
        unit_price: 10_000,
        value: Math.round(qty * 10_000),
        pond_id: pondId,
        cycle_id: cycle?.cycle_id ?? null,
        used_on: usedOn,
        time,
        note: null,
        purchase_order_id: null,
        created_by: null,
        created_at: now,
        updated_at: now,
        deleted_at: null,
      };
    });
    await saveUses(records, d.db);
    for (const r of records)
      ledger.created({
        device: d.index,
        table: 'warehouseMovements',
        kind: which === 'feed' ? 'feed' : 'item-use',
        id: r.id,
        pondId,
        values: { kind: 'use', qty: r.qty, warehouse_id: r.warehouse_id, used_on: usedOn },
        expectRefused: false,
        mayFail: !strict(d, pondId),
      });
    return true;
  }

  async function movement(d: KindDevice, kind: 'store' | 'remove'): Promise<boolean> {
    const item = rng.chance(0.5) ? extras.feed : extras.other;
    const qty = kind === 'store' ? tenth(rng, 10, 60) : tenth(rng, 0.5, 5);
    const usedOn = recentDay(3);
    const id = await addMovement(
      { warehouse_id: item.warehouse_id, farm_id: farmId, price: 10_000 },
      kind,
      { qty, used_on: usedOn, note: null, ...(kind === 'store' && rng.chance(0.5) ? { price: 11_000 } : {}) },
      d.db,
    );
    ledger.created({
      device: d.index,
      table: 'warehouseMovements',
      kind: kind === 'store' ? 'restock' : 'removal',
      id,
      pondId: '',
      values: { kind, qty, warehouse_id: item.warehouse_id, used_on: usedOn },
      expectRefused: false,
      mayFail: d.role !== 'manager',
    });
    return true;
  }

  async function removeMovement(d: KindDevice): Promise<boolean> {
    const live = ledger.live(d.index, ['warehouseMovements']);
    if (live.length === 0) return false;
    const r = rng.pick(live);
    const row = (await d.db.warehouseMovements.get(r.id)) as Local<Movement> | undefined;
    if (!row || row._deleted || row._status === 'failed') return false;
    await deleteMovement(row, d.db);
    ledger.deleted('warehouseMovements', r.id);
    return true;
  }

  async function orderCreate(d: KindDevice): Promise<boolean> {
    const lines = (
      rng.chance(0.5) ? [extras.feed, extras.other] : [rng.pick([extras.feed, extras.other])]
    ).map((product) => ({ product, qty: rng.int(5, 80) }));
    const id = await createOrder(
      farmId,
      { supplier_name: 'CV Pakan Jaya', supplier_phone: '081234567890', note: null, lines },
      d.db,
    );
    extras.books.orderLines.set(id, new Map(lines.map((l) => [l.product.product_id, l.qty * 1000])));
    ledger.created({
      device: d.index,
      table: 'purchaseOrders',
      kind: 'purchase-order',
      id,
      pondId: '',
      values: { status: 'open' },
      expectRefused: false,
      mayFail: d.role !== 'manager',
    });
    return true;
  }

  async function orderReceive(d: KindDevice): Promise<boolean> {
    const open = ledger.live(d.index, ['purchaseOrders']).filter((r) => r.values.status === 'open');
    if (open.length === 0) return false;
    const r = rng.pick(open);
    const row = (await d.db.purchaseOrders.get(r.id)) as Local<PurchaseOrder> | undefined;
    if (!row || row._status === 'failed') return false;
    const prices = Object.fromEntries(row.items.map((i) => [i.product_id, rng.int(9, 13) * 1000]));
    await receiveOrder(row, { received_on: today(), prices }, d.db);
    ledger.updated('purchaseOrders', r.id, { status: 'received' });
    return true;
  }

  async function stockPond(d: KindDevice): Promise<boolean> {
    const pondId = pickPond(d);
    if (await activeStock(d, pondId)) {
      // A second active stocking is refused by the server: play it now and then.
      if (!rng.chance(0.15)) return false;
    }
    const stockDate = recentDay(5);
    const seed = rng.int(50, 150) * 1000;
    const id = await createStock(d.db, {
      farmId,
      pondId,
      areaM2: 1000,
      fields: { stock_date: stockDate, seed_net: seed, seed_actual: seed },
    });
    const row = (await d.db.stocks.get(id)) as Stock | undefined;
    if (row) {
      ledger.allow('cycles', row.cycle_id);
      const named = ledger.records.get(`cycles:${row.cycle_id}`);
      if (named) named.valuesMayMove = true;
    }
    ledger.created({
      device: d.index,
      table: 'stocks',
      kind: 'stocking',
      id,
      pondId,
      values: { stock_date: stockDate, seed_net: seed, seed_actual: seed, pond_id: pondId },
      expectRefused: false,
      mayFail: true,
    });
    return true;
  }

  async function production(d: KindDevice, what: 'harvest' | 'death'): Promise<boolean> {
    const pondId = pickPond(d);
    const stock = await activeStock(d, pondId);
    if (!stock) return false;
    const day = recentDay(4);
    const mayFail =
      !strict(d, pondId) || !extras.stockedPonds.includes(stock.pond_id) || stock._status !== 'synced';
    if (what === 'harvest') {
      const values = {
        harvested_on: day,
        type: 'partial' as const,
        weight_kg: tenth(rng, 1, 20),
        size: rng.int(60, 120),
        price_per_kg: rng.int(40, 80) * 1000,
      };
      const id = await createHarvest(d.db, stock, values);
      ledger.created({
        device: d.index,
        table: 'harvests',
        kind: 'harvest',
        id,
        pondId,
        values: { ...values, stock_id: stock.stock_id },
        expectRefused: false,
        mayFail,
      });
    } else {
      const values = { died_on: day, count: rng.int(1, 300), total_weight_kg: null };
      const id = await createDeath(d.db, stock, values);
      ledger.created({
        device: d.index,
        table: 'deaths',
        kind: 'death',
        id,
        pondId,
        values: { died_on: day, count: values.count, stock_id: stock.stock_id },
        expectRefused: false,
        mayFail,
      });
    }
    return true;
  }

  async function sampling(d: KindDevice): Promise<boolean> {
    const ponds = rng.chance(0.3) ? [pickPond(d), pickPond(d)] : [pickPond(d)];
    const unique = [...new Set(ponds)];
    const records: Record<string, unknown>[] = [];
    const photos: { pondId: string; recordId: string; photos: ReturnType<typeof photo>[] }[] = [];
    for (const pondId of unique) {
      const cycle = await activeCycle(d, pondId);
      if (!cycle) continue;
      const id = newId();
      records.push({
        id,
        farm_id: farmId,
        pond_id: pondId,
        cycle_id: cycle.cycle_id,
        sampled_on: recentDay(4),
        shrimp_count: rng.int(50, 150),
        sample_weight: tenth(rng, 100, 900),
        note: null,
      });
      if (rng.chance(0.4)) photos.push({ pondId, recordId: id, photos: [photo()] });
    }
    if (records.length === 0) return false;
    await saveSamplings(d.db, { records: records as never, photos: photos as never }, farmId);
    for (const r of records) {
      const pondId = String(r.pond_id);
      const cycle = (await d.db.cycles.get(String(r.cycle_id))) as Local<Cycle> | undefined;
      const mayFail = !strict(d, pondId) || cycle?._status !== 'synced';
      ledger.created({
        device: d.index,
        table: 'samplings',
        kind: 'sampling',
        id: String(r.id),
        pondId,
        values: {
          sampled_on: String(r.sampled_on),
          shrimp_count: Number(r.shrimp_count),
          sample_weight: Number(r.sample_weight),
          pond_id: pondId,
        },
        expectRefused: false,
        mayFail,
      });
      for (const p of photos.filter((x) => x.recordId === r.id))
        for (const ph of p.photos)
          ledger.created({
            device: d.index,
            table: 'photos',
            kind: 'sampling-photo',
            id: ph.id,
            pondId,
            values: { record_type: 'sampling', record_id: String(r.id) },
            expectRefused: false,
            mayFail,
          });
    }
    return true;
  }

  async function anco(d: KindDevice): Promise<boolean> {
    const ponds = [...new Set(rng.chance(0.3) ? [pickPond(d), pickPond(d)] : [pickPond(d)])];
    const checkDate = recentDay(3);
    const feeding = rng.int(1, 6);
    const statuses = ['habis', 'sisa_sedikit', 'sisa_banyak'] as const;
    const records = [];
    for (const pondId of ponds) {
      const cycle = await activeCycle(d, pondId);
      records.push({
        id: newId(),
        farm_id: farmId,
        pond_id: pondId,
        cycle_id: cycle?.cycle_id ?? undefined,
        check_date: checkDate,
        feeding_time: feeding,
        checked_at: '09:30',
        data_anco: [1, 2, 3, 4].map((tray) => ({ tray, status: rng.pick([...statuses]) })),
        note: null,
      });
    }
    // As the anco entry screen saves (records-model ancoRecords → the repository).
    await createRepository(ANCO, d.db).create(records);
    for (const r of records) {
      const cycle = r.cycle_id
        ? ((await d.db.cycles.get(r.cycle_id)) as Local<Cycle> | undefined)
        : undefined;
      ledger.created({
        device: d.index,
        table: 'anco',
        kind: 'anco',
        id: r.id,
        pondId: r.pond_id,
        values: { check_date: checkDate, feeding_time: feeding, pond_id: r.pond_id },
        expectRefused: false,
        mayFail: !strict(d, r.pond_id) || cycle?._status !== 'synced',
      });
    }
    return true;
  }

  async function financeTx(d: KindDevice): Promise<boolean> {
    const category = rng.pick(extras.categories);
    const id = newId();
    const nominal = rng.int(1, 5000) * 1000;
    const date = recentDay(10);
    const accountId = rng.pick(extras.accounts);
    const receipts = rng.chance(0.3) ? [photo()] : [];
    // As the transaction dialog saves a new one.
    await saveTransactionWithReceipts(
      {
        account_id: accountId,
        category_transaction_id: category.id,
        metode: rng.pick(['cash', 'transfer'] as const),
        nominal,
        transaction_date: date,
        note: '',
        type: category.type,
        category_transaction_name: category.name,
        category_icon: category.icon as never,
        builtin_key: category.builtin_key,
        transaction_record_id: id,
        farm_id: farmId,
        photos: [],
        source_type: null,
        source_id: null,
        created_by: null,
      },
      receipts,
      d.db,
    );
    const mayFail = d.role !== 'manager';
    ledger.created({
      device: d.index,
      table: 'financeTransactions',
      kind: 'finance',
      id,
      pondId: '',
      values: {
        account_id: accountId,
        nominal,
        transaction_date: date,
        category_transaction_id: category.id,
      },
      expectRefused: false,
      mayFail,
    });
    for (const p of receipts)
      ledger.created({
        device: d.index,
        table: 'photos',
        kind: 'receipt-photo',
        id: p.id,
        pondId: '',
        values: { record_type: 'transaction', record_id: id },
        expectRefused: false,
        mayFail,
      });
    return true;
  }

  /**
   * An edit of a record this device made (a death, partial harvest, sampling, anco check
   * or transaction), through the repository update its edit dialog calls: only the changed
   * fields, which the server merges per field. The server must end with the last values.
   */
  async function editRecord(d: KindDevice): Promise<boolean> {
    const editable: Partial<Record<ChaosTable, [ResourceDescriptor, () => Record<string, number>]>> = {
      deaths: [DEATHS, () => ({ count: rng.int(1, 300) })],
      harvests: [
        HARVESTS,
        () =>
          rng.chance(0.5)
            ? { weight_kg: tenth(rng, 1, 20) }
            : { weight_kg: tenth(rng, 1, 20), price_per_kg: rng.int(40, 80) * 1000 },
      ],
      samplings: [
        SAMPLINGS,
        () =>
          rng.chance(0.5)
            ? { shrimp_count: rng.int(50, 150) }
            : { shrimp_count: rng.int(50, 150), sample_weight: tenth(rng, 100, 900) },
      ],
      anco: [ANCO, () => ({ feeding_time: rng.int(1, 6) })],
      financeTransactions: [FINANCE_TRANSACTIONS, () => ({ nominal: rng.int(1, 5000) * 1000 })],
    };
    const live = ledger.live(d.index, Object.keys(editable) as ChaosTable[]);
    if (live.length === 0) return false;
    const r = rng.pick(live);
    const [resource, change] = editable[r.table] ?? [];
    if (!resource || !change) return false;
    const changes = change();
    await createRepository(resource, d.db).update(r.id, changes);
    ledger.updated(r.table, r.id, changes);
    return true;
  }

  return async (op: KindOp, d: KindDevice): Promise<boolean> => {
    switch (op) {
      case 'feed-given':
        return uses(d, 'feed');
      case 'item-use':
        return uses(d, 'other');
      case 'restock':
        return movement(d, 'store');
      case 'remove-stock':
        return movement(d, 'remove');
      case 'delete-movement':
        return removeMovement(d);
      case 'po-create':
        return orderCreate(d);
      case 'po-receive':
        return orderReceive(d);
      case 'stock-pond':
        return stockPond(d);
      case 'harvest-partial':
        return production(d, 'harvest');
      case 'death':
        return production(d, 'death');
      case 'sampling':
        return sampling(d);
      case 'edit-record':
        return editRecord(d);
      case 'anco':
        return anco(d);
      case 'finance-tx':
        return financeTx(d);
    }
  };
}
