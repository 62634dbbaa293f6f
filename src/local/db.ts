import Dexie, { type Table } from 'dexie';
import type { ComparisonTemplate } from '#shared/contracts/comparison';
import type { Cycle } from '#shared/contracts/cycle';
import type { Death } from '#shared/contracts/death';
import type { ErrorEventInput, SessionStartInput } from '#shared/contracts/errors';
import type { Block, Farm, Pond } from '#shared/contracts/farm';
import type { FarmPrice, ForecastSetting } from '#shared/contracts/farm-price';
import type { FinanceAccount, FinanceCategory, FinanceTransaction } from '#shared/contracts/finance';
import type { Harvest } from '#shared/contracts/harvest';
import type { Notification, NotificationSettings } from '#shared/contracts/notifications';
import type { RecordPhoto } from '#shared/contracts/photos';
import type { Anco, Disease, Note, WaterChange } from '#shared/contracts/records';
import type { Sampling } from '#shared/contracts/sampling';
import type { Stock } from '#shared/contracts/stock';
import type { Movement, PondRation, PurchaseOrder, WarehouseItem } from '#shared/contracts/warehouse';
import type { WaterReading, WaterSetting } from '#shared/contracts/water';
import type { FieldErrors, FieldIssues } from '#shared/errors';

/**
 * The device's database: mirrors of server data, per-farm form drafts, the outbox and
 * the pull cursors. One Dexie database opened by the page and by the service worker
 * (both apply server answers, see sync/apply-answer.ts).
 *
 * Durability is 'strict' for the whole database (Dexie sets it per database, not per
 * transaction; TOOLCHAIN.md): the transaction that says "saved" to a pond keeper has
 * reached the disk before the promise resolves, so a phone that dies a second later
 * still has the reading and its queued upload.
 */

export type SyncStatus = 'synced' | 'pending' | 'failed';

/** The caller's notification settings, one row under key 'me'. */
export type NotificationSettingsRow = NotificationSettings & { key: 'me' };

export interface SyncError {
  /** kebab-case: a server code (src/shared/errors.ts) or a local one ('network', 'missing-result'). */
  code: string;
  message: string;
  fields?: FieldErrors;
  /** The same field messages as keys, worded when shown (the language may have changed since). */
  issues?: FieldIssues;
}

/** Local sync fields every mirrored row carries next to the server's fields. */
export interface SyncFields {
  _status: SyncStatus;
  _error?: SyncError;
  /** The outbox entry that owns this row's unsynced change; only its answer may settle the row. */
  _outboxId?: string;
  /** Deleted on the device, the DELETE not yet accepted: hidden from lists, kept to show a failure. */
  _deleted?: true;
  /**
   * The server's version before local edits, restored by discard. null: the server has no
   * such row (a create that never synced, or deleted on the server meanwhile).
   */
  _base?: ServerRecord | null;
  /**
   * When the device took in a server row outside a pull (epoch ms): a farm just joined, an
   * older day's row taken in for an edit. A whole pull asked before then does not speak for
   * it and leaves it (src/local/sync/apply-rows.ts).
   */
  _takenAt?: number;
}

export type ServerRecord = { [field: string]: unknown };
export type Local<T> = T & SyncFields;
export type AnyRow = ServerRecord & SyncFields;

/** A farm's water standard per parameter; `key` = `<farm_id>:<parameter>` (the API has no row id for defaults). */
export type WaterSettingRow = WaterSetting & { key: string; farm_id: string };

/**
 * A photo of a record (src/local/photos.ts): the server's fields once uploaded (`url`),
 * and until then the resized image itself. `blob` is kept until the server confirmed the
 * upload; `url` is null before that.
 */
export type PhotoRow = Omit<RecordPhoto, 'url'> & { url: string | null; blob?: Blob };
/** A pond's recommended ration; `key` = `<farm_id>:<pond_id>` (snapshot rows). */
export type FeedRationRow = PondRation & { key: string };
/** One statistics answer as last fetched: `key` = `<farmId>:<route>?<query>`. */
/** The last answer of an online read the mirror does not pull (members, roles, settings …). */
export interface AnswerRow {
  key: string;
  data: unknown;
  fetchedAt: number;
}

export interface FinanceStatsRow {
  key: string;
  farmId: string;
  data: unknown;
  fetchedAt: number;
}

export type OutboxStatus = 'queued' | 'sending' | 'in-worker' | 'failed' | 'held';
export type OutboxKind = 'create' | 'update' | 'delete' | 'action';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One large save kept whole (src/local/journal.ts): its rows and outbox entries, made at save time. */
export interface JournalDoc {
  id: string;
  table: string;
  rows: AnyRow[];
  entries: OutboxEntry[];
}

