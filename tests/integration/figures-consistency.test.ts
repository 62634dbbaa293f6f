import ExcelJS from 'exceljs';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysOfCulture } from '#shared/domain/figures';
import { BUILT_IN_ID } from '#shared/domain/finance';
import { formatNumber } from '#shared/domain/format';
import type { App } from '../../src/server/app.ts';
import { STARTER_PRODUCTS } from '../../src/server/db/migrations/data/starter-products-0016.ts';
import { type FarmSetup, ownerWithFarm, type QuickUser } from '../helpers/farm-fixtures.ts';
import { pdfText } from '../helpers/pdf-text.ts';
import { createTestApp } from '../helpers/test-app.ts';

/**
 * Figure consistency (issue 28): one cycle scripted through the public API, every figure
 * computed here by hand from shared/design/DOMAIN.md's definitions (not with the app's
 * functions), then compared with what each route shows it: the overview, the farm card,
 * the analysis, the comparison, the finance statistics and both report files.
 *
 * The cycle: a 2,500 m² pond (0.25 ha) stocked with 250,000 PL on 1 Jun 2026; six
 * samplings; five deaths, one edited (3,000 → 2,500) and one deleted (1,000); feed from a
 * purchase order received in Kg (pellet, Rp 15,000/kg) and in Gram (a farm's own feed
 * product, Rp 20/g); a partial harvest on 28 Jul then the total harvest on 10 Aug; a finance
 * account where the purchase order is accepted as an expense next to seed, electricity and
 * labour.
 */
let app: App;
let owner: QuickUser;
let farm: FarmSetup;
let pondId: string;
let stockId: string;
let cycleId: string;
let accountId: string;

const START = '2026-06-01';
const PARTIAL_ON = '2026-07-28';
const TOTAL_ON = '2026-08-10';
const AREA_M2 = 2_500;
const HA = AREA_M2 / 10_000;
const STOCKED = 250_000;
const SAMPLINGS = [
  { day: '2026-06-21', count: 100, grams: 150 },
  { day: '2026-06-28', count: 100, grams: 250 },
  { day: '2026-07-05', count: 100, grams: 400 },
  { day: '2026-07-12', count: 100, grams: 560 },
  { day: '2026-07-19', count: 100, grams: 720 },
  { day: '2026-07-26', count: 120, grams: 1_080 },
];
/** Deaths as recorded; the third is edited to 2,500 and the fourth deleted. */
const DEATHS = [
  { day: '2026-06-15', count: 2_000 },
  { day: '2026-06-25', count: 1_500 },
  { day: '2026-07-02', count: 3_000 },
  { day: '2026-07-10', count: 1_000 },
  { day: '2026-07-20', count: 800 },
];
const PELLET = STARTER_PRODUCTS.find((p) => p.category_id === 5 && p.unit === 'Kg');
const PELLET_RP_PER_KG = 15_000;
const FINE_RP_PER_G = 20;
const PO_PELLET_KG = 3_000;
const PO_FINE_G = 200_000;
/** Feed used: pellet in kg, the fine feed in grams. */
const PELLET_USES = [
  { day: '2026-06-10', qty: 400 },
  { day: '2026-06-30', qty: 900 },
  { day: '2026-07-20', qty: 1_200 },
];
const FINE_USES = [
  { day: '2026-06-05', qty: 50_000 },
  { day: '2026-06-12', qty: 80_000 },
];
const PARTIAL = { weight_kg: 500, size: 110, price_per_kg: 60_000 };
const TOTAL = { weight_kg: 1_800, size: 90, price_per_kg: 65_000 };
const COSTS = [
  { key: 'seed', nominal: 12_500_000, day: START },
  { key: 'electricity', nominal: 3_000_000, day: '2026-07-01' },
  { key: 'labour', nominal: 6_000_000, day: '2026-07-31' },
];

