import pg from 'pg';
import { newId } from '#local/ids';
import type { Product } from '#shared/contracts/warehouse';
import type { Books } from './checker.ts';
import { DAY, type Extras, farmDay } from './kind-table.ts';
import type { ChaosTable, Ledger } from './ledger.ts';
import type { World } from './world.ts';

/**
 * The set-up of the newer record kinds' world (the farm's items, stockings, accounts and
 * categories, online as the manager); the operations themselves are in kind-ops.ts, which
 * the browser harness also runs inside its pages.
 */

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
