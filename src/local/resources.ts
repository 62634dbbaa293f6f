import type { AnyRow, OutboxKind, ServerRecord } from '#local/db';
import { photoDeleteUrl } from '#shared/domain/photo-targets';
import { SAMPLING_SIGNS } from '#shared/domain/sampling-signs';
import { WATER_FIELDS } from '#shared/domain/water-fields';

/**
 * How one synced record type maps to Dexie and to the API. The write path, the drain,
 * the pull and the failed-records actions are generic over this; a feature that adds a
 * record type adds a store (db.ts, next version) and a descriptor (here, or its own
 * file passed to registerResource at start-up).
 */
export interface ResourceDescriptor {
  /** Stable name: pull cursors are stored under it. */
  name: string;
  /** Dexie store; its primary key is the server's id field (e.g. 'pond_id', 'id'). */
  table: string;
  /** 'farm': rows carry farm_id and are pulled per farm; 'global': pulled once per user. */
  scope: 'global' | 'farm';
  /** Device-made ids are only safe where the server accepts them (upsert by id). */
  create?: { url: string; bulk: boolean };
  updateUrl?: (id: string) => string;
  /** `row`: the record being deleted (a photo's delete URL depends on its record type). */
  deleteUrl?: (id: string, row?: ServerRecord) => string;
  /**
   * GET list answering ListEnvelope: `{ data: T[], server_time }`. `since: false` for lists
   * the server always answers whole (farms): every answer is then a full snapshot and a
   * synced row missing from it is removed (deleted, or the user left the farm).
   */
  pull?: {
    url: string;
    since?: boolean;
    query?: (now: number) => Record<string, string>;
    /**
     * A new device's first pull of a long list asks for the part the day's work needs
     * (these parameters over `query`'s); the rest follows in a second pull in the
     * background (`fill:` in syncState until it is in; ADR 0086).
     */
    first?: (now: number) => Record<string, string>;
    /**
     * The record's day field the query's `from` is compared with on the server: a whole
     * answer lists only records from that day on, so an older row the mirror holds (taken
     * in for an edit, or left from a wider window) is not dropped as gone (apply-rows.ts).
     */
    day?: string;
  };
  /**
   * A list the mirror keeps for a window only: the last `days` days (`first` while a new
   * device's first pull is still filling in). An older day is read from the server when a
   * screen shows it (src/local/day-coverage.ts). Absent: the mirror keeps the whole list.
   */
  kept?: { days: number; first: number };
  /** Shapes a pulled item into a row (e.g. adds farm_id or a synthetic key). */
  fromServer?: (item: ServerRecord, farmId: string | null) => ServerRecord;
  /**
   * The fields an edit may send (the update body's properties). A changed field outside
   * this list is local only (derived or display data: a pond's block_name, a cycle's
   * doc) and stays out of the body. Default: every changed field.
   */
  updateFields?: readonly string[];
  /** Server fields of a local row as the create/update body; default: every field not starting with '_'. */
  toBody?: (row: ServerRecord, kind: OutboxKind) => unknown;
}

/** A row without its local sync fields. */
export function serverFields(row: AnyRow | ServerRecord): ServerRecord {
  const out: ServerRecord = {};
  for (const [field, value] of Object.entries(row)) if (!field.startsWith('_')) out[field] = value;
  return out;
}

export function bodyOf(resource: ResourceDescriptor, row: ServerRecord, kind: OutboxKind): unknown {
  const fields = serverFields(row);
  return resource.toBody ? resource.toBody(fields, kind) : fields;
}

const crud = (path: string) => ({
  updateUrl: (id: string) => `/api/${path}/${encodeURIComponent(id)}/update`,
  deleteUrl: (id: string) => `/api/${path}/${encodeURIComponent(id)}/delete`,
});

