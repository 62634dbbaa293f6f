/**
 * What each device's write call reported as saved: one record per id with the final
 * state its device intended (the last values written, deleted or not). The checker
 * compares the devices' Dexie mirrors and the server's tables against it.
 */
export type ChaosTable =
  | 'waterGeneral'
  | 'waterChemical'
  | 'cycles'
  | 'stocks'
  | 'harvests'
  | 'deaths'
  | 'samplings'
  | 'anco'
  | 'photos'
  | 'warehouseMovements'
  | 'purchaseOrders'
  | 'financeTransactions';

export const SERVER_TABLE: Record<ChaosTable, string> = {
  waterGeneral: 'water_general',
  waterChemical: 'water_chemical',
  cycles: 'cycles',
  stocks: 'stocks',
  harvests: 'harvests',
  deaths: 'deaths',
  samplings: 'samplings',
  anco: 'anco_checks',
  photos: 'record_photos',
  warehouseMovements: 'warehouse_movements',
  purchaseOrders: 'purchase_orders',
  financeTransactions: 'finance_transactions',
};

export interface LedgerRecord {
  device: number;
  table: ChaosTable;
  /** What the tallies count it as (a table can hold several kinds: feed, use, restock, removal). */
  kind: string;
  id: string;
  pondId: string;
  /** The compared server fields, as last written by the device. */
  values: Record<string, number | string>;
  deleted: boolean;
  /** Created on a pond its user may not enter data for: must end failed with a reason. */
  expectRefused: boolean;
  /**
   * The server may legitimately refuse it (a technician's rights, a stocking that races
   * another phone's, a record of a refused stocking): then failed with a reason, never silent.
   */
  mayFail?: boolean;
  /**
   * Its values may be set by the server from another record: a cycle a device started and
   * then named in a stocking (`createStock` sends the mirror's active cycle as `cycle_id`)
   * is started by that stocking, on the stock date, when the server has no active cycle
   * on the pond then (its own start refused or not yet there). Presence is still checked.
   */
  valuesMayMove?: boolean;
  writes: number;
}

export class Ledger {
  readonly records = new Map<string, LedgerRecord>();
  /** Server rows no device saved but that are expected (set-up rows, cycles a stocking started). */
  private readonly allowed = new Set<string>();

  private key(table: ChaosTable, id: string): string {
    return `${table}:${id}`;
  }
  created(record: Omit<LedgerRecord, 'deleted' | 'writes' | 'kind'> & { kind?: string }): void {
    this.records.set(this.key(record.table, record.id), {
      ...record,
      kind: record.kind ?? record.table,
      deleted: false,
      writes: 1,
    });
  }
  updated(table: ChaosTable, id: string, values: Record<string, number | string>): void {
    const r = this.get(table, id);
    r.values = { ...r.values, ...values };
    r.writes += 1;
  }
  deleted(table: ChaosTable, id: string): void {
    const r = this.get(table, id);
    r.deleted = true;
    r.writes += 1;
  }
  get(table: ChaosTable, id: string): LedgerRecord {
    const r = this.records.get(this.key(table, id));
    if (!r) throw new Error(`not in the ledger: ${table}/${id}`);
    return r;
  }
  /** Live records of one device in one table, in creation order. */
  live(device: number, tables: ChaosTable[]): LedgerRecord[] {
    return [...this.records.values()].filter(
      (r) => r.device === device && !r.deleted && tables.includes(r.table),
    );
  }
  has(table: ChaosTable, id: string): boolean {
    return this.records.has(this.key(table, id)) || this.allowed.has(this.key(table, id));
  }
  /** A server row that is expected although no device saved it as a record of its own. */
  allow(table: ChaosTable, id: string): void {
    this.allowed.add(this.key(table, id));
  }
}
