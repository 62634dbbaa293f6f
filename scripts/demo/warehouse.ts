import { createHash } from 'node:crypto';
import { at } from './calendar.ts';
import { seededOf } from './seeded-problems.ts';

/**
 * Demo data for the warehouse (issue 15), written through the public API so that
 * authorization, validation and idempotency apply: items with minimum stock and prices,
 * daily feed (4 feedings), probiotic, lime, vitamin C and chlorine uses for every pond
 * with an active cycle, restocks by purchase order (ordered, sent and received when an
 * item would fall under twice its minimum within ten days) so no stock ever goes
 * negative, and two orders still open. The seeded items (scripts/demo/seeded-problems.ts)
 * are not reordered in the last three weeks and end today between zero and their
 * minimum. Ids come from the seeded PRNG, so a second run with the same seed stores
 * nothing twice (creates are upserts by id).
 */

/** What the generator needs of an API client signed in as the farm's owner (answers `data`). */
export interface DemoApi {
  get<T>(path: string, query?: Record<string, string | number | undefined>): Promise<T>;
  post<T>(path: string, body: unknown): Promise<T>;
}

export interface WarehouseDemoOptions {
  api: DemoApi;
  farmId: string;
  /** Seeded PRNG answering [0, 1). */
  random: () => number;
  /** How many days back from `today` to write uses for. */
  days: number;
  /** The last farm day (YYYY-MM-DD). */
  today: string;
  /** Uses of the last day exist up to this instant (default: the whole day). */
  until?: Date;
}