// Paths are the spec's (seed 000 §7) under /api. Farms are created online only: POST
// /farm/add takes no device id, so a replay could make two farms.
export const FARMS: ResourceDescriptor = {
  name: 'farms',
  table: 'farms',
  scope: 'global',
  updateFields: ['name', 'is_hide_finance', 'status'],
  pull: { url: '/api/farm', since: false },
  ...crud('farm'),
};
export const BLOCKS: ResourceDescriptor = {
  name: 'blocks',
  table: 'blocks',
  scope: 'farm',
  updateFields: ['block_name'],
  create: { url: '/api/block', bulk: false },
  pull: { url: '/api/block' },
  ...crud('block'),
};
export const PONDS: ResourceDescriptor = {
  name: 'ponds',
  table: 'ponds',
  scope: 'farm',
  updateFields: ['name', 'area', 'block_id', 'status'],
  create: { url: '/api/pond', bulk: false },
  pull: { url: '/api/pond' },
  ...crud('pond'),
};
export const CYCLES: ResourceDescriptor = {
  name: 'cycles',
  table: 'cycles',
  scope: 'farm',
  updateFields: ['start_date', 'end_date'],
  create: { url: '/api/cycle', bulk: false },
  pull: { url: '/api/cycle' },
  ...crud('cycle'),
};
/**
 * Water standards: one row per parameter (defaults have no server id), saved as a whole
 * with POST /waterSetting: the feature queues that with enqueueAction({ rows }).
 */
export const WATER_SETTINGS: ResourceDescriptor = {
  name: 'waterSettings',
  table: 'waterSettings',
  scope: 'farm',
  pull: { url: '/api/waterSetting', since: false },
  // The all-day range keeps the key it always had; a slot's range adds the slot.
  fromServer: (item, farmId) => ({
    ...item,
    farm_id: farmId,
    key: item.slot
      ? `${farmId}:${String(item.parameter)}:${String(item.slot)}`
      : `${farmId}:${String(item.parameter)}`,
  }),
};
/**
 * The mirror keeps recent readings only (what entry forms and alerts compare against);
 * longer ranges are charts and analysis, read online and runtime-cached by the worker.
 */
export const RECENT_READING_DAYS = 30;
const DAY_MS = 86_400_000;
/**
 * A new device's first pull of the long lists (ADR 0086): the last week of readings, two
 * weeks of warehouse movements and of the daily pond records; the rest of each list's usual
 * window comes after, in the background.
 */
export const FIRST_READING_DAYS = 7;
export const FIRST_RECORD_DAYS = 14;
const daysBack = (now: number, days: number) => new Date(now - days * DAY_MS).toISOString().slice(0, 10);
/** A first pull of records kept per cycle: the running cycles' only. */
const liveCycles = () => ({ live: 'true' });
const water = (kind: 'general' | 'chemical' | 'biological', table: string): ResourceDescriptor => ({
  name: table,
  table,
  scope: 'farm',
  create: { url: `/api/water/${kind}/bulk`, bulk: true },
  pull: {
    url: `/api/water/${kind}`,
    query: (now) => ({ from: daysBack(now, RECENT_READING_DAYS) }),
    first: (now) => ({ from: daysBack(now, FIRST_READING_DAYS) }),
    day: 'measured_at',
  },
  kept: { days: RECENT_READING_DAYS, first: FIRST_READING_DAYS },
  ...crud(`water/${kind}`),
  // The server derives the offset and the slot from measured_at: an edit sends measured_at alone.
  updateFields: ['measured_at', 'cycle_id', ...Object.keys(WATER_FIELDS[kind])],
});
export const WATER_GENERAL = water('general', 'waterGeneral');
export const WATER_CHEMICAL = water('chemical', 'waterChemical');
export const WATER_BIOLOGICAL = water('biological', 'waterBiological');

/** Growth samplings (issue 14): several ponds per entry, sent as one bulk POST. */
export const SAMPLINGS: ResourceDescriptor = {
  name: 'samplings',
  table: 'samplings',
  scope: 'farm',
  create: { url: '/api/sampling/bulk', bulk: true },
  pull: { url: '/api/sampling', first: liveCycles },
  ...crud('sampling'),
  updateFields: ['sampled_on', 'shrimp_count', 'sample_weight', ...SAMPLING_SIGNS, 'note'],
};
/**
 * Photos of every record type (src/local/photos.ts): a create is the upload itself
 * (`POST /api/photos`, multipart: the transport sends a body holding a Blob as
 * form-data), queued behind the record it belongs to, so FIFO delivers the record first.
 * The answer (the stored photo with its `url`) settles the row.
 */
