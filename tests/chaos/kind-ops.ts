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
import type { Local } from '#local/db';
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
import type { Movement, PurchaseOrder } from '#shared/contracts/warehouse';
import type { Rng } from '../../scripts/lib/prng.ts';
import type { Books } from './checker.ts';
import { DAY, type Extras, farmDay, type KindDevice, type KindOp } from './kind-table.ts';
import type { ChaosTable, Ledger } from './ledger.ts';

const tenth = (rng: Rng, min: number, max: number) => rng.int(min * 10, max * 10) / 10;

/** What the operations need of the ledger (the browser harness passes a recording one from the page). */
export type KindLedger = Pick<Ledger, 'created' | 'updated' | 'deleted' | 'live' | 'allow' | 'records'>;

/** The operations of the new kinds for one seed; each answers false when it had nothing to act on. */
export function kindOps(ctx: {
  rng: Rng;
  ledger: KindLedger;
  farmId: string;
  extras: Omit<Extras, 'books'> & { books: Pick<Books, 'orderLines'> };
}) {
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
        (): Record<string, number> =>
          rng.chance(0.5)
            ? { weight_kg: tenth(rng, 1, 20) }
            : { weight_kg: tenth(rng, 1, 20), price_per_kg: rng.int(40, 80) * 1000 },
      ],
      samplings: [
        SAMPLINGS,
        (): Record<string, number> =>
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
