import { sql } from 'kysely';
import type { WaterKind } from '#shared/contracts/water';
import { checkSampling } from '#shared/domain/sampling-rules';
import { milliToDecimal } from '#shared/domain/warehouse';
import type { App } from '../../src/server/app.ts';
import type { Db } from '../../src/server/db/database.ts';
import { farmToday } from '../../src/server/kernel/farm-clock.ts';
import { groupBy } from '../../src/server/kernel/group-by.ts';
import { CycleRepository } from '../../src/server/modules/cycle/cycle.repository.ts';
import {
  parseValues as parseRecordValues,
  toColumns,
} from '../../src/server/modules/records/record-mapper.ts';
import { ANCO, type RecordType, WATER_CHANGE } from '../../src/server/modules/records/record-types.ts';
import { RecordsRepository } from '../../src/server/modules/records/records.repository.ts';
import { SamplingRepository } from '../../src/server/modules/sampling/sampling.repository.ts';
import { earliestDay } from '../../src/server/modules/sampling/sampling-bulk.ts';
import { WarehouseItemRepository } from '../../src/server/modules/warehouse/item.repository.ts';
import { WarehouseMovementRepository } from '../../src/server/modules/warehouse/movement.repository.ts';
import { alertStockMoved } from '../../src/server/modules/warehouse/stock-alert.ts';
import { StockLedger } from '../../src/server/modules/warehouse/stock-ledger.ts';
import { parseUse } from '../../src/server/modules/warehouse/use-item.service.ts';
import type { ReadingInsert } from '../../src/server/modules/water/water.repository.ts';
import { WaterRepository } from '../../src/server/modules/water/water.repository.ts';
import { parseReading } from '../../src/server/modules/water/water-values.ts';
import { DemoApi, type Method } from './api.ts';

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters for the widest table. */
const ROWS_PER_STATEMENT = 2_500;

const WATER: Record<string, WaterKind> = {
  '/water/general/bulk': 'general',
  '/water/chemical/bulk': 'chemical',
  '/water/biological/bulk': 'biological',
};
const RECORDS: Record<string, RecordType> = { '/anco/bulk': ANCO, '/waterChange/bulk': WATER_CHANGE };

function chunks<T>(rows: T[], size = ROWS_PER_STATEMENT): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

function refuse(url: string, id: unknown, why: unknown): never {
  throw new Error(`bulk ${url}: item ${String(id)} refused: ${JSON.stringify(why)}`);
}

interface TransactionBody {
  transaction_record_id: string;
  account_id: string;
  category_transaction_id: string;
  metode: string;
  nominal: number;
  transaction_date: string;
  note?: string;
}

interface DeathBody {
  death_id: string;
  stock_id: string;
  died_on: string;
  count: number;
  total_weight_kg?: number | null;
}

/**
 * The demo's fast path (ADR 0079): the records a farm has by the hundred thousand (water
 * readings, anco checks, water changes, samplings, deaths, item uses) go straight into
 * PostgreSQL, many rows per statement inside a transaction, through the server's own
 * parsers and repositories, so every row and its derived state (an item's stock, the
 * water-change total's trigger, the alerts raised after the commit) is what the API path
 * stores. The rest (farm, ponds, stockings, harvests, finance, purchase orders) goes
 * through the API as before: each is a handful of calls per cycle.
 *
 * What the API checks and this path does not: authorization (the loader is the farm's
 * owner) and the per-record rules the generator keeps by construction (days inside the
 * cycle, deaths within the stocking). Any item the server's parser refuses stops the load.
 */
export class BulkDemoApi extends DemoApi {
  private readonly water: WaterRepository;
  private readonly records_: RecordsRepository;
  private readonly samplings: SamplingRepository;
  private readonly cycles: CycleRepository;
  private readonly items: WarehouseItemRepository;
  private readonly ledger: StockLedger;
  private readonly pondFarm = new Map<string, string>();
  private deaths: DeathBody[] = [];
  private transactions: TransactionBody[] = [];