export interface OutboxEntry {
  /** UUIDv7: FIFO order, and (with revision) the Idempotency-Key. */
  id: string;
  kind: OutboxKind;
  method: HttpMethod;
  url: string;
  /** For a bulk create: the one item; the drain wraps consecutive items as `{ items }`. */
  body: unknown;
  bulk: boolean;
  table?: string;
  recordIds: string[];
  createdAt: number;
  attempts: number;
  nextAttemptAt: number;
  status: OutboxStatus;
  /** Bumped whenever the body changes or a failed entry is requeued: a new Idempotency-Key. */
  revision: number;
  lastError?: SyncError;
  /** When the current 'sending' or 'in-worker' period began. */
  since?: number;
  /**
   * Has been on the wire at least once: the server may hold it although no answer came
   * (lost, or the page closed). A create once sent is never changed in place: an edit
   * or a delete goes behind it (a resent create with another body is stored as it was).
   */
  sent?: boolean;
  /**
   * An edit's merge data (ADR 0002), sent as headers: the record version the edit started
   * from, when the user made it (the latest folded edit), and this device's id.
   */
  patch?: EditPatch;
}

export interface EditPatch {
  baseVersion: number;
  editedAt: number;
  device: string;
}

export interface Draft {
  farmId: string;
  form: string;
  values: unknown;
  updatedAt: number;
}

/** Key-value rows: `cursor:<resource>:<farmId|*>`, `auth`, `current-farm`, `device`. */
export interface SyncStateRow {
  key: string;
  /** `device`: this device's id (names it in conflicts, src/local/device.ts). */
  deviceId?: string;
  since?: string;
  pulledAt?: number;
  held?: boolean;
  farmId?: string;
}

export const MIRROR_TABLES = [
  'farms',
  'blocks',
  'ponds',
  'cycles',
  'waterSettings',
  'waterGeneral',
  'waterChemical',
  'waterBiological',
  'samplings',
  'photos',
  'stocks',
  'harvests',
  'deaths',
  'warehouseItems',
  'warehouseMovements',
  'feedRations',
  'purchaseOrders',
  'anco',
  'waterChanges',
  'notes',
  'diseases',
  'notifications',
  'notificationSettings',
  'financeAccounts',
  'financeCategories',
  'financeTransactions',
  'comparisonTemplates',
  'farmPrices',
  'forecastSettings',
] as const;
export type MirrorTable = (typeof MIRROR_TABLES)[number];

/**
 * Error tracing's queue (ADR 0067): scrubbed errors of this device, one row per error and
 * session (a repeat counts up), and the app starts of sessions, until they are sent.
 * `sample` is the session's draw: sent only while it is below the sample rate.
 */
export type ErrorQueueRow = { key: string; release: string; sample: number } & (
  | { type: 'event'; event: ErrorEventInput }
  | { type: 'session'; session: SessionStartInput }
);

export class TambakDb extends Dexie {
  farms!: Table<Local<Farm>, string>;
  blocks!: Table<Local<Block>, string>;
  ponds!: Table<Local<Pond>, string>;
  cycles!: Table<Local<Cycle>, string>;
  waterSettings!: Table<Local<WaterSettingRow>, string>;
  waterGeneral!: Table<Local<WaterReading<'general'>>, string>;
  waterChemical!: Table<Local<WaterReading<'chemical'>>, string>;
  waterBiological!: Table<Local<WaterReading<'biological'>>, string>;
  samplings!: Table<Local<Sampling>, string>;
  photos!: Table<Local<PhotoRow>, string>;
  stocks!: Table<Local<Stock>, string>;
  harvests!: Table<Local<Harvest>, string>;
  deaths!: Table<Local<Death>, string>;
  anco!: Table<Local<Anco>, string>;
  waterChanges!: Table<Local<WaterChange>, string>;
  notes!: Table<Local<Note>, string>;
  diseases!: Table<Local<Disease>, string>;
  drafts!: Table<Draft, [string, string]>;
  outbox!: Table<OutboxEntry, string>;
  /** Large saves, durable in one write, waiting to be spread into their mirror and the outbox (journal.ts). */
  journal!: Table<JournalDoc, string>;
  syncState!: Table<SyncStateRow, string>;
  warehouseItems!: Table<Local<WarehouseItem>, string>;
  warehouseMovements!: Table<Local<Movement>, string>;
  feedRations!: Table<Local<FeedRationRow>, string>;
  purchaseOrders!: Table<Local<PurchaseOrder>, string>;
  notifications!: Table<Local<Notification>, string>;
  notificationSettings!: Table<Local<NotificationSettingsRow>, string>;
  financeAccounts!: Table<Local<FinanceAccount>, string>;
  financeCategories!: Table<Local<FinanceCategory>, string>;
  financeTransactions!: Table<Local<FinanceTransaction>, string>;
  /** Last statistics answers per farm and query (shown offline with their date). */
  financeStats!: Table<FinanceStatsRow, string>;
  /** The caller's comparison templates per farm (issue 17 point 4). */
  comparisonTemplates!: Table<Local<ComparisonTemplate>, string>;
  /** The farm's price list rows and forecast target sizes (issue 26, ADR 0072). */
  farmPrices!: Table<Local<FarmPrice>, string>;
  forecastSettings!: Table<Local<ForecastSetting>, string>;
  /** The last answers of online reads, read live like the rest (components/use-fetched.ts). */
  answers!: Table<AnswerRow, string>;
  /** Errors and session starts waiting to be reported (src/local/errors). */
  errorQueue!: Table<ErrorQueueRow, string>;

