import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { TambakDb } from './db.ts';

/**
 * The schema is declared once, at the newest version (db.ts). These are the versions
 * devices were released with; a device on any of them must open the app's database with
 * every store and index of the newest, and keep its rows (the outbox above all).
 */
const RELEASED: Record<number, Record<string, string>> = {
  1: {
    farms: 'farm_id',
    blocks: 'block_id, farm_id',
    ponds: 'pond_id, farm_id, block_id',
    cycles: 'cycle_id, farm_id, pond_id',
    waterSettings: 'key, farm_id',
    waterGeneral: 'id, farm_id, pond_id, cycle_id, measured_at',
    waterChemical: 'id, farm_id, pond_id, cycle_id, measured_at',
    waterBiological: 'id, farm_id, pond_id, cycle_id, measured_at',
    drafts: '[farmId+form], farmId',
    outbox: 'id, status',
    syncState: 'key',
  },
  2: {
    stocks: 'stock_id, farm_id, pond_id, cycle_id',
    harvests: 'harvest_id, farm_id, pond_id, stock_id, harvested_on',
    deaths: 'death_id, farm_id, pond_id, stock_id, died_on',
  },
  3: {
    samplings: 'id, farm_id, pond_id, cycle_id, sampled_on',
    photos: 'id, farm_id, [record_type+record_id]',
  },
  4: {
    anco: 'id, farm_id, pond_id, cycle_id, check_date',
    waterChanges: 'id, farm_id, pond_id, cycle_id, change_date',
    notes: 'id, farm_id, pond_id, note_date',
    diseases: 'id, farm_id, pond_id, cycle_id, disease_date',
  },
  5: {
    warehouseItems: 'warehouse_id, farm_id',
    warehouseMovements: 'id, farm_id, warehouse_id',
    feedRations: 'key, farm_id',
    purchaseOrders: 'id, farm_id',
  },
  6: {
    financeAccounts: 'account_id, farm_id',
    financeCategories: 'category_transaction_id, farm_id',
    financeTransactions: 'transaction_record_id, farm_id, account_id, transaction_date',
    financeStats: 'key, farmId',
  },
  7: {
    notifications: 'id, occurred_at',
    notificationSettings: 'key',
  },
  8: {
    comparisonTemplates: 'template_id, farm_id',
  },
};

/** A database as the app left it at `version`. */
function releasedDb(name: string, version: number): Dexie {
  const db = new Dexie(name);
  for (let v = 1; v <= version; v++) if (RELEASED[v]) db.version(v).stores(RELEASED[v]);
  return db;
}

function schemaOf(db: Dexie): Record<string, string[]> {
  return Object.fromEntries(
    db.tables.map((t) => [t.name, [t.schema.primKey.src, ...t.schema.indexes.map((i) => i.src).sort()]]),
  );
}

const opened: Dexie[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

describe('database versions', () => {
  it.each([1, 3, 4, 6, 8])(
    'a device on version %i opens the newest schema and keeps its rows',
    async (version) => {
      const name = `released-${version}`;
      const old = releasedDb(name, version);
      await old.open();
      await old.table('outbox').put({ id: 'queued-1', status: 'queued', body: { ph: 7.9 } });
      await old.table('ponds').put({ pond_id: 'p1', farm_id: 'f1', block_id: 'b1', name: 'Kolam 1' });
      if (version >= 3)
        await old.table('samplings').put({ id: 's1', farm_id: 'f1', pond_id: 'p1', cycle_id: 'c1' });
      old.close();

      const db = new TambakDb(name);
      opened.push(db);
      await db.open();
      const fresh = new TambakDb(`fresh-${version}`);
      opened.push(fresh);
      await fresh.open();

      expect(schemaOf(db)).toEqual(schemaOf(fresh));
      expect(await db.outbox.get('queued-1')).toMatchObject({ status: 'queued', body: { ph: 7.9 } });
      expect(await db.ponds.where('farm_id').equals('f1').count()).toBe(1);
      if (version >= 3) expect(await db.samplings.where('pond_id').equals('p1').count()).toBe(1);
      // A store the old version lacked is there and indexed.
      await db.notifications.put({ id: 'n1', occurred_at: '2026-11-26T00:00:00Z' } as never);
      expect(await db.notifications.orderBy('occurred_at').count()).toBe(1);
      await db.answers.put({ key: 'user', data: { name: 'Ani' }, fetchedAt: 1 });
      expect(await db.answers.get('user')).toMatchObject({ data: { name: 'Ani' } });
      await db.journal.put({ id: 'j1', table: 'ponds', rows: [], entries: [] });
      expect(await db.journal.count()).toBe(1);
    },
  );
});