  constructor(
    app: App,
    token: string,
    private readonly db: Db,
    private readonly userId: string,
  ) {
    super(app, token);
    this.water = new WaterRepository(db);
    this.records_ = new RecordsRepository(db);
    this.samplings = new SamplingRepository(db);
    this.cycles = new CycleRepository(db);
    this.items = new WarehouseItemRepository(db);
    this.ledger = new StockLedger({ items: this.items, movements: new WarehouseMovementRepository(db) });
  }

  override async call<T = unknown>(
    method: Method,
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> {
    // Buffered: written before the next call that could read them (a harvest checks the population).
    if (method === 'POST' && (url === '/death' || url === '/transaction')) {
      if (url === '/death') this.deaths.push(payload as DeathBody);
      else this.transactions.push(payload as TransactionBody);
      this.records += 1;
      return undefined as T;
    }
    await this.flush();
    if (method === 'POST' && url === '/useitem/bulk') {
      const items = (payload as { items: Record<string, unknown>[] }).items;
      await this.uses(items);
      this.requests += 1;
      this.records += items.length;
      return { results: items.map((i) => ({ id: i.id, status: 'ok' })) } as T;
    }
    return super.call<T>(method, url, payload, headers);
  }

  override async bulk(url: string, items: { id: string }[]): Promise<void> {
    await this.flush();
    const kind = WATER[url];
    const type = RECORDS[url];
    if (kind) await this.readings(url, kind, items);
    else if (type) await this.dailyRecords(url, type, items);
    else if (url === '/sampling/bulk') await this.samplingRows(url, items);
    else return super.bulk(url, items);
    this.requests += 1;
    this.records += items.length;
  }

  /** Writes what is buffered (deaths, transactions); the loader calls it once more at the end. */
  async flush(): Promise<void> {
    await this.writeDeaths();
    await this.writeTransactions();
  }

  /** Transactions as POST /transaction books them: the category's type, the account touched. */
  private async writeTransactions(): Promise<void> {
    if (this.transactions.length === 0) return;
    const batch = this.transactions;
    this.transactions = [];
    const url = '/transaction';
    const [accounts, categories] = await Promise.all([
      this.db
        .selectFrom('finance_accounts')
        .select(['id', 'farm_id'])
        .where('id', '=', sql<string>`any(${[...new Set(batch.map((t) => t.account_id))]}::uuid[])`)
        .execute(),
      this.db
        .selectFrom('finance_categories')
        .select(['id', 'type'])
        .where(
          'id',
          '=',
          sql<string>`any(${[...new Set(batch.map((t) => t.category_transaction_id))]}::uuid[])`,
        )
        .execute(),
    ]);
    const farmOf = new Map(accounts.map((a) => [a.id, a.farm_id]));
    const typeOf = new Map(categories.map((c) => [c.id, c.type]));
    const rows = batch.map((t) => ({
      id: t.transaction_record_id,
      farm_id: farmOf.get(t.account_id) ?? refuse(url, t.transaction_record_id, 'no such account'),
      account_id: t.account_id,
      category_id: t.category_transaction_id,
      type: typeOf.get(t.category_transaction_id) ?? refuse(url, t.transaction_record_id, 'no such category'),
      method: t.metode,
      nominal: t.nominal,
      transaction_date: t.transaction_date,
      note: t.note?.trim() ?? '',
      photos: JSON.stringify([]),
      source_type: null,
      source_id: null,
      created_by: this.userId,
    }));
    await this.db.transaction().execute(async (tx) => {
      const touched = new Set<string>();
      for (const part of chunks(rows)) {
        const written = await tx
          .insertInto('finance_transactions')
          .values(part)
          .onConflict((oc) => oc.column('id').doNothing())
          .returning('account_id')
          .execute();
        for (const w of written) touched.add(w.account_id);
      }
      if (touched.size > 0)
        await tx
          .updateTable('finance_accounts')
          .set({ updated_at: sql`now()` })
          .where('id', '=', sql<string>`any(${[...touched]}::uuid[])`)
          .execute();
    });
  }

  private async writeDeaths(): Promise<void> {
    if (this.deaths.length === 0) return;
    const batch = this.deaths;
    this.deaths = [];
    const stocks = new Map(
      (
        await this.db
          .selectFrom('stocks')
          .select(['id', 'farm_id', 'pond_id', 'cycle_id'])
          .where('id', '=', sql<string>`any(${[...new Set(batch.map((d) => d.stock_id))]}::uuid[])`)
          .execute()
      ).map((s) => [s.id, s]),
    );
    const rows = batch.map((d) => {
      const stock = stocks.get(d.stock_id) ?? refuse('/death', d.death_id, 'no such stocking');
      return {
        id: d.death_id,
        farm_id: stock.farm_id,
        pond_id: stock.pond_id,
        cycle_id: stock.cycle_id,
        stock_id: stock.id,
        died_on: d.died_on,
        count: d.count,
        total_weight_kg: d.total_weight_kg == null ? null : String(d.total_weight_kg),
        created_by: this.userId,
      };
    });
    await this.db.transaction().execute(async (tx) => {
      for (const part of chunks(rows))
        await tx
          .insertInto('deaths')
          .values(part)
          .onConflict((oc) => oc.column('id').doNothing())
          .execute();
    });
    // The death alert reads each pond's deaths of the day after the commit, as the API does.
    this.app.ctx.alerts.committedRead('death', async () => {
      const sums = await this.db
        .selectFrom('deaths')
        .select([
          'farm_id',
          'pond_id',
          sql<string>`died_on::text`.as('died_on'),
          sql<string>`sum(count)::text`.as('n'),
        ])
        .where(
          sql<boolean>`(pond_id, died_on) in (select * from unnest(${rows.map((r) => r.pond_id)}::uuid[], ${rows.map((r) => r.died_on)}::date[]))`,
        )
        .where('deleted_at', 'is', null)
        .groupBy(['farm_id', 'pond_id', 'died_on'])
        .execute();
      return [...groupBy(sums, (s) => s.farm_id)].map(([farmId, list]) => ({
        farmId,
        records: list.map((s) => ({ pond_id: s.pond_id, died_on: s.died_on, count: Number(s.n) })),
      }));
    });
  }

  private async farmsOf(pondIds: string[]): Promise<Map<string, string>> {
    const unknown = [...new Set(pondIds)].filter((id) => !this.pondFarm.has(id));
    if (unknown.length > 0)
      for (const p of await this.db
        .selectFrom('ponds')
        .select(['id', 'farm_id'])
        .where('id', '=', sql<string>`any(${unknown}::uuid[])`)
        .execute())
        this.pondFarm.set(p.id, p.farm_id);
    return this.pondFarm;
  }

  private farmOf(farms: Map<string, string>, url: string, item: { id: string; pond_id?: unknown }) {
    return farms.get(String(item.pond_id)) ?? refuse(url, item.id, 'no such pond');
  }

  private async readings(url: string, kind: WaterKind, items: { id: string }[]): Promise<void> {
    const drafts = items.map((item) => {
      const parsed = parseReading(kind, item);
      return 'errors' in parsed ? refuse(url, item.id, parsed.errors) : parsed.draft;
    });
    const farms = await this.farmsOf(drafts.map((d) => d.pondId));
    const rows: ReadingInsert[] = drafts.map((draft) => ({
      id: draft.id,
      farm_id: this.farmOf(farms, url, { id: draft.id, pond_id: draft.pondId }),
      pond_id: draft.pondId,
      cycle_id: draft.cycleId ?? refuse(url, draft.id, 'no cycle_id'),
      measured_at: draft.measured.instant,
      utc_offset: draft.measured.utcOffset,
      time_of_day: draft.measured.timeOfDay,
      created_by: this.userId,
      ...draft.values,
    }));
    const written = new Set<string>();
    await this.db.transaction().execute(async (tx) => {
      for (const part of chunks(rows))
        for (const id of await this.water.upsert(kind, part, [], tx)) written.add(id);
    });
    // Grouped in one pass: a round's readings are tens of thousands (no copy of the list per row).
    const byFarm = groupBy(
      rows.filter((r) => written.has(r.id)),
      (r) => r.farm_id,
    );
    for (const [farmId, list] of byFarm) this.app.ctx.alerts.committed(`water_${kind}`, farmId, list);
  }

  private async dailyRecords(url: string, type: RecordType, items: Record<string, unknown>[]): Promise<void> {
    const farms = await this.farmsOf(items.map((i) => String(i.pond_id)));
    const rows = items.map((item) => {
      const { values, errors } = parseRecordValues(type, item, false);
      Object.assign(errors, type.check?.(values) ?? {});
      if (Object.keys(errors).length > 0) refuse(url, item.id, errors);
      return {
        id: item.id,
        farm_id: this.farmOf(farms, url, item as { id: string; pond_id: unknown }),
        pond_id: item.pond_id,
        cycle_id: item.cycle_id ?? refuse(url, item.id, 'no cycle_id'),
        created_by: this.userId,
        ...toColumns(type, values),
      };
    });
    await this.db.transaction().execute(async (tx) => {
      for (const part of chunks(rows)) await this.records_.insert(type, part, tx);
    });
  }

  private async samplingRows(url: string, items: Record<string, unknown>[]): Promise<void> {
    const farms = await this.farmsOf(items.map((i) => String(i.pond_id)));
    const cycles = new Map(
      (await this.samplings.cycles([...new Set(items.map((i) => String(i.cycle_id)))])).map((c) => [c.id, c]),
    );
    const today = farmToday();
    const rows = items.map((item) => {
      const cycle = cycles.get(String(item.cycle_id)) ?? refuse(url, item.id, 'no such cycle');
      const checked = checkSampling(item, { today, earliest: earliestDay(cycle) });
      if ('errors' in checked) refuse(url, item.id, checked.errors);
      return {
        id: String(item.id).toLowerCase(),
        farm_id: this.farmOf(farms, url, item as { id: string; pond_id: unknown }),
        pond_id: String(item.pond_id),
        cycle_id: cycle.id,
        created_by: this.userId,
        ...checked.values,
      };
    });
    await this.db.transaction().execute(async (tx) => {
      for (const part of chunks(rows)) await this.samplings.upsert(part, [], tx);
    });
  }

  /** Item uses: the movements and the stock they take, in one transaction (the ledger's own). */
  private async uses(items: Record<string, unknown>[]): Promise<void> {
    const url = '/useitem/bulk';
    const drafts = items.map((item) => {
      const parsed = parseUse(item as { id: string });
      return 'errors' in parsed ? refuse(url, item.id, parsed.errors) : parsed.draft;
    });
    const farms = await this.farmsOf(drafts.map((d) => d.pondId));
    const prices = new Map(
      (await this.items.itemsByIds([...new Set(drafts.map((d) => d.warehouseId))])).map((i) => [
        i.id,
        Number(i.price),
      ]),
    );
    const active = new Map(
      (await this.cycles.activeOf([...new Set(drafts.filter((d) => !d.cycleId).map((d) => d.pondId))])).map(
        (c) => [c.pond_id, c.id],
      ),
    );
    const moves = drafts
      .map((d) => ({
        id: d.id,
        farm_id: this.farmOf(farms, url, { id: d.id, pond_id: d.pondId }),
        warehouse_id: d.warehouseId,
        kind: 'use' as const,
        qty: milliToDecimal(d.milli),
        unit_price: prices.get(d.warehouseId) ?? refuse(url, d.id, 'no such item'),
        pond_id: d.pondId,
        cycle_id: d.cycleId ?? active.get(d.pondId) ?? null,
        used_on: d.usedOn,
        time: d.time,
        note: d.note,
        purchase_order_id: null,
        created_by: this.userId,
      }))
      .sort((x, y) => (x.warehouse_id < y.warehouse_id ? -1 : 1));
    const inserted = await this.db.transaction().execute((tx) => this.ledger.recordUses(moves, tx));
    const moved = new Map<string, { items: Set<string>; day: string }>();
    for (const m of moves) {
      if (!inserted.has(m.id)) continue;
      const entry = moved.get(m.farm_id) ?? { items: new Set<string>(), day: m.used_on };
      entry.items.add(m.warehouse_id);
      if (m.used_on > entry.day) entry.day = m.used_on;
      moved.set(m.farm_id, entry);
    }
    for (const [farmId, { items: ids, day }] of moved)
      alertStockMoved(this.app.ctx.alerts, this.items, farmId, [...ids], day);
  }
}
