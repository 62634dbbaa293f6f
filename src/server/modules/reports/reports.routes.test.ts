import ExcelJS from 'exceljs';
import { pdfToPng } from 'pdf-to-png-converter';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_ID } from '#shared/domain/finance';
import {
  addMember,
  type FarmSetup,
  ownerWithFarm,
  type QuickUser,
  quickUser,
  setPermission,
} from '#test/helpers/farm-fixtures';
import { pdfText, polyfillTransfer } from '#test/helpers/pdf-text';
import { createTestApp } from '#test/helpers/test-app';
import type { App } from '../../app.ts';
import { STARTER_PRODUCTS } from '../../db/migrations/data/starter-products-0016.ts';
import { farmToday } from '../../kernel/farm-clock.ts';
import { HISTORY_LIMIT, ReportsRepository } from './reports.repository.ts';
import { REPORT_MAX_PENDING } from './reports.service.ts';

/**
 * A small farm with figures worked out by hand (DOMAIN.md), as on 31 Jan 2026:
 * pond 1 stocked 100,000 PL on 1 Jan; 1,000 dead; a partial harvest of 100 kg at size 125
 * (12,500 shrimp, Rp 60,000/kg); samplings ABW 5 g (21 Jan) and 8 g (31 Jan); 800 kg feed.
 * DOC 31 · population 86,500 · SR (86,500 + 12,500 harvested) ÷ 100,000 = 99 % · biomass 692 kg · FCR 800 ÷ (692 + 100) = 1.01
 * · productivity 100 kg ÷ 0.1 ha = 1,000 kg/ha. pH 7.0 and 8.0: average 7.5, one below 7.8.
 */
let app: App;
let owner: QuickUser;
let farm: FarmSetup;
const FROM = '2026-01-01';
const TO = '2026-01-31';

const post = (payload: Record<string, unknown>, user: QuickUser = owner, lang = 'en') =>
  app.inject({ method: 'POST', url: `/api/report?lang=${lang}`, headers: user.auth, payload });