export const PHOTOS: ResourceDescriptor = {
  name: 'photos',
  table: 'photos',
  scope: 'farm',
  create: { url: '/api/photos', bulk: false },
  pull: { url: '/api/photos' },
  deleteUrl: (id, row) => photoDeleteUrl(String(row?.record_type ?? ''), id),
  toBody: (row) => ({
    id: row.id,
    record_type: row.record_type,
    record_id: row.record_id,
    width: row.width ?? undefined,
    height: row.height ?? undefined,
    file: row.blob,
  }),
};
/**
 * Production records (issue 14). A stocking's edits go to /stock-cycle/{id}/update, so a
 * new stock date moves the cycle it started; deleting keeps the cycle (/stock/{id}/delete).
 * Derived fields (density, revenue, harvested_count, cycle_id, is_harvest) are the
 * server's: edits leave them out.
 */
export const STOCKS: ResourceDescriptor = {
  name: 'stocks',
  table: 'stocks',
  scope: 'farm',
  create: { url: '/api/stock', bulk: false },
  pull: { url: '/api/stock' },
  updateUrl: (id) => `/api/stock-cycle/${encodeURIComponent(id)}/update`,
  deleteUrl: (id) => `/api/stock/${encodeURIComponent(id)}/delete`,
  updateFields: ['stock_date', 'seed_net', 'seed_actual', 'seed_source', 'pl_age', 'bags', 'seed_photo'],
};
export const HARVESTS: ResourceDescriptor = {
  name: 'harvests',
  table: 'harvests',
  scope: 'farm',
  create: { url: '/api/harvest', bulk: false },
  pull: { url: '/api/harvest' },
  ...crud('harvest'),
  updateFields: ['harvested_on', 'type', 'weight_kg', 'size', 'price_per_kg'],
};
export const DEATHS: ResourceDescriptor = {
  name: 'deaths',
  table: 'deaths',
  scope: 'farm',
  create: { url: '/api/death', bulk: false },
  pull: { url: '/api/death', first: liveCycles },
  ...crud('death'),
  updateFields: ['died_on', 'count', 'total_weight_kg'],
};
/**
 * Warehouse (issue 15). Items are created and edited through the outbox; movements are
 * pulled for the last MOVEMENT_DAYS (older history is read online) and uses are created
 * with the bulk `/useitem/bulk` (feed and item entry, offline). Restocks and removals
 * post to their item's URL (`/warehouse/{id}/store|remove`), queued with enqueueAction
 * on the same table; edits and deletes of uses go to `/useitem/{id}/…`.
 */
export const MOVEMENT_DAYS = 90;
export const WAREHOUSE_ITEMS: ResourceDescriptor = {
  name: 'warehouseItems',
  table: 'warehouseItems',
  scope: 'farm',
  create: { url: '/api/warehouse', bulk: false },
  pull: { url: '/api/warehouse' },
  updateFields: ['minimum_stock', 'price'],
  ...crud('warehouse'),
};
export const WAREHOUSE_MOVEMENTS: ResourceDescriptor = {
  name: 'warehouseMovements',
  table: 'warehouseMovements',
  scope: 'farm',
  create: { url: '/api/useitem/bulk', bulk: true },
  pull: {
    url: '/api/warehouse/history',
    query: (now) => ({ from: daysBack(now, MOVEMENT_DAYS) }),
    first: (now) => ({ from: daysBack(now, FIRST_RECORD_DAYS) }),
    day: 'used_on',
  },
  updateFields: ['qty', 'used_on', 'time', 'note'],
  ...crud('useitem'),
};
/** Today's recommended ration per pond, as the server computes it (a whole-list snapshot). */
export const FEED_RATIONS: ResourceDescriptor = {
  name: 'feedRations',
  table: 'feedRations',
  scope: 'farm',
  pull: { url: '/api/feed/ration', since: false },
  fromServer: (item, farmId) => ({ ...item, key: `${farmId}:${String(item.pond_id)}` }),
};
export const PURCHASE_ORDERS: ResourceDescriptor = {
  name: 'purchaseOrders',
  table: 'purchaseOrders',
  scope: 'farm',
  create: { url: '/api/farm/purchase-order', bulk: false },
  pull: { url: '/api/purchase-order' },
};