// ---- Hand-computed figures (DOMAIN.md), written out step by step ----
const deathsLive = 2_000 + 1_500 + 2_500 + 800; // 6,800: edited one counted as edited, deleted one gone
const feedKg = 400 + 900 + 1_200 + 50 + 80; // 2,630 kg: 130,000 g of fine feed = 130 kg
const abwLast = 1_080 / 120; // 9 g
const abwBefore = 720 / 100; // 7.2 g
const adgLast = (abwLast - abwBefore) / 7; // 0.2571 g/day
const sizeLast = 1000 / abwLast; // 111.1 pcs/kg
const partialCount = PARTIAL.weight_kg * PARTIAL.size; // 55,000 shrimp
const totalCount = TOTAL.weight_kg * TOTAL.size; // 162,000 shrimp
const afterPartial = {
  population: STOCKED - deathsLive - partialCount, // 188,200
  // Shrimp sold alive at the partial harvest survived.
  sr: ((STOCKED - deathsLive - partialCount + partialCount) / STOCKED) * 100, // 97.28 %
  biomass: ((STOCKED - deathsLive - partialCount) * abwLast) / 1000, // 1,693.8 kg
  harvestedKg: PARTIAL.weight_kg,
  revenue: PARTIAL.weight_kg * PARTIAL.price_per_kg, // Rp 30,000,000
};
const afterPartialFcr = feedKg / (afterPartial.biomass + afterPartial.harvestedKg); // 1.1988
const harvestedKg = PARTIAL.weight_kg + TOTAL.weight_kg; // 2,300 kg
const afterTotal = {
  doc: 71, // 1 Jun → 10 Aug: 70 days + 1
  sr: ((partialCount + totalCount) / STOCKED) * 100, // 86.8 %
  fcr: feedKg / harvestedKg, // 1.1435
  productivity: harvestedKg / HA, // 9,200 kg/ha/cycle
  revenue: PARTIAL.weight_kg * PARTIAL.price_per_kg + TOTAL.weight_kg * TOTAL.price_per_kg, // Rp 147,000,000
};
const poRp = PO_PELLET_KG * PELLET_RP_PER_KG + PO_FINE_G * FINE_RP_PER_G; // Rp 49,000,000: stock, not cost
const usageRp = (400 + 900 + 1_200) * PELLET_RP_PER_KG + (50_000 + 80_000) * FINE_RP_PER_G; // Rp 40,100,000
const expensesRp = 12_500_000 + 3_000_000 + 6_000_000; // Rp 21,500,000
const hppRp = Math.round((expensesRp + usageRp) / harvestedKg); // Rp 26,783/kg