async function finished(id: string, user: QuickUser = owner) {
  for (;;) {
    const res = await app.inject({ url: `/api/report/${id}`, headers: user.auth });
    const data = res.json().data;
    if (data.status === 'done' || data.status === 'failed') return data;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function download(id: string, format: 'pdf' | 'xlsx', user: QuickUser = owner) {
  return app.inject({ url: `/api/report/${id}/download?format=${format}`, headers: user.auth });
}

async function sheetRows(bytes: Buffer, name: string): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = book.getWorksheet(name);
  if (!sheet) throw new Error(`no sheet ${name}`);
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

beforeAll(async () => {
  ({ app, owner, farm } = await ownerWithFarm(2, createTestApp));
  const db = app.ctx.db;
  const [p0] = farm.pondIds;
  const cycleId = uuidv7();
  const stockId = uuidv7();
  await db
    .insertInto('cycles')
    .values({ id: cycleId, farm_id: farm.farmId, pond_id: p0, cycle_number: 1, start_date: FROM })
    .execute();
  await db
    .insertInto('stocks')
    .values({
      id: stockId,
      farm_id: farm.farmId,
      pond_id: p0,
      cycle_id: cycleId,
      stock_date: FROM,
      seed_net: 100_000,
      seed_actual: 100_000,
    })
    .execute();
  const base = { farm_id: farm.farmId, pond_id: p0, cycle_id: cycleId };
  await db
    .insertInto('deaths')
    .values({ id: uuidv7(), ...base, stock_id: stockId, died_on: '2026-01-20', count: 1000 })
    .execute();
  await db
    .insertInto('samplings')
    .values([
      { id: uuidv7(), ...base, sampled_on: '2026-01-21', shrimp_count: 100, sample_weight: 500 },
      { id: uuidv7(), ...base, sampled_on: '2026-01-31', shrimp_count: 100, sample_weight: 800 },
    ])
    .execute();
  await db
    .insertInto('harvests')
    .values({
      id: uuidv7(),
      ...base,
      stock_id: stockId,
      harvested_on: '2026-01-30',
      type: 'partial',
      weight_kg: 100,
      size: 125,
      price_per_kg: 60_000,
      revenue: 6_000_000,
    })
    .execute();
  const itemId = uuidv7();
  await db
    .insertInto('warehouse_items')
    .values({
      id: itemId,
      farm_id: farm.farmId,
      product_id: STARTER_PRODUCTS[0].id,
      unit: 'Kg',
      price: 10_000,
      qty: '5000',
    })
    .execute();
  for (const [day, qty] of [
    ['2026-01-15', '500'],
    ['2026-01-25', '300'],
  ])
    await db
      .insertInto('warehouse_movements')
      .values({
        id: uuidv7(),
        ...base,
        warehouse_id: itemId,
        kind: 'use',
        qty,
        unit_price: 10_000,
        value: Number(qty) * 10_000,
        used_on: day,
        time: '07:00',
      })
      .execute();
  for (const [at, ph] of [
    ['2026-01-10T06:00:00Z', 7],
    ['2026-01-11T06:00:00Z', 8],
  ] as const)
    await db
      .insertInto('water_general')
      .values({
        id: uuidv7(),
        ...base,
        measured_at: at,
        utc_offset: 420,
        time_of_day: 'morning',
        ph,
        temperature: null,
      })
      .execute();
  const accountId = uuidv7();
  await db
    .insertInto('finance_accounts')
    .values({ id: accountId, farm_id: farm.farmId, name: 'Kas', start_date: '2025-12-01' })
    .execute();
  for (const [type, nominal, category] of [
    ['in', 6_000_000, BUILT_IN_ID['harvest-sale']],
    ['out', 2_500_000, BUILT_IN_ID.feed],
  ] as const)
    await db
      .insertInto('finance_transactions')
      .values({
        id: uuidv7(),
        farm_id: farm.farmId,
        account_id: accountId,
        category_id: category,
        type,
        method: 'cash',
        nominal,
        transaction_date: '2026-01-15',
      })
      .execute();
});

afterAll(async () => {
  await app?.close();
});

describe('reports', () => {
  let reportId: string;

  it('builds a PDF and an XLSX holding the hand-worked figures', async () => {
    const res = await post({ farm_id: farm.farmId, pond_ids: farm.pondIds, from: FROM, to: TO });
    expect(res.statusCode).toBe(202);
    reportId = res.json().data.id;
    expect(res.json().data.status).toMatch(/queued|running|done/);
    const job = await finished(reportId);
    expect(job).toMatchObject({ status: 'done', progress: 100, error: null, from: FROM, to: TO });
    expect(job.pdf_size).toBeGreaterThan(1000);

    const xlsx = await download(reportId, 'xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.headers['content-disposition']).toBe(
      `attachment; filename="tambak-report-${FROM}-${TO}.xlsx"`,
    );
    const cycles = await sheetRows(xlsx.rawPayload, 'Cycles');
    expect(cycles[0]).toContain('FCR');
    const [pond, block, , doc, abw, size, sr, biomass, feedKg, fcr, harvestedKg, productivity] =
      cycles[1] as number[];
    expect([pond, block, doc, abw, size, sr, biomass, feedKg, harvestedKg, productivity]).toEqual([
      'Kolam 1',
      'Blok A',
      31,
      8,
      125,
      99,
      692,
      800,
      100,
      1000,
    ]);
    expect(fcr).toBeCloseTo(800 / 792, 6);
    expect(cycles).toHaveLength(2);

    const water = await sheetRows(xlsx.rawPayload, 'Water quality');
    expect(water[1]).toEqual(['Kolam 1', 'pH', '7.8–8.5', 2, 7.5, 1]);
    const feed = await sheetRows(xlsx.rawPayload, 'Feed');
    expect(feed[1]).toEqual(['Kolam 1', 800, 8_000_000, 2]);
    const sampling = await sheetRows(xlsx.rawPayload, 'Sampling');
    expect(sampling.slice(1).map((r) => [r[0], r[4], r[6] ?? null])).toEqual([
      ['Kolam 1', 5, null],
      ['Kolam 1', 8, 0.3],
    ]);
    const harvest = await sheetRows(xlsx.rawPayload, 'Harvest');
    expect(harvest[1]).toEqual([
      'Kolam 1',
      new Date('2026-01-30T00:00:00Z'),
      'Partial',
      100,
      125,
      60_000,
      6_000_000,
    ]);
    const finance = await sheetRows(xlsx.rawPayload, 'Finance');
    expect(finance[1]).toEqual([6_000_000, 2_500_000, 3_500_000, 2]);

    const pdf = await download(reportId, 'pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    for (const expected of [
      'Farm Report',
      '01 Jan 2026',
      '31 Jan 2026',
      '692',
      '1.01',
      '99',
      'Rp 8.000.000',
      'Rp 3.500.000',
      '30 Jan 2026',
    ])
      expect(text).toContain(expected);
    polyfillTransfer();
    const pages = await pdfToPng(pdf.rawPayload as unknown as ArrayBufferLike, { viewportScale: 1.5 });
    expect(pages.length).toBe(1);
    // A blank A4 landscape page at 1.5× is ~6 kB of PNG; the tables make it far larger.
    expect(pages[0]?.content?.length).toBeGreaterThan(50_000);
    if (process.env.REPORT_SHOTS) {
      const { writeFile } = await import('node:fs/promises');
      await writeFile(`${process.env.REPORT_SHOTS}/test-report.pdf`, pdf.rawPayload);
      await writeFile(`${process.env.REPORT_SHOTS}/test-report.xlsx`, xlsx.rawPayload);
      for (const [i, page] of pages.entries())
        if (page.content)
          await writeFile(`${process.env.REPORT_SHOTS}/test-report-p${i + 1}.png`, page.content);
    }
  });

  it('writes the file in Indonesian for an Indonesian request', async () => {
    const res = await post(
      { farm_id: farm.farmId, pond_ids: [farm.pondIds[0]], from: FROM, to: TO },
      owner,
      'id',
    );
    await finished(res.json().data.id);
    const pdf = await download(res.json().data.id, 'pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Laporan Tambak');
    expect(text).toContain('31 Jan 2026');
    expect(text).toContain('1,01');
  });

  it('lists the caller’s reports in the history, not another member’s', async () => {
    const res = await app.inject({ url: `/api/history?farm_id=${farm.farmId}`, headers: owner.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((r: { id: string }) => r.id)).toContain(reportId);
    const manager = await quickUser(app, 'manager');
    await addMember(app, farm.farmId, manager, 2);
    const theirs = await app.inject({ url: `/api/history?farm_id=${farm.farmId}`, headers: manager.auth });
    expect(theirs.json().data).toEqual([]);
    expect((await download(reportId, 'pdf', manager)).statusCode).toBe(404);
    expect((await app.inject({ url: `/api/report/${reportId}`, headers: manager.auth })).statusCode).toBe(
      404,
    );
  });

  it('refuses a fourth report while three of the asker’s are still being made, with a translated reason', async () => {
    const repo = new ReportsRepository(app.ctx.db);
    const member = await quickUser(app, 'busy');
    await addMember(app, farm.farmId, member, 2);
    const params = { pond_ids: [], pond_names: [], from: FROM, to: TO };
    const sections = { water: true, sampling: true, harvest: true, finance: true };
    const waiting: string[] = [];
    for (let i = 0; i < REPORT_MAX_PENDING; i++) {
      const id = uuidv7();
      waiting.push(id);
      await repo.insert({
        id,
        farm_id: farm.farmId,
        user_id: member.id,
        language: 'id',
        params: { ...params, sections },
      });
    }
    const ask = (lang: string) =>
      app.inject({
        method: 'POST',
        url: `/api/report?lang=${lang}`,
        headers: member.auth,
        payload: { farm_id: farm.farmId, pond_ids: [farm.pondIds[0]], from: FROM, to: TO },
      });
    const refused = await ask('id');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errors.farm_id).toEqual([
      '3 laporan Anda masih dibuat. Tunggu sampai selesai, lalu minta lagi.',
    ]);
    expect((await ask('en')).json().errors.farm_id[0]).toMatch(/^3 of your reports are still being made/);
    await app.ctx.db
      .updateTable('reports')
      .set({ status: 'done' })
      .where('id', '=', waiting[0] as string)
      .execute();
    expect((await ask('id')).statusCode).toBe(202);
  });

  it('keeps a member’s newest 50 finished reports per farm; older files go, one being built stays', async () => {
    const repo = new ReportsRepository(app.ctx.db);
    const member = await quickUser(app, 'reporter');
    await addMember(app, farm.farmId, member, 2);
    const params = {
      pond_ids: [],
      pond_names: [],
      from: FROM,
      to: TO,
      sections: { water: true, sampling: true, harvest: true, finance: true },
    };
    const ids: string[] = [];
    const base = Date.parse('2026-02-01T00:00:00Z');
    for (let i = 0; i < HISTORY_LIMIT + 3; i++) {
      const id = uuidv7();
      ids.push(id);
      await repo.insert({ id, farm_id: farm.farmId, user_id: member.id, language: 'en', params });
      // The first one is still being built; the others are done, one minute apart.
      await app.ctx.db
        .updateTable('reports')
        .set({
          status: i === 0 ? 'running' : 'done',
          pdf: Buffer.from('%PDF'),
          created_at: new Date(base + i * 60_000),
        })
        .where('id', '=', id)
        .execute();
    }
    const kept = await app.ctx.db
      .selectFrom('reports')
      .select('id')
      .where('user_id', '=', member.id)
      .execute();
    const keptIds = new Set(kept.map((r) => r.id));
    // Newest 50 of 53, and the oldest (running) one: ids[1] and ids[2] are gone.
    expect(keptIds.size).toBe(HISTORY_LIMIT + 1);
    expect(keptIds.has(ids[0])).toBe(true);
    expect(keptIds.has(ids[1])).toBe(false);
    expect(keptIds.has(ids[2])).toBe(false);
    expect(keptIds.has(ids[3])).toBe(true);
    // The owner's reports of the same farm are untouched.
    const history = await app.inject({ url: `/api/history?farm_id=${farm.farmId}`, headers: owner.auth });
    expect(history.json().data.map((r: { id: string }) => r.id)).toContain(reportId);
  });

  it('leaves finance out for a member who may not view it, and refuses ponds outside their access', async () => {
    const tech = await quickUser(app, 'tech');
    await addMember(app, farm.farmId, tech, 3, { [farm.pondIds[0]]: 0 });
    await setPermission(app, farm.farmId, 3, 'finance', -1);
    const res = await post({ farm_id: farm.farmId, pond_ids: [farm.pondIds[0]], from: FROM, to: TO }, tech);
    expect(res.statusCode).toBe(202);
    await finished(res.json().data.id, tech);
    const xlsx = await download(res.json().data.id, 'xlsx', tech);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(book.getWorksheet('Finance')).toBeUndefined();
    expect(book.getWorksheet('Cycles')).toBeDefined();
    const text = await pdfText((await download(res.json().data.id, 'pdf', tech)).rawPayload);
    expect(text).not.toContain('Rp 3.500.000');

    const other = await post({ farm_id: farm.farmId, pond_ids: farm.pondIds, from: FROM, to: TO }, tech);
    expect(other.statusCode).toBe(404);
    expect(other.json().errors.pond_ids[0]).toBe('Pond not found on this farm, or you have no access to it.');
  });

  it('refuses bad ranges and ponds with clear messages, storing nothing', async () => {
    const before = await app.ctx.db
      .selectFrom('reports')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const cases: [Record<string, unknown>, number, string, string][] = [
      [{ from: TO, to: FROM }, 400, 'to', 'The start date cannot be after the end date.'],
      [
        { from: '2025-01-01', to: '2026-01-31' },
        400,
        'to',
        'The range is 396 days; a report covers at most 366 days.',
      ],
      [{ from: '2026-02-30' }, 400, 'from', 'Not a valid date.'],
      [
        { pond_ids: [uuidv7()] },
        404,
        'pond_ids',
        'Pond not found on this farm, or you have no access to it.',
      ],
      [
        { pond_ids: ['not-a-pond'] },
        404,
        'pond_ids',
        'Pond not found on this farm, or you have no access to it.',
      ],
      [
        { pond_ids: Array.from({ length: 51 }, () => uuidv7()) },
        400,
        'pond_ids',
        '51 ponds chosen; at most 50.',
      ],
    ];
    for (const [change, status, field, message] of cases) {
      const res = await post({ farm_id: farm.farmId, pond_ids: farm.pondIds, from: FROM, to: TO, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(status);
      expect(res.json().errors?.[field]?.[0], JSON.stringify(change)).toBe(message);
    }
    const after = await app.ctx.db
      .selectFrom('reports')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    const wrongFormat = await app.inject({
      url: `/api/report/${reportId}/download?format=doc`,
      headers: owner.auth,
    });
    expect(wrongFormat.statusCode).toBe(400);
  });

  it('adds the forecast of the running cycles when the period reaches today: the numbers GET /api/forecast answers', async () => {
    const db = app.ctx.db;
    const p1 = farm.pondIds[1] as string;
    const today = farmToday();
    const day = (back: number) =>
      new Date(Date.parse(`${today}T00:00:00Z`) - back * 86_400_000).toISOString().slice(0, 10);
    const cycleId = uuidv7();
    const stockId = uuidv7();
    await db
      .insertInto('cycles')
      .values({ id: cycleId, farm_id: farm.farmId, pond_id: p1, cycle_number: 1, start_date: day(50) })
      .execute();
    await db
      .insertInto('stocks')
      .values({
        id: stockId,
        farm_id: farm.farmId,
        pond_id: p1,
        cycle_id: cycleId,
        stock_date: day(50),
        seed_net: 80_000,
        seed_actual: 80_000,
      })
      .execute();
    const base = { farm_id: farm.farmId, pond_id: p1, cycle_id: cycleId };
    await db
      .insertInto('samplings')
      .values([
        { id: uuidv7(), ...base, sampled_on: day(20), shrimp_count: 100, sample_weight: 200 },
        { id: uuidv7(), ...base, sampled_on: day(6), shrimp_count: 100, sample_weight: 380 },
      ])
      .execute();
    await app.inject({
      method: 'POST',
      url: '/api/farmPrice',
      headers: owner.auth,
      payload: {
        farm_id: farm.farmId,
        valid_from: day(60),
        prices: [
          { price_id: uuidv7(), size: 100, price_per_kg: 55_000 },
          { price_id: uuidv7(), size: 50, price_per_kg: 75_000 },
        ],
      },
    });
    const res = await post({ farm_id: farm.farmId, pond_ids: [p1], from: day(30), to: today });
    await finished(res.json().data.id);
    const sheet = await sheetRows((await download(res.json().data.id, 'xlsx')).rawPayload, 'Forecast');
    const api = await app.inject({ url: `/api/forecast?farm_id=${farm.farmId}`, headers: owner.auth });
    const pond = api.json().data.find((x: { pond_id: string }) => x.pond_id === p1);
    expect(pond.targets.map((t: { size: number }) => t.size)).toEqual([100, 70, 50]);
    expect(sheet[0]).toContain('Projected HPP/kg');
    expect(sheet.slice(1).map((r) => [r[0], r[1], r[2], r[5], r[6], r[7]])).toEqual(
      pond.targets.map(
        (t: {
          size: number;
          projection: { date: string; abw: number; biomass_kg: number; revenue: number };
        }) => [
          'Kolam 2',
          t.size,
          new Date(`${t.projection.date}T00:00:00Z`),
          t.projection.abw,
          t.projection.biomass_kg,
          Math.round(t.projection.revenue),
        ],
      ),
    );
    // A period that ended before today shows no forecast (it is today's).
    const past = await post({ farm_id: farm.farmId, pond_ids: [p1], from: day(40), to: day(10) });
    await finished(past.json().data.id);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await download(past.json().data.id, 'xlsx')).rawPayload as unknown as ArrayBuffer);
    expect(book.getWorksheet('Forecast')).toBeUndefined();
  });
});