/** Starter catalogue ids (migration 0016, src/server/db/migrations/data/starter-products-0016.ts). */
const P = (n: number) => `01930000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const FEED_BY_DOC: [number, string][] = [
  [10, P(1)], // crumble #0
  [20, P(2)], // crumble #1
  [30, P(3)], // crumble #2
  [45, P(4)], // crumble #3
  [60, P(5)], // pellet 1.6
  [999, P(7)], // pellet 2.0
];
const STOCKED: { product: string; min: number; price: number; restock: number }[] = [
  ...FEED_BY_DOC.map(([, product]) => ({ product, min: 100, price: 14_500, restock: 500 })),
  { product: P(10), min: 5, price: 85_000, restock: 20 }, // Bacillus powder
  { product: P(11), min: 10, price: 45_000, restock: 40 }, // Bacillus liquid
  { product: P(15), min: 20, price: 6_000, restock: 100 }, // molasses
  { product: P(17), min: 200, price: 1_200, restock: 1000 }, // agricultural lime
  { product: P(19), min: 200, price: 1_500, restock: 1000 }, // dolomite
  { product: P(20), min: 10, price: 38_000, restock: 50 }, // chlorine
  { product: P(21), min: 100, price: 2_000, restock: 500 }, // zeolite
  { product: P(44), min: 2, price: 120_000, restock: 5 }, // vitamin C
];
/** Who sells what: feed from the feed mill's agent, the rest from two shops. */
const SUPPLIERS = [
  { supplier_name: 'CV Pakan Sejahtera', supplier_phone: '0812-3456-7001', feed: true },
  { supplier_name: 'UD Bio Akua', supplier_phone: '0857-1111-9090', feed: false },
];
/** Every restock check is a week apart; an order covers the next two weeks and twice the minimum. */
const CHECK_EVERY = 7;
const COVER_DAYS = 14;
/** The seeded items are not reordered in these last days, so they run down below their minimum. */
const SEEDED_QUIET_DAYS = 21;

/**
 * A UUIDv7-shaped id from the PRNG and the farm (same seed and farm, same ids; another
 * farm with the same seed gets its own ids, as ids are unique across farms).
 */
function idFrom(random: () => number, day: string, farmId: string): string {
  const ms = Date.parse(`${day}T00:00:00Z`) + Math.floor(random() * 86_400_000);
  const time = Math.floor(ms).toString(16).padStart(12, '0').slice(-12);
  const rest = createHash('sha256').update(`${farmId}:${random()}`).digest('hex');
  const variant = (8 + (Number.parseInt(rest[3], 16) % 4)).toString(16);
  return `${time.slice(0, 8)}-${time.slice(8)}-7${rest.slice(0, 3)}-${variant}${rest.slice(4, 7)}-${rest.slice(7, 19)}`;
}

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const round3 = (x: number) => Math.round(x * 1000) / 1000;

export async function generateWarehouse(
  o: WarehouseDemoOptions,
): Promise<{ items: number; uses: number; orders: number }> {
  const { api, farmId, random } = o;
  const start = addDays(o.today, -o.days);

  // Items: reuse the farm's item of a product when it exists, else create one.
  const existing = await api.get<{ warehouse_id: string; product_id: string }[]>('/warehouse', {
    farm_id: farmId,
  });
  const itemOf = new Map(existing.map((i) => [i.product_id, i.warehouse_id]));
  for (const s of STOCKED) {
    const id = idFrom(random, start, farmId);
    if (itemOf.has(s.product)) continue;
    const item = await api.post<{ warehouse_id: string }>('/warehouse', {
      warehouse_id: id,
      farm_id: farmId,
      product_id: s.product,
      minimum_stock: s.min,
      price: s.price,
    });
    itemOf.set(s.product, item.warehouse_id);
  }

  // Uses: every pond with an active cycle, 4 feedings a day, probiotics every 3 days, lime
  // weekly, vitamin C in the feed every 5 days, chlorine for the inlet canal every 10.
  const ponds = await api.get<{ pond_id: string; area: number }[]>('/pond', { farm_id: farmId });
  const cycles = await api.get<{ pond_id: string; start_date: string; end_date: string | 0 }[]>('/cycle', {
    farm_id: farmId,
  });
  const active = new Map(cycles.filter((c) => c.end_date === 0).map((c) => [c.pond_id, c.start_date]));
  const uses: Record<string, unknown>[] = [];
  for (let d = 0; d <= o.days; d++) {
    const day = addDays(start, d);
    for (const pond of ponds) {
      const started = active.get(pond.pond_id);
      if (!started || started > day) continue;
      const doc = Math.round((Date.parse(day) - Date.parse(started)) / 86_400_000) + 1;
      const feed = (FEED_BY_DOC.find(([until]) => doc < until) ?? FEED_BY_DOC[FEED_BY_DOC.length - 1])[1];
      const daily = Math.min(2 + doc * 0.9, 120) * (Math.max(pond.area, 500) / 2500);
      for (const time of ['06:00', '10:00', '14:00', '18:00']) {
        const qty = round3((daily / 4) * (0.9 + random() * 0.2));
        uses.push({
          id: idFrom(random, day, farmId),
          warehouse_id: itemOf.get(feed),
          pond_id: pond.pond_id,
          qty,
          used_on: day,
          time,
        });
      }
      if (doc % 3 === 0)
        uses.push({
          id: idFrom(random, day, farmId),
          warehouse_id: itemOf.get(P(11)),
          pond_id: pond.pond_id,
          qty: 2,
          used_on: day,
          time: '08:00',
        });
      if (doc % 7 === 0)
        uses.push({
          id: idFrom(random, day, farmId),
          warehouse_id: itemOf.get(P(17)),
          pond_id: pond.pond_id,
          qty: round3(20 + random() * 10),
          used_on: day,
          time: '16:00',
        });
      if (doc % 5 === 0)
        uses.push({
          id: idFrom(random, day, farmId),
          warehouse_id: itemOf.get(P(44)),
          pond_id: pond.pond_id,
          qty: round3(0.05 * (Math.max(pond.area, 500) / 2500)),
          used_on: day,
          time: '06:00',
        });
      if (doc % 10 === 0)
        uses.push({
          id: idFrom(random, day, farmId),
          warehouse_id: itemOf.get(P(20)),
          pond_id: pond.pond_id,
          qty: 1.5,
          used_on: day,
          time: '07:00',
        });
    }
  }
  // Nothing is used at a time still to come (the ids above stay those of a whole day).
  const until = o.until?.getTime() ?? Number.POSITIVE_INFINITY;
  const done = uses.filter((u) => at(u.used_on as string, u.time as string).getTime() <= until);
  uses.length = 0;
  uses.push(...done);
  await restockByOrders(o, itemOf, uses, start);
  for (let i = 0; i < uses.length; i += 500) {
    const answer = await api.post<{ results: { status: string; message?: string }[] }>('/useitem/bulk', {
      items: uses.slice(i, i + 500),
    });
    const failed = answer.results.find((r) => r.status !== 'ok');
    if (failed) throw new Error(`demo uses refused: ${failed.message}`);
  }

  // Two orders still open: pellets for the next weeks (sent by WhatsApp) and the seeded items (a draft).
  const open = [
    { ...SUPPLIERS[0], items: [{ product_id: P(7), qty: 1500 }] },
    {
      ...SUPPLIERS[1],
      note: 'Kirim sebelum tebar berikutnya',
      items: [
        { product_id: P(44), qty: 5 },
        { product_id: P(20), qty: 50 },
      ],
    },
  ];
  const made: string[] = [];
  for (const [n, { feed: _, ...order }] of open.entries()) {
    const created = await api.post<{ id: string; status: string }>('/farm/purchase-order', {
      id: idFrom(random, o.today, farmId),
      farm_id: farmId,
      ...order,
    });
    made.push(created.id);
    if (n === 0 && created.status === 'open')
      await api.post(`/farm/purchase-order/${created.id}/whatsapp`, {});
  }
  return { items: itemOf.size, uses: uses.length, orders: made.length };
}

/**
 * Restocks by purchase order, as a farm manager orders: every CHECK_EVERY days each item
 * that would fall under twice its minimum within ten days is ordered, enough for the next
 * COVER_DAYS and twice its minimum, rounded up to whole sacks (the item's restock step),
 * one order per supplier, received that morning. The seeded items' last order lands them
 * at half their minimum today (a last use trims what rounding left over).
 */
async function restockByOrders(
  o: WarehouseDemoOptions,
  itemOf: Map<string, string>,
  uses: Record<string, unknown>[],
  start: string,
): Promise<void> {
  const { api, farmId, random } = o;
  const productOf = new Map([...itemOf].map(([product, item]) => [item, product]));
  const usedOn = new Map<string, number[]>(STOCKED.map((s) => [s.product, new Array(o.days + 1).fill(0)]));
  for (const use of uses) {
    const product = productOf.get(use.warehouse_id as string) as string;
    const day = Math.round((Date.parse(use.used_on as string) - Date.parse(start)) / 86_400_000);
    (usedOn.get(product) as number[])[day] += use.qty as number;
  }
  const seeded = new Set(seededOf('item_below_min').map((p) => p.item.product_id));
  const sum = (product: string, from: number, to: number) =>
    (usedOn.get(product) as number[]).slice(from, to + 1).reduce((a, b) => a + b, 0);
  const stock = new Map(STOCKED.map((s) => [s.product, 0]));
  const lastSeededCheck = Math.floor((o.days - SEEDED_QUIET_DAYS) / CHECK_EVERY) * CHECK_EVERY;
  for (let d = 0; d <= o.days; d++) {
    if (d % CHECK_EVERY === 0) {
      const day = addDays(start, d);
      const wanted: { product_id: string; qty: number; price: number; feed: boolean }[] = [];
      for (const s of STOCKED) {
        const have = stock.get(s.product) as number;
        let qty = 0;
        if (seeded.has(s.product) && d >= lastSeededCheck) {
          if (d === lastSeededCheck) qty = Math.max(0, sum(s.product, d, o.days) + s.min / 2 - have);
        } else if (have - sum(s.product, d, d + 9) < 2 * s.min) {
          qty = sum(s.product, d, d + COVER_DAYS - 1) + 2 * s.min - have;
        }
        if (qty <= 0) continue;
        const step = seeded.has(s.product) && d === lastSeededCheck ? 1 : s.restock;
        qty = Math.ceil(qty / step) * step;
        stock.set(s.product, have + qty);
        const feed = FEED_BY_DOC.some(([, p]) => p === s.product);
        wanted.push({
          product_id: s.product,
          qty,
          price: Math.round(s.price * (0.95 + random() * 0.1)),
          feed,
        });
      }
      for (const supplier of SUPPLIERS) {
        const lines = wanted.filter((w) => w.feed === supplier.feed);
        if (lines.length === 0) continue;
        const created = await api.post<{ id: string; status: string }>('/farm/purchase-order', {
          id: idFrom(random, day, farmId),
          farm_id: farmId,
          supplier_name: supplier.supplier_name,
          supplier_phone: supplier.supplier_phone,
          items: lines.map(({ product_id, qty }) => ({ product_id, qty })),
        });
        if (created.status !== 'received')
          await api.post(`/farm/purchase-order/${created.id}/receive`, {
            received_on: day,
            items: lines.map(({ product_id, price }) => ({ product_id, price })),
          });
      }
    }
    for (const s of STOCKED) {
      const left = (stock.get(s.product) as number) - (usedOn.get(s.product) as number[])[d];
      if (left < 0) throw new Error(`demo warehouse: ${s.product} would go negative on day ${d}`);
      stock.set(s.product, left);
    }
  }
  // Rounding up to whole units may leave a seeded item at its minimum: a last use trims it.
  for (const s of STOCKED) {
    const left = stock.get(s.product) as number;
    if (!seeded.has(s.product) || left < s.min * 0.7) continue;
    const last = uses.findLast((u) => u.warehouse_id === itemOf.get(s.product));
    uses.push({
      id: idFrom(random, o.today, farmId),
      warehouse_id: itemOf.get(s.product),
      pond_id: last?.pond_id,
      qty: round3(left - s.min / 2),
      used_on: o.today,
      // At the first water slot: a demo loaded during the day has always reached it.
      time: '06:00',
    });
  }
}