async function call<T = unknown>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<T> {
  const res = await app.inject({
    method,
    url: `/api${url}`,
    headers: owner.auth,
    payload: payload as object,
  });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 500)}`);
  return (res.json() as { data: T }).data;
}
const get = <T = unknown>(url: string) => call<T>('GET', url);
const post = <T = unknown>(url: string, payload: unknown) => call<T>('POST', url, payload);

async function bulk(url: string, items: Record<string, unknown>[]) {
  const answer = await post<{ results: { status: string; message?: string }[] }>(url, { items });
  expect(
    answer.results.every((r) => r.status === 'ok'),
    JSON.stringify(answer.results),
  ).toBe(true);
}

async function report(to: string, lang = 'en'): Promise<{ xlsx: Buffer; pdf: Buffer }> {
  const job = await post<{ id: string }>(`/report?lang=${lang}`, {
    farm_id: farm.farmId,
    pond_ids: [pondId],
    from: START,
    to,
  });
  for (;;) {
    const status = await get<{ status: string; error?: string }>(`/report/${job.id}`);
    if (status.status === 'failed') throw new Error(`report failed: ${JSON.stringify(status)}`);
    if (status.status === 'done') break;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const file = async (format: string) =>
    (await app.inject({ url: `/api/report/${job.id}/download?format=${format}`, headers: owner.auth }))
      .rawPayload;
  return { xlsx: await file('xlsx'), pdf: await file('pdf') };
}

/** The pond's row of the XLSX cycle summary (sheet "Cycles"), by column. */
async function cycleSheetRow(bytes: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = book.getWorksheet('Cycles');
  if (!sheet) throw new Error('no sheet Cycles');
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  expect(rows[0]).toContain('FCR');
  expect(rows).toHaveLength(2);
  const [pond, , stockDate, doc, abw, size, sr, biomass, feed, fcr, harvested, productivity] =
    rows[1] as number[];
  return { pond, stockDate, doc, abw, size, sr, biomass, feed, fcr, harvested, productivity };
}

const en = (value: number, decimals: number) => formatNumber(value, decimals, 'en-US');

beforeAll(async () => {
  ({ app, owner, farm } = await ownerWithFarm(0, createTestApp));
  if (!PELLET) throw new Error('no Kg feed product in the starter catalogue');
  pondId = uuidv7();
  await post('/pond', {
    farm_id: farm.farmId,
    block_id: farm.blockId,
    pond_id: pondId,
    name: 'A1',
    area: AREA_M2,
  });
  stockId = uuidv7();
  const stock = await post<{ cycle_id: string }>('/stock', {
    stock_id: stockId,
    pond_id: pondId,
    stock_date: START,
    seed_net: 240_000,
    seed_actual: STOCKED,
  });
  cycleId = stock.cycle_id;

  await bulk(
    '/sampling/bulk',
    SAMPLINGS.map((s) => ({
      id: uuidv7(),
      pond_id: pondId,
      cycle_id: cycleId,
      sampled_on: s.day,
      shrimp_count: s.count,
      sample_weight: s.grams,
    })),
  );
  const deathIds: string[] = [];
  for (const d of DEATHS) {
    const id = uuidv7();
    deathIds.push(id);
    await post('/death', { death_id: id, stock_id: stockId, died_on: d.day, count: d.count });
  }
  await call('PUT', `/death/${deathIds[2]}/update`, { count: 2_500 });
  await call('DELETE', `/death/${deathIds[3]}/delete`);

  // Warehouse: a farm feed product kept in grams, then one purchase order for both, received.
  const fine = await post<{ product_id: string }>('/products', {
    farm_id: farm.farmId,
    category_id: 5,
    product_name: 'Pakan halus (gram)',
    unit: 'Gram',
  });
  const order = await post<{ id: string }>('/farm/purchase-order', {
    id: uuidv7(),
    farm_id: farm.farmId,
    supplier_name: 'CV Pakan Sejahtera',
    supplier_phone: '0812-3456-7001',
    items: [
      { product_id: PELLET.id, qty: PO_PELLET_KG },
      { product_id: fine.product_id, qty: PO_FINE_G },
    ],
  });
  await post(`/farm/purchase-order/${order.id}/receive`, {
    received_on: START,
    items: [
      { product_id: PELLET.id, price: PELLET_RP_PER_KG },
      { product_id: fine.product_id, price: FINE_RP_PER_G },
    ],
  });
  const items = await get<{ warehouse_id: string; product_id: string }[]>(
    `/warehouse?farm_id=${farm.farmId}`,
  );
  const itemOf = (product: string) => items.find((i) => i.product_id === product)?.warehouse_id;
  await bulk(
    '/useitem/bulk',
    [
      ...PELLET_USES.map((u) => ({ ...u, warehouse_id: itemOf(PELLET.id) })),
      ...FINE_USES.map((u) => ({ ...u, warehouse_id: itemOf(fine.product_id) })),
    ].map(({ day, qty, warehouse_id }) => ({
      id: uuidv7(),
      farm_id: farm.farmId,
      warehouse_id,
      pond_id: pondId,
      cycle_id: cycleId,
      qty,
      used_on: day,
      time: '07:00',
    })),
  );

  await post('/harvest', {
    harvest_id: uuidv7(),
    stock_id: stockId,
    harvested_on: PARTIAL_ON,
    type: 'partial',
    ...PARTIAL,
  });

  // Finance: the account, the purchase order accepted as proposed, and the cycle's other costs.
  accountId = uuidv7();
  await post('/account', {
    account_id: accountId,
    farm_id: farm.farmId,
    name: 'Kas',
    created_at: '2026-05-01',
  });
  const proposals = await get<
    {
      source_type: string;
      source_id: string;
      nominal: number;
      transaction_date: string;
      category_transaction_id: string;
    }[]
  >(`/transaction/proposal?farm_id=${farm.farmId}`);
  const po = proposals.find((p) => p.source_type === 'purchase-order');
  expect(po?.nominal).toBe(poRp);
  expect(po?.category_transaction_id).toBe(BUILT_IN_ID.feed);
  await post('/transaction', {
    account_id: accountId,
    category_transaction_id: po?.category_transaction_id,
    metode: 'transfer',
    nominal: po?.nominal,
    transaction_date: po?.transaction_date,
    source_type: 'purchase-order',
    source_id: po?.source_id,
  });
  for (const c of COSTS)
    await post('/transaction', {
      account_id: accountId,
      category_transaction_id: BUILT_IN_ID[c.key],
      metode: 'cash',
      nominal: c.nominal,
      transaction_date: c.day,
    });
});
afterAll(() => app?.close());

describe('figures after the partial harvest (the cycle is running)', () => {
  it('the overview shows every figure as computed by hand', async () => {
    const o = await get<{
      ponds: Record<string, number | null>[];
      summary: Record<string, number | null>;
      today: string;
    }>(`/overview?farm_id=${farm.farmId}`);
    expect(o.ponds).toHaveLength(1);
    const p = o.ponds[0];
    expect(p.doc).toBe(daysOfCulture(START, o.today));
    expect(p.abw).toBeCloseTo(abwLast, 9);
    expect(p.adg).toBeCloseTo(adgLast, 9);
    expect(p.size).toBeCloseTo(sizeLast, 9);
    expect(p.population).toBe(afterPartial.population);
    expect(p.sr).toBeCloseTo(afterPartial.sr, 9);
    expect(p.biomass_kg).toBeCloseTo(afterPartial.biomass, 9);
    expect(p.feed_kg).toBeCloseTo(feedKg, 9);
    expect(p.fcr).toBeCloseTo(afterPartialFcr, 9);
    expect(p.productivity_kg_ha).toBeCloseTo(afterPartial.harvestedKg / HA, 9);
    expect(p.death_count).toBe(deathsLive);
    expect(p.harvested_count).toBe(partialCount);
    expect(p.harvested_kg).toBe(afterPartial.harvestedKg);
    expect(p.revenue).toBe(afterPartial.revenue);
    // One pond: the farm row is the pond's row.
    for (const key of ['population', 'sr', 'biomass_kg', 'fcr', 'abw', 'adg', 'productivity_kg_ha'])
      expect(o.summary[key], key).toBeCloseTo(p[key] as number, 9);
  });

  it('the farm card counts the running cycle and stocking', async () => {
    expect(await get(`/farm/${farm.farmId}/info`)).toMatchObject({
      cycle_count: 1,
      stock_count: 1,
      pond_count: 1,
    });
  });

  it('the analysis shows DOC, ABW, ADG, size, deaths and harvested kg of the day', async () => {
    const answer = await get<{ items: Record<string, unknown>[] } | Record<string, unknown>[]>(
      `/shrimData?farm_id=${farm.farmId}&start_date=${PARTIAL_ON}`,
    );
    const items = Array.isArray(answer) ? answer : answer.items;
    const row = items.find((r) => r.pond_id === pondId) as {
      doc: number;
      deaths: number;
      harvest_kg: number;
      sampling: { abw: number; adg: number; size: number };
    };
    expect(row.doc).toBe(daysOfCulture(START, PARTIAL_ON));
    expect(row.doc).toBe(58);
    expect(row.sampling.abw).toBeCloseTo(abwLast, 3);
    expect(row.sampling.adg).toBeCloseTo(adgLast, 3);
    expect(row.sampling.size).toBeCloseTo(sizeLast, 3);
    expect(row.deaths).toBe(deathsLive);
    expect(row.harvest_kg).toBe(afterPartial.harvestedKg);
  });

  it('the comparison draws the same ABW, feed and deaths', async () => {
    const answer = await get<{ metric: string; points: { day: string; value: number }[] }[]>(
      `/farm/comparison?farm_id=${farm.farmId}&from=${START}&to=${PARTIAL_ON}&type=1&ponds=${pondId}&metrics=abw,feed,death`,
    );
    const series = (metric: string) => answer.find((s) => s.metric === metric)?.points ?? [];
    expect(series('abw').at(-1)).toMatchObject({ day: '2026-07-26' });
    expect(series('abw').at(-1)?.value).toBeCloseTo(abwLast, 3);
    expect(series('feed').reduce((sum, p) => sum + p.value, 0)).toBeCloseTo(feedKg, 6);
    expect(series('death').reduce((sum, p) => sum + p.value, 0)).toBe(deathsLive);
  });

  it('the report of the running cycle shows the same figures in the XLSX and the PDF', async () => {
    const files = await report(PARTIAL_ON);
    const row = await cycleSheetRow(files.xlsx);
    expect(row.pond).toBe('A1');
    expect(row.doc).toBe(58);
    expect(row.abw).toBeCloseTo(abwLast, 6);
    expect(row.size).toBeCloseTo(sizeLast, 6);
    expect(row.sr).toBeCloseTo(afterPartial.sr, 6);
    expect(row.biomass).toBeCloseTo(afterPartial.biomass, 6);
    expect(row.feed).toBeCloseTo(feedKg, 6);
    expect(row.fcr).toBeCloseTo(afterPartialFcr, 6);
    expect(row.harvested).toBeCloseTo(afterPartial.harvestedKg, 6);
    expect(row.productivity).toBeCloseTo(afterPartial.harvestedKg / HA, 6);
    const text = await pdfText(files.pdf);
    for (const figure of [
      en(afterPartial.sr, 1),
      en(afterPartial.biomass, 1),
      en(feedKg, 1),
      en(afterPartialFcr, 2),
      en(afterPartial.harvestedKg / HA, 1),
    ])
      expect(text, figure).toContain(figure);
  });
});

describe('figures after the total harvest', () => {
  beforeAll(async () => {
    await post('/harvest', {
      harvest_id: uuidv7(),
      stock_id: stockId,
      harvested_on: TOTAL_ON,
      type: 'total',
      ...TOTAL,
    });
  });

  it('the overview lists only running stockings; the farm card counts none', async () => {
    const o = await get<{ ponds: unknown[] }>(`/overview?farm_id=${farm.farmId}`);
    expect(o.ponds).toEqual([]);
    expect(await get(`/farm/${farm.farmId}/info`)).toMatchObject({ cycle_count: 0, stock_count: 0 });
  });

  it('the report shows the final DOC, SR, cumulative feed, FCR and productivity', async () => {
    const files = await report(TOTAL_ON);
    const row = await cycleSheetRow(files.xlsx);
    expect(row.doc).toBe(afterTotal.doc);
    expect(row.abw).toBeCloseTo(abwLast, 6);
    expect(row.sr).toBeCloseTo(afterTotal.sr, 6);
    expect(row.biomass).toBe(0);
    expect(row.feed).toBeCloseTo(feedKg, 6);
    expect(row.fcr).toBeCloseTo(afterTotal.fcr, 6);
    expect(row.harvested).toBeCloseTo(harvestedKg, 6);
    expect(row.productivity).toBeCloseTo(afterTotal.productivity, 6);
    const text = await pdfText(files.pdf);
    for (const figure of [
      en(afterTotal.sr, 1),
      en(feedKg, 1),
      en(afterTotal.fcr, 2),
      en(afterTotal.productivity, 1),
    ])
      expect(text, figure).toContain(figure);
    // In Indonesian the same figures with a decimal comma.
    const idPdf = (await report(TOTAL_ON, 'id')).pdf;
    const id = await pdfText(idPdf);
    for (const figure of [formatNumber(afterTotal.sr, 1, 'id-ID'), formatNumber(afterTotal.fcr, 2, 'id-ID')])
      expect(id, figure).toContain(figure);
    // FIGURES_SHOTS_DIR: the report's pages as PNG, for a person to look at.
    const shots = process.env.FIGURES_SHOTS_DIR;
    if (shots) {
      const { writeFile } = await import('node:fs/promises');
      const { pdfToPng } = await import('pdf-to-png-converter');
      for (const [lang, pdf] of [
        ['en', files.pdf],
        ['id', idPdf],
      ] as const) {
        const pages = await pdfToPng(pdf as unknown as ArrayBufferLike, { viewportScale: 1.5 });
        for (const [i, page] of pages.entries())
          if (page.content) await writeFile(`${shots}/report-pdf-${lang}-p${i + 1}.png`, page.content);
      }
    }
  });

  it('HPP counts each cost once: usage value, not the purchase order it was bought with', async () => {
    const hpp = await get<Record<string, unknown>>(`/analysHpp?farm_id=${farm.farmId}&cycle_id=${cycleId}`);
    expect(hpp).toMatchObject({
      expenses: String(expensesRp),
      usage_cost: String(usageRp),
      total_cost: String(expensesRp + usageRp),
      stock_purchases: String(poRp),
      stock_purchase_count: 1,
      harvested_kg: harvestedKg,
      revenue: String(afterTotal.revenue),
      hpp_per_kg: String(hppRp),
    });
    const lines = hpp.expense_lines as { builtin_key: string; total: string }[];
    expect(Object.fromEntries(lines.map((l) => [l.builtin_key, l.total]))).toEqual({
      seed: '12500000',
      electricity: '3000000',
      labour: '6000000',
    });
  });

  it('productivity per cycle and per year over the cycle’s days', async () => {
    const p = await get<{ farm: Record<string, unknown>; ponds: Record<string, unknown>[] }>(
      `/getProductivitas?farm_id=${farm.farmId}&from=${START}&to=${TOTAL_ON}`,
    );
    expect(p.ponds[0]).toMatchObject({
      harvested_kg: harvestedKg,
      cycles: 1,
      kg_per_ha: afterTotal.productivity,
    });
    expect(p.farm).toMatchObject({
      harvested_kg: harvestedKg,
      cycles: 1,
      days: afterTotal.doc,
      kg_per_ha: afterTotal.productivity,
      kg_per_ha_cycle: afterTotal.productivity,
      kg_per_ha_year: Math.round(((afterTotal.productivity * 365) / afterTotal.doc) * 100) / 100,
    });
  });
});
