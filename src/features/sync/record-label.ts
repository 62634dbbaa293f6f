import type { MirrorTable } from '#local/db';

/** A mirror row as the label reads it (any record type). */
type Row = Readonly<Record<string, unknown>>;

import { FEED_CATEGORY_ID } from '#shared/domain/warehouse';

/**
 * How the sync screen names a queued record so a keeper knows what is waiting: its kind
 * (a key under `record.` of the sync namespace), the slot (a feeding or reading time,
 * HH:mm) and the day, read from the row as the form saved it.
 * "Pakan · Kolam A3 · 06:00", "Anco · Kolam A3", "Transaksi · 12 Mar 2026".
 */
export interface RecordLabel {
  /** Key under `record.`: the table, or a finer kind for warehouse movements (feed, item use …). */
  kind: string;
  /** HH:mm, when the record belongs to a time of day. */
  slot?: string;
  /** YYYY-MM-DD, the farm day the record is for. */
  day?: string;
  /** A reading's moment (ISO), shown as its day and HH:mm in the screen's time format. */
  at?: string;
}

/** The field holding each record type's day. */
const DAY_FIELD: Partial<Record<MirrorTable, string>> = {
  cycles: 'start_date',
  samplings: 'sampled_on',
  stocks: 'stock_date',
  harvests: 'harvested_on',
  deaths: 'died_on',
  warehouseMovements: 'used_on',
  anco: 'check_date',
  waterChanges: 'change_date',
  notes: 'note_date',
  diseases: 'disease_date',
  financeTransactions: 'transaction_date',
  financeAccounts: 'start_date',
};

/** The field holding each record type's time of day. */
const SLOT_FIELD: Partial<Record<MirrorTable, string>> = {
  warehouseMovements: 'time',
  waterChanges: 'change_time',
};

const WATER_TABLES = new Set(['waterGeneral', 'waterChemical', 'waterBiological']);

const str = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);
const hhmm = (value: unknown): string | undefined => {
  const text = str(value);
  return text && /^\d{2}:\d{2}/.test(text) ? text.slice(0, 5) : undefined;
};

/** A movement's kind: a use of a feed item is "feed", else "item use", "restock" or "removal". */
function movementKind(row: Row | undefined, itemCategory: number | undefined): string {
  const kind = str(row?.kind);
  if (kind === 'use') return itemCategory === FEED_CATEGORY_ID ? 'feed' : 'itemUse';
  if (kind === 'store' || kind === 'remove') return kind === 'store' ? 'restock' : 'removal';
  return 'warehouseMovements';
}

/** The label of one queued record; `itemCategory` is a movement's warehouse item category (feed or not). */
export function recordLabel(
  table: string | undefined,
  row: Row | undefined,
  options: { itemCategory?: number } = {},
): RecordLabel {
  if (!table) return { kind: 'other' };
  const kind = table === 'warehouseMovements' ? movementKind(row, options.itemCategory) : table;
  if (WATER_TABLES.has(table)) return { kind, at: str(row?.measured_at) };
  const dayField = DAY_FIELD[table as MirrorTable];
  const slotField = SLOT_FIELD[table as MirrorTable];
  return {
    kind,
    day: dayField ? str(row?.[dayField])?.slice(0, 10) : undefined,
    slot: slotField ? hhmm(row?.[slotField]) : undefined,
  };
}
