import { createHash } from 'node:crypto';

/**
 * Demo data for the warehouse (issue 15), written through the public API so that
 * authorization, validation and idempotency apply: items with minimum stock and prices,
 * restocks, daily feed (4 feedings) and probiotic / lime uses for every pond with an
 * active cycle, and purchase orders (one received). Ids come from the seeded PRNG, so a
 * second run with the same seed stores nothing twice (creates are upserts by id).
 *
 * The lead wires `generateWarehouse` into `scripts/demo-data.ts`:
 *   await generateWarehouse({ api, farmId, random, days: 60, today: '2026-03-01' });
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

  // Restocks every 10 days at a price that moves a little.
  for (let d = 0; d <= o.days; d += 10) {
    const day = addDays(start, d);
    for (const s of STOCKED) {
      const id = idFrom(random, day, farmId);
      const price = Math.round(s.price * (0.95 + random() * 0.1));
      await api.post(`/warehouse/${itemOf.get(s.product)}/store`, {
        id,
        qty: s.restock,
        price,
        used_on: day,
      });
    }
  }

  // Uses: every pond with an active cycle, 4 feedings a day, probiotics every 3 days, lime weekly.
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
    }
  }
  for (let i = 0; i < uses.length; i += 500) {
    const answer = await api.post<{ results: { status: string; message?: string }[] }>('/useitem/bulk', {
      items: uses.slice(i, i + 500),
    });
    const failed = answer.results.find((r) => r.status !== 'ok');
    if (failed) throw new Error(`demo uses refused: ${failed.message}`);
  }

  // Purchase orders: feed and probiotics from two suppliers; the oldest one received.
  const orders = [
    {
      supplier_name: 'CV Pakan Sejahtera',
      supplier_phone: '0812-3456-7001',
      items: [
        { product_id: P(5), qty: 1000 },
        { product_id: P(7), qty: 1500 },
      ],
    },
    {
      supplier_name: 'Toko Tani Makmur',
      supplier_phone: '0813-2222-3344',
      items: [
        { product_id: P(17), qty: 2000 },
        { product_id: P(19), qty: 1000 },
      ],
    },
    {
      supplier_name: 'UD Bio Akua',
      supplier_phone: '0857-1111-9090',
      note: 'Kirim sebelum tebar berikutnya',
      items: [
        { product_id: P(11), qty: 60 },
        { product_id: P(44), qty: 5 },
      ],
    },
  ];
  const made: string[] = [];
  for (const order of orders) {
    const created = await api.post<{ id: string; status: string }>('/farm/purchase-order', {
      id: idFrom(random, start, farmId),
      farm_id: farmId,
      ...order,
    });
    made.push(created.id);
    if (created.status === 'open') await api.post(`/farm/purchase-order/${created.id}/whatsapp`, {});
  }
  const first = await api.get<{ id: string; status: string }[]>('/purchase-order', {
    farm_id: farmId,
    page: 1,
  });
  const toReceive = first.find((x) => x.id === made[0]);
  if (toReceive && toReceive.status !== 'received') {
    await api.post(`/farm/purchase-order/${made[0]}/receive`, {
      received_on: addDays(o.today, -2),
      items: orders[0].items.map((it) => ({ product_id: it.product_id, price: 14_250 })),
    });
  }
  return { items: itemOf.size, uses: uses.length, orders: made.length };
}