/**
 * Daily pond records (issue 14). Anco and water changes are mirrored for the last
 * RECENT_RECORD_DAYS (entry screens, the pond's daily data); notes and disease records,
 * a few a week, wholly. Anco and water changes are created in bulk (several ponds in one
 * entry), notes and diseases one by one.
 */
export const RECENT_RECORD_DAYS = 60;
const recentDays = (now: number) => ({ from: daysBack(now, RECENT_RECORD_DAYS) });
const firstDays = (now: number) => ({ from: daysBack(now, FIRST_RECORD_DAYS) });
const keptDays = { days: RECENT_RECORD_DAYS, first: FIRST_RECORD_DAYS };
export const ANCO: ResourceDescriptor = {
  name: 'anco',
  table: 'anco',
  scope: 'farm',
  create: { url: '/api/anco/bulk', bulk: true },
  pull: { url: '/api/anco', query: recentDays, first: firstDays, day: 'check_date' },
  kept: keptDays,
  ...crud('anco'),
  updateFields: ['check_date', 'feeding_time', 'checked_at', 'data_anco', 'note'],
};
export const WATER_CHANGES: ResourceDescriptor = {
  name: 'waterChanges',
  table: 'waterChanges',
  scope: 'farm',
  create: { url: '/api/waterChange/bulk', bulk: true },
  pull: { url: '/api/waterChange', query: recentDays, first: firstDays, day: 'change_date' },
  kept: keptDays,
  ...crud('waterChange'),
  updateFields: ['change_date', 'change_time', 'percent', 'height_cm', 'note'],
};
export const NOTES: ResourceDescriptor = {
  name: 'notes',
  table: 'notes',
  scope: 'farm',
  create: { url: '/api/note', bulk: false },
  pull: { url: '/api/note' },
  ...crud('note'),
  updateFields: ['note_date', 'title', 'tags', 'description'],
};
export const DISEASES: ResourceDescriptor = {
  name: 'diseases',
  table: 'diseases',
  scope: 'farm',
  create: { url: '/api/disease', bulk: false },
  pull: { url: '/api/disease' },
  ...crud('disease'),
  updateFields: ['disease_date', 'master_disease_id', 'severity', 'affected_percent', 'note'],
};
/**
 * The caller's farm alerts (issue 18): pulled with `since` for the user, not a farm;
 * created by the server only, marked read with an action (POST /api/notifications/read).
 */
export const NOTIFICATIONS: ResourceDescriptor = {
  name: 'notifications',
  table: 'notifications',
  scope: 'global',
  pull: { url: '/api/notifications' },
};

/**
 * Finance (issue 16). Transactions: the mirror keeps the last RECENT_FINANCE_DAYS (the
 * screens' periods); a period reaching further back adds the server's older ones online
 * (the transactions tab, through useServerDay). Built-in categories come with farm_id
 * null and are shared by every farm's list.
 */
export const RECENT_FINANCE_DAYS = 400;
export const FINANCE_ACCOUNTS: ResourceDescriptor = {
  name: 'financeAccounts',
  table: 'financeAccounts',
  scope: 'farm',
  updateFields: ['name', 'start_date', 'end_date'],
  create: { url: '/api/account', bulk: false },
  pull: { url: '/api/account' },
  ...crud('account'),
  toBody: (row, kind) =>
    kind === 'create'
      ? { account_id: row.account_id, farm_id: row.farm_id, name: row.name, created_at: row.start_date }
      : row,
};
export const FINANCE_CATEGORIES: ResourceDescriptor = {
  name: 'financeCategories',
  table: 'financeCategories',
  scope: 'farm',
  updateFields: ['category_transaction_name', 'category_icon'],
  create: { url: '/api/account/category', bulk: false },
  pull: { url: '/api/account/category' },
  updateUrl: (id) => `/api/account/category/${encodeURIComponent(id)}/update`,
  toBody: (row, kind) =>
    kind === 'create'
      ? {
          category_transaction_id: row.category_transaction_id,
          farm_id: row.farm_id,
          type: row.type,
          category_icon: row.category_icon,
          category_transaction_name: row.category_transaction_name,
        }
      : row,
};
export const FINANCE_TRANSACTIONS: ResourceDescriptor = {
  name: 'financeTransactions',
  table: 'financeTransactions',
  scope: 'farm',
  updateFields: [
    'account_id',
    'category_transaction_id',
    'metode',
    'nominal',
    'transaction_date',
    'note',
    'photos',
  ],
  create: { url: '/api/transaction', bulk: false },
  pull: {
    url: '/api/transaction',
    query: (now) => ({ from: daysBack(now, RECENT_FINANCE_DAYS) }),
    day: 'transaction_date',
  },
  kept: { days: RECENT_FINANCE_DAYS, first: RECENT_FINANCE_DAYS },
  ...crud('transaction'),
  toBody: (row, kind) => {
    if (kind !== 'create') return row;
    const body: Record<string, unknown> = {};
    for (const f of [
      'transaction_record_id',
      'account_id',
      'category_transaction_id',
      'metode',
      'nominal',
      'transaction_date',
      'note',
      'photos',
      'source_type',
      'source_id',
    ])
      if (row[f] !== undefined && row[f] !== null) body[f] = row[f];
    return body;
  },
};