  constructor(name = 'tambak') {
    super(name, { chromeTransactionDurability: 'strict' });
    // One declaration of the whole schema, at the newest version. Dexie (3+) needs earlier
    // versions only when they carry an upgrade function; none of ours does, so a device on
    // any earlier version (1 to 6) upgrades straight to this one: Dexie adds the stores and
    // indexes it lacks and keeps every row (db-versions.test.ts). Declaring seven versions
    // cost ~10x more at every start, on the phone's main thread.
    // A new store or index: add it here and raise the version. A change to rows: add a
    // version(n).upgrade() below this one. A new synced record type = a store here + a
    // descriptor (resources.ts).
    this.version(11).stores({
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
      journal: 'id',
      // Production records (issue 14): stockings, harvests, deaths, growth samplings, the
      // photos of every record type, and the daily pond records.
      stocks: 'stock_id, farm_id, pond_id, cycle_id',
      harvests: 'harvest_id, farm_id, pond_id, stock_id, harvested_on',
      deaths: 'death_id, farm_id, pond_id, stock_id, died_on',
      samplings: 'id, farm_id, pond_id, cycle_id, sampled_on',
      photos: 'id, farm_id, [record_type+record_id]',
      anco: 'id, farm_id, pond_id, cycle_id, check_date',
      waterChanges: 'id, farm_id, pond_id, cycle_id, change_date',
      notes: 'id, farm_id, pond_id, note_date',
      diseases: 'id, farm_id, pond_id, cycle_id, disease_date',
      // Warehouse (issue 15): items, their movements (restock, removal, use), the day's
      // recommended rations per pond (a snapshot) and purchase orders.
      warehouseItems: 'warehouse_id, farm_id',
      warehouseMovements: 'id, farm_id, warehouse_id',
      feedRations: 'key, farm_id',
      purchaseOrders: 'id, farm_id',
      // Finance (issue 16): accounts, categories (built-ins have farm_id null), transactions,
      // and the last statistics answers.
      financeAccounts: 'account_id, farm_id',
      financeCategories: 'category_transaction_id, farm_id',
      financeTransactions: 'transaction_record_id, farm_id, account_id, transaction_date',
      financeStats: 'key, farmId',
      // Farm alerts (issue 18): the caller's notifications and their push settings (key 'me').
      notifications: 'id, occurred_at',
      notificationSettings: 'key',
      // Analysis (issue 17): the caller's saved comparisons of each farm.
      comparisonTemplates: 'template_id, farm_id',
      // Forecast (issue 26, ADR 0072): the farm's price list (a row per day and size) and
      // its target sizes (a row per farm).
      farmPrices: 'price_id, farm_id',
      forecastSettings: 'farm_id',
      // The last answers of online reads (members, roles, permissions, settings, profile),
      // so the one live hook reads them too and they show offline.
      answers: 'key',
      // Error tracing (issue 30, ADR 0067): scrubbed errors and session starts to send.
      errorQueue: 'key',
    });
  }

  /** A mirror table by name, typed loosely: the write path and apply logic are generic. */
  mirror(name: string): Table<AnyRow, string> {
    return this.table(name) as Table<AnyRow, string>;
  }

  /** The primary-key field of a mirror table (e.g. 'pond_id'). */
  keyOf(name: string): string {
    const keyPath = this.table(name).schema.primKey.keyPath;
    if (typeof keyPath !== 'string') throw new Error(`table ${name} needs a single-field primary key`);
    return keyPath;
  }
}

let shared: TambakDb | undefined;

/** The app's database (page and service worker open the same name). */
export function getDb(): TambakDb {
  shared ??= new TambakDb();
  return shared;
}
