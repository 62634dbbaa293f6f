/**
 * What each device's repository call reported as saved: one record per id with the
 * final state its device intended (the last values written, deleted or not). The
 * checker compares the devices' Dexie mirrors and the server's tables against it.
 */
export type ChaosTable = 'waterGeneral' | 'waterChemical' | 'cycles';

export const SERVER_TABLE: Record<ChaosTable, 'water_general' | 'water_chemical' | 'cycles'> = {
  waterGeneral: 'water_general',
  waterChemical: 'water_chemical',
  cycles: 'cycles',
};

export interface LedgerRecord {
  device: number;
  table: ChaosTable;
  id: string;
  pondId: string;
  /** The compared server fields, as last written by the device. */
  values: Record<string, number | string>;
  deleted: boolean;
  /** Created on a pond its user may not enter data for: must end failed with a reason. */
  expectRefused: boolean;
  writes: number;
}

export class Ledger {
  readonly records = new Map<string, LedgerRecord>();

  private key(table: ChaosTable, id: string): string {
    return `${table}:${id}`;
  }
  created(record: Omit<LedgerRecord, 'deleted' | 'writes'>): void {
    this.records.set(this.key(record.table, record.id), { ...record, deleted: false, writes: 1 });
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
    return this.records.has(this.key(table, id));
  }
}