const registry = new Map<string, ResourceDescriptor>();
/**
 * The caller's comparison templates of a farm (issue 17 point 4): saved on the device
 * first, sent through the outbox, edited per field like every record.
 */
export const COMPARISON_TEMPLATES: ResourceDescriptor = {
  name: 'comparisonTemplates',
  table: 'comparisonTemplates',
  scope: 'farm',
  updateFields: ['name', 'type', 'fields'],
  create: { url: '/api/comparisonTemplate', bulk: false },
  pull: { url: '/api/comparisonTemplate' },
  ...crud('comparisonTemplate'),
  toBody: (row, kind) =>
    kind === 'create'
      ? {
          template_id: row.template_id,
          farm_id: row.farm_id,
          name: row.name,
          type: row.type,
          fields: row.fields,
        }
      : row,
};

/**
 * The farm's price list (issue 26 point 4, ADR 0072): a row per valid-from day and size,
 * a day's list saved whole with POST /farmPrice (`enqueueAction`); every pull is the whole list.
 */
export const FARM_PRICES: ResourceDescriptor = {
  name: 'farmPrices',
  table: 'farmPrices',
  scope: 'farm',
  pull: { url: '/api/farmPrice', since: false },
};
/** The farm's forecast target sizes, one row per farm, saved with POST /forecastSetting. */
export const FORECAST_SETTINGS: ResourceDescriptor = {
  name: 'forecastSettings',
  table: 'forecastSettings',
  scope: 'farm',
  pull: { url: '/api/forecastSetting', since: false },
};

for (const r of [
  FARMS,
  BLOCKS,
  PONDS,
  CYCLES,
  WATER_SETTINGS,
  WATER_GENERAL,
  WATER_CHEMICAL,
  WATER_BIOLOGICAL,
  SAMPLINGS,
  PHOTOS,
  STOCKS,
  HARVESTS,
  DEATHS,
  WAREHOUSE_ITEMS,
  WAREHOUSE_MOVEMENTS,
  FEED_RATIONS,
  PURCHASE_ORDERS,
  ANCO,
  WATER_CHANGES,
  NOTES,
  DISEASES,
  NOTIFICATIONS,
  FINANCE_ACCOUNTS,
  FINANCE_CATEGORIES,
  FINANCE_TRANSACTIONS,
  COMPARISON_TEMPLATES,
  FARM_PRICES,
  FORECAST_SETTINGS,
]) {
  registry.set(r.name, r);
}

/** Adds (or replaces, by name) a record type the pull should refresh. */
export function registerResource(resource: ResourceDescriptor): void {
  registry.set(resource.name, resource);
}

/** Every registered resource, in registration order (parents before children). */
export function resources(): ResourceDescriptor[] {
  return [...registry.values()];
}

export function resourceNamed(name: string): ResourceDescriptor | undefined {
  return registry.get(name);
}

export function resourceForTable(table: string): ResourceDescriptor | undefined {
  for (const r of registry.values()) if (r.table === table) return r;
  return undefined;
}
