import type { ColumnType, Generated } from 'kysely';

/** Timestamps come back from pg as Date; we write them as Date or leave them to defaults. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** numeric columns come back from pg as strings; repositories convert with Number(). */
type Numeric = ColumnType<string, number | string, number | string>;

/** Per-field merge of offline edits (migration 0011, ADR 0002; src/server/sync/record-merge.ts). */
export interface MergeColumns {
  version: ColumnType<number, number | undefined, number>;
  field_clock: ColumnType<unknown, string | undefined, string>;
  conflicts: ColumnType<unknown, string | undefined, string>;
}

/** Every field change of a merged record, accepted or lost (migration 0011). */
export interface RecordHistoryTable {
  id: Generated<string>;
  table_name: string;
  record_id: string;
  version: number;
  field: string;
  old_value: unknown;
  new_value: unknown;
  lost: boolean;
  changed_by: string | null;
  device_id: string | null;
  edited_at: Timestamp;
  received_at: Generated<Date>;
}

export interface UsersTable {
  id: string;
  username: string;
  email: string | null;
  phone: string | null;
  city: string | null;
  photo: string | null;
  password_hash: string | null;
  email_verified_at: NullableTimestamp;
  is_system_admin: Generated<boolean>;
  language: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: Timestamp;
  last_used_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  user_agent: string | null;
}

export interface OneTimeCodesTable {
  id: string;
  user_id: string;
  channel: string;
  code_hash: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  attempts: Generated<number>;
  created_at: Timestamp;
}

export interface UsedLinksTable {
  signature_hash: string;
  used_at: Timestamp;
}

export interface DevOutboxTable {
  id: string;
  channel: string;
  recipient: string;
  subject: string;
  body: string;
  created_at: Timestamp;
}

export interface FarmsTable extends MergeColumns {
  id: string;
  name: string;
  status: Generated<number>;
  is_hide_finance: Generated<boolean>;
  /** The one farm `npm run demo` loads, open read-only to every user (migration 0018). */
  is_demo: Generated<boolean>;
  created_by: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface BlocksTable extends MergeColumns {
  id: string;
  farm_id: string;
  block_name: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface PondsTable extends MergeColumns {
  id: string;
  farm_id: string;
  block_id: string;
  name: string;
  area: Numeric;
  status: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface RolesTable {
  id: number;
  name: string;
}

export interface FarmPermissionsTable {
  farm_id: string;
  role_id: number;
  feature_name: string;
  action: number;
  updated_at: Timestamp;
}

export interface UserFarmsTable {
  id: string;
  farm_id: string;
  user_id: string;
  role_id: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface UserFarmPondsTable {
  user_farm_id: string;
  pond_id: string;
  farm_id: string;
  access_level: number;
}

export interface IdempotencyKeysTable {
  user_id: string;
  key: string;
  status_code: number;
  body: unknown;
  created_at: Timestamp;
}

/**
 * A calendar date (pg `date`). Repositories select it as `::text` (YYYY-MM-DD): pg would
 * otherwise parse it into a Date at local midnight, which time zones can shift.
 */
type CalendarDate = ColumnType<string, string, string>;
/** A measured value; NULL means not measured (the API's -99). */
type Measured = ColumnType<string | null, number | null | undefined, number | null>;
type MeasuredOption = ColumnType<number | null, number | null | undefined, number | null>;

export interface CyclesTable extends MergeColumns {
  id: string;
  farm_id: string;
  pond_id: string;
  cycle_number: number;
  start_date: CalendarDate;
  end_date: ColumnType<string | null, string | null | undefined, string | null>;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

/** A stocking of a pond within a cycle (migration 0012). */
export interface StocksTable extends MergeColumns {
  id: string;
  farm_id: string;
  pond_id: string;
  cycle_id: string;
  stock_date: CalendarDate;
  seed_net: number;
  seed_actual: number;
  seed_source: string | null;
  pl_age: number | null;
  bags: number | null;
  seed_photo: string | null;
  is_harvest: ColumnType<boolean, boolean | undefined, boolean>;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

/** One growth sample of one pond on one day (migration 0012); weight in grams. */
export interface SamplingsTable extends MergeColumns {
  id: string;
  farm_id: string;
  pond_id: string;
  cycle_id: string;
  sampled_on: CalendarDate;
  shrimp_count: number;
  sample_weight: Numeric;
  hollow: ColumnType<number, number | undefined, number>;
  molting: ColumnType<number, number | undefined, number>;
  pale: ColumnType<number, number | undefined, number>;
  undersize: ColumnType<number, number | undefined, number>;
  red_leg: ColumnType<number, number | undefined, number>;
  red_tail: ColumnType<number, number | undefined, number>;
  note: string | null;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

/** A harvest of a stocking (migration 0013); money integer rupiah (BIGINT, read as string). */
export interface HarvestsTable extends MergeColumns {
  id: string;
  farm_id: string;
  pond_id: string;
  cycle_id: string;
  stock_id: string;
  harvested_on: CalendarDate;
  type: string;
  weight_kg: Numeric;
  size: Numeric;
  price_per_kg: ColumnType<string, number | string, number | string>;
  revenue: ColumnType<string, number | string, number | string>;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

/** Dead shrimp of a stocking on one day (migration 0013). */
export interface DeathsTable extends MergeColumns {
  id: string;
  farm_id: string;
  pond_id: string;
  cycle_id: string;
  stock_id: string;
  died_on: CalendarDate;
  count: number;
  total_weight_kg: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

/** Columns every water-reading table shares (migration 0002). */
export interface WaterReadingColumns extends MergeColumns {
  id: string;
  farm_id: string;
  pond_id: string;
  cycle_id: string | null;
  measured_at: Timestamp;
  utc_offset: number;
  time_of_day: string;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
  /** "Keep both" said for this reading's slot (migration 0036, ADR 0063). */
  slot_kept_at: NullableTimestamp;
}

export interface WaterGeneralTable extends WaterReadingColumns {
  ph: Measured;
  do: Measured;
  temperature: Measured;
  turbidity: Measured;
  water_height: Measured;
  salinity: Measured;
  oxygen: Measured;
  orp: Measured;
  color: MeasuredOption;
  weather: MeasuredOption;
}

export interface WaterChemicalTable extends WaterReadingColumns {
  tom: Measured;
  alkalinity: Measured;
  po4: Measured;
  no3: Measured;
  no2: Measured;
  nh4: Measured;
  nh3: Measured;
  tan: Measured;
  co3: Measured;
  hco3: Measured;
  ca: Measured;
  mg: Measured;
  hard: Measured;
}

export interface WaterBiologicalTable extends WaterReadingColumns {
  tbc: Measured;
  tvc: Measured;
  yvc: Measured;
  gvc: Measured;
  bvc: Measured;
  lvc: Measured;
  tbc_tvc: Measured;
  bga: Measured;
  ga: Measured;
  gga: Measured;
  dino: Measured;
  pro: Measured;
  eug: Measured;
  plankton: Measured;
}

export interface WaterSettingsTable {
  id: string;
  farm_id: string;
  parameter: string;
  /** 'all' or a time of day (migration 0024). */
  slot: Generated<string>;
  min: ColumnType<string | null, number | null, number | null>;
  max: ColumnType<string | null, number | null, number | null>;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

/** Chat engine tables (migration 0003, src/server/chat/README.md). */
export interface ChatUsersTable {
  uid: string;
  name: string;
  avatar: string | null;
  last_active_at: NullableTimestamp;
  created_at: Generated<Date>;
}

export interface ChatPresenceTable {
  uid: string;
  instance_id: string;
  connected_at: Generated<Date>;
}

export interface ChatGroupsTable {
  guid: string;
  name: string;
  type: string;
  password_hash: string | null;
  icon: string | null;
  owner: string;
  farm_id: string | null;
  created_at: Generated<Date>;
}

export interface ChatGroupMembersTable {
  guid: string;
  uid: string;
  scope: string;
  joined_at: Generated<Date>;
}

export interface ChatGroupBansTable {
  guid: string;
  uid: string;
  scope: string;
  banned_by: string;
  banned_at: Generated<Date>;
}

export interface ChatBlocksTable {
  blocker: string;
  blocked: string;
  created_at: Generated<Date>;
}

export interface ChatMessagesTable {
  id: string;
  client_id: string;
  conversation_id: string;
  sender: string;
  receiver_type: string;
  receiver_id: string;
  category: string;
  type: string;
  text: string | null;
  data: ColumnType<Record<string, unknown>, string | undefined, string>;
  parent_id: string | null;
  reply_count: Generated<number>;
  sent_at: Generated<Date>;
  edited_at: NullableTimestamp;
  deleted_at: NullableTimestamp;
}

export interface ChatReceiptsTable {
  message_id: string;
  uid: string;
  delivered_at: NullableTimestamp;
  read_at: NullableTimestamp;
}

export interface ChatReactionsTable {
  message_id: string;
  uid: string;
  emoji: string;
  created_at: Generated<Date>;
}

export interface ChatPollVotesTable {
  message_id: string;
  uid: string;
  option: number;
  voted_at: Generated<Date>;
}

export interface ChatConversationsTable {
  owner: string;
  conversation_id: string;
  conversation_type: string;
  conversation_with: string;
  unread_count: Generated<number>;
  last_message_id: string | null;
  updated_at: Generated<Date>;
}

export interface PushVapidKeysTable {
  id: number;
  public_key: string;
  private_key: string;
  created_at: Generated<Date>;
}

export interface PushSubscriptionsTable {
  endpoint: string;
  user_id: string;
  p256dh: string;
  auth: string;
  created_at: Generated<Date>;
  last_sent_at: Date | null;
}

export interface ChatEventsTable {
  id: Generated<string>;
  type: string;
  recipients: string[];
  payload: ColumnType<unknown, string, string>;
  created_at: Generated<Date>;
}

/** Uploaded files; the id is the random capability in the file's URL (migration 0007). */
export interface UploadsTable {
  id: string;
  uploaded_by: string;
  name: string;
  mime_type: string;
  size: number;
  sha256: string;
  created_at: Timestamp;
}

/** A photo of a production record (migration 0014); the id comes from the device. */
export interface RecordPhotosTable {
  id: string;
  farm_id: string;
  pond_id: string | null;
  record_type: string;
  record_id: string;
  upload_id: string;
  mime_type: string;
  width: number | null;
  height: number | null;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  one_time_codes: OneTimeCodesTable;
  used_links: UsedLinksTable;
  dev_outbox: DevOutboxTable;
  farms: FarmsTable;
  blocks: BlocksTable;
  ponds: PondsTable;
  roles: RolesTable;
  farm_permissions: FarmPermissionsTable;
  user_farms: UserFarmsTable;
  user_farm_ponds: UserFarmPondsTable;
  idempotency_keys: IdempotencyKeysTable;
  record_history: RecordHistoryTable;
  cycles: CyclesTable;
  stocks: StocksTable;
  samplings: SamplingsTable;
  water_general: WaterGeneralTable;
  water_chemical: WaterChemicalTable;
  water_biological: WaterBiologicalTable;
  water_settings: WaterSettingsTable;
  chat_users: ChatUsersTable;
  chat_presence: ChatPresenceTable;
  push_vapid_keys: PushVapidKeysTable;
  push_subscriptions: PushSubscriptionsTable;
  chat_groups: ChatGroupsTable;
  chat_group_members: ChatGroupMembersTable;
  chat_group_bans: ChatGroupBansTable;
  chat_blocks: ChatBlocksTable;
  chat_messages: ChatMessagesTable;
  chat_receipts: ChatReceiptsTable;
  chat_reactions: ChatReactionsTable;
  chat_poll_votes: ChatPollVotesTable;
  chat_conversations: ChatConversationsTable;
  chat_events: ChatEventsTable;
  uploads: UploadsTable;
  record_photos: RecordPhotosTable;
  harvests: HarvestsTable;
  deaths: DeathsTable;
  warehouse_products: WarehouseProductsTable;
  warehouse_items: WarehouseItemsTable;
  warehouse_movements: WarehouseMovementsTable;
  feed_settings: FeedSettingsTable;
  feed_rates: FeedRatesTable;
  purchase_orders: PurchaseOrdersTable;
  purchase_order_items: PurchaseOrderItemsTable;
  anco_checks: AncoChecksTable;
  water_changes: WaterChangesTable;
  notes: NotesTable;
  disease_records: DiseaseRecordsTable;
  notifications: NotificationsTable;
  notification_settings: NotificationSettingsTable;
  farm_alert_settings: FarmAlertSettingsTable;
  attention_settings: AttentionSettingsTable;
  fcm_tokens: FcmTokensTable;
  finance_accounts: FinanceAccountsTable;
  finance_categories: FinanceCategoriesTable;
  finance_transactions: FinanceTransactionsTable;
  larvae_counts: LarvaeCountsTable;
  comparison_templates: ComparisonTemplatesTable;
  farm_prices: FarmPricesTable;
  forecast_settings: ForecastSettingsTable;
  reports: ReportsTable;
  embed_tokens: EmbedTokensTable;
  probe_devices: ProbeDevicesTable;
  probe_readings: ProbeReadingsTable;
  probe_alerts: ProbeAlertsTable;
  error_groups: ErrorGroupsTable;
  error_events: ErrorEventsTable;
  error_sessions: ErrorSessionsTable;
  error_settings: ErrorSettingsTable;
}

/** Warehouse catalogue (migration 0016); farm_id NULL = the starter set. */
export interface WarehouseProductsTable {
  id: string;
  farm_id: string | null;
  category_id: number;
  name_id: string;
  name_en: string;
  unit: string;
  created_by: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

/** A farm's stock of one product (migration 0016); qty = sum of its live movements. */
export interface WarehouseItemsTable extends MergeColumns {
  id: string;
  farm_id: string;
  product_id: string;
  qty: ColumnType<string, string | undefined, string>;
  unit: string;
  minimum_stock: ColumnType<string, string | undefined, string>;
  price: ColumnType<string, number | string | undefined, number | string>;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

/** Restock, removal or use of a warehouse item (migration 0016); money in rupiah. */
export interface WarehouseMovementsTable extends MergeColumns {
  id: string;
  farm_id: string;
  warehouse_id: string;
  kind: string;
  qty: ColumnType<string, string, string>;
  unit_price: ColumnType<string, number | string, number | string>;
  value: ColumnType<string, number | string, number | string>;
  pond_id: string | null;
  cycle_id: string | null;
  used_on: CalendarDate;
  time: string | null;
  note: string | null;
  purchase_order_id: string | null;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface FeedSettingsTable {
  farm_id: string;
  blind_until_doc: number;
  blind_start_kg: Numeric;
  feed_index: Numeric;
  feedings_per_day: number;
  anco_empty_pct: Numeric;
  anco_little_pct: Numeric;
  anco_lot_pct: Numeric;
  sampling_every_days: Generated<number>;
  updated_at: Timestamp;
}

export interface FeedRatesTable {
  farm_id: string;
  abw: Numeric;
  fr: Numeric;
}

export interface PurchaseOrdersTable {
  id: string;
  farm_id: string;
  supplier_name: string;
  supplier_phone: string;
  note: string | null;
  status: ColumnType<string, string | undefined, string>;
  sent_via: string | null;
  sent_at: NullableTimestamp;
  received_at: NullableTimestamp;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface PurchaseOrderItemsTable {
  order_id: string;
  position: number;
  product_id: string;
  qty: ColumnType<string, string, string>;
  unit: string;
  price: ColumnType<string | null, number | null | undefined, number | null>;
}

/** Columns the pond records of migration 0015 share (src/server/modules/records). */
export interface PondRecordColumns extends MergeColumns {
  id: string;
  farm_id: string;
  pond_id: string;
  cycle_id: string;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

/** One feeding's feed-tray check of a pond (migration 0015); `data_anco` is `[{ tray, status }]`. */
export interface AncoChecksTable extends PondRecordColumns {
  check_date: CalendarDate;
  feeding_time: number;
  checked_at: string;
  data_anco: ColumnType<unknown, string, string>;
  note: string | null;
}

/** A water change of a pond (migration 0015). */
export interface WaterChangesTable extends PondRecordColumns {
  change_date: CalendarDate;
  change_time: string | null;
  percent: ColumnType<string | null, number | null | undefined, number | null>;
  height_cm: ColumnType<string | null, number | null | undefined, number | null>;
  /** m³: the pond's area × the height; set by the database (migration 0039). */
  total_water_m3: ColumnType<string | null, never, never>;
  note: string | null;
}

/** A farm's note, optionally about one pond (migration 0015). */
export interface NotesTable extends Omit<PondRecordColumns, 'pond_id' | 'cycle_id'> {
  pond_id: string | null;
  cycle_id: string | null;
  note_date: CalendarDate;
  title: string;
  tags: ColumnType<unknown, string | undefined, string>;
  description: ColumnType<string, string | undefined, string>;
}

/** A disease seen in a pond (migration 0015); `master_disease_id` is of src/shared/domain/diseases.ts. */
export interface DiseaseRecordsTable extends PondRecordColumns {
  disease_date: CalendarDate;
  master_disease_id: number;
  severity: number | null;
  affected_percent: ColumnType<string | null, number | null | undefined, number | null>;
  note: string | null;
}

/** Farm alerts (migration 0019, src/server/modules/alerts). */
/** Values of an alert message (numbers stay numbers, worded by the reader's language). */
type AlertParams = Record<string, string | number>;

export interface NotificationsTable {
  id: string;
  user_id: string;
  farm_id: string | null;
  pond_id: string | null;
  kind: string;
  dedup_key: string;
  /** Worded when stored, in the recipient's language then: what rows before migration 0034 have. */
  title: string;
  body: string;
  /** The message key and values a reader's language words (src/shared/i18n/alert-messages.ts); null on old rows. */
  title_key: string | null;
  title_params: ColumnType<AlertParams | null, string | null, string | null>;
  body_key: string | null;
  body_params: ColumnType<AlertParams | null, string | null, string | null>;
  url: string;
  occurred_at: Timestamp;
  read_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface NotificationSettingsTable {
  user_id: string;
  push_kinds: string[];
  quiet_from: string | null;
  quiet_to: string | null;
  updated_at: Timestamp;
}

export interface FarmAlertSettingsTable {
  farm_id: string;
  death_threshold: number | null;
  updated_at: Timestamp;
}

export interface FcmTokensTable {
  token: string;
  user_id: string;
  created_at: Generated<Date>;
}

/** Finance (migration 0017, ADR 0017): money in BIGINT, read back as text (pg int8). */
export interface FinanceAccountsTable extends MergeColumns {
  id: string;
  farm_id: string;
  name: string;
  start_date: ColumnType<string, string, string>;
  end_date: ColumnType<string | null, string | null | undefined, string | null>;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface FinanceCategoriesTable extends MergeColumns {
  id: string;
  farm_id: string | null;
  builtin_key: string | null;
  type: string;
  icon: string;
  name: string;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface FinanceTransactionsTable extends MergeColumns {
  id: string;
  farm_id: string;
  account_id: string;
  category_id: string;
  type: string;
  method: string;
  nominal: ColumnType<string, string | number | bigint, string | number | bigint>;
  transaction_date: ColumnType<string, string, string>;
  note: Generated<string>;
  photos: ColumnType<unknown, string | undefined, string>;
  source_type: string | null;
  source_id: string | null;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

/** A larvae count from a photo (migration 0020, issue 19); marks are [x, y] pairs. */
export interface LarvaeCountsTable {
  id: string;
  farm_id: string;
  upload_id: string;
  hatch_color: 'bright' | 'dark';
  status: Generated<'queued' | 'running' | 'done' | 'failed'>;
  progress: Generated<number>;
  count: number | null;
  lower: number | null;
  upper: number | null;
  marks: ColumnType<[number, number][] | null, string | null, string | null>;
  problem: string | null;
  width: number | null;
  height: number | null;
  created_by: string;
  created_at: Timestamp;
  finished_at: NullableTimestamp;
}

/** A farm's price per kg by size class from a day (migration 0040, ADR 0072). */
export interface FarmPricesTable {
  id: string;
  farm_id: string;
  valid_from: ColumnType<string, string, string>;
  size: number;
  price_per_kg: ColumnType<string, number, number>;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

/** A farm's forecast target sizes (migration 0040); no row: the defaults. */
export interface ForecastSettingsTable {
  farm_id: string;
  target_sizes: ColumnType<number[], number[], number[]>;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A person's saved comparison of one farm (migration 0022); `fields` is `[{ pond_id, metric }]`. */
export interface ComparisonTemplatesTable extends MergeColumns {
  id: string;
  farm_id: string;
  user_id: string;
  name: string;
  type: number;
  fields: ColumnType<unknown, string, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

/** A farm report and its files (migration 0021, issue 17 point 6). */
export interface ReportsTable {
  id: string;
  farm_id: string;
  user_id: string;
  language: 'id' | 'en';
  params: ColumnType<unknown, string, string>;
  status: Generated<'queued' | 'running' | 'done' | 'failed'>;
  progress: Generated<number>;
  error: string | null;
  pdf: Buffer | null;
  xlsx: Buffer | null;
  created_at: Generated<Date>;
  finished_at: NullableTimestamp;
}

/** An embed link's token (migration 0035, ADR 0062): only its hash is stored. */
export interface EmbedTokensTable {
  id: string;
  farm_id: string;
  screens: string[];
  label: string | null;
  token_hash: string;
  created_by: string;
  created_at: Generated<Date>;
  expires_at: Date;
  revoked_at: Date | null;
  revoked_by: string | null;
  last_used_at: Date | null;
}

/** The attention board's thresholds of a farm (migration 0024): `AttentionThresholds` as jsonb. */
export interface AttentionSettingsTable {
  farm_id: string;
  thresholds: ColumnType<unknown, string, string>;
  updated_by: string | null;
  updated_at: Generated<Date>;
}

/** A farm's water-quality probe (migration 0037, ADR 0066): only its key's hash is stored. */
export interface ProbeDevicesTable {
  id: string;
  farm_id: string;
  pond_id: string;
  name: string;
  parameters: string[];
  units: ColumnType<Record<string, string>, string, string>;
  key_hash: string;
  created_by: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  key_rotated_at: Date | null;
  revoked_at: Date | null;
  last_message_at: Date | null;
  battery: number | null;
  signal: number | null;
}

/** One probe reading in the stored unit (migration 0037); key (device_id, parameter, measured_at). */
export interface ProbeReadingsTable {
  device_id: string;
  farm_id: string;
  pond_id: string;
  parameter: string;
  value: number;
  measured_at: Date;
  received_at: Generated<Date>;
}

/** A pond parameter's probe alert episode (migration 0037): open while cleared_at is null. */
export interface ProbeAlertsTable {
  id: string;
  farm_id: string;
  pond_id: string;
  parameter: string;
  direction: 'low' | 'high';
  limit: number;
  worst: number;
  started_at: Date;
  raised_at: Date | null;
  cleared_at: Date | null;
  last_at: Date;
}

/** Error groups by fingerprint (migration 0038, ADR 0067); `frames` are the mapped top frames. */
export interface ErrorGroupsTable {
  fingerprint: string;
  kind: string;
  name: string;
  message: string;
  frames: ColumnType<unknown, string, string>;
  /** bigint: pg answers a string. */
  count: ColumnType<string, number, number>;
  first_seen: Timestamp;
  last_seen: Timestamp;
  last_release: string;
  last_route: string;
  last_user_agent: string;
}

/** One group seen on one device in one release (migration 0038). */
export interface ErrorEventsTable {
  fingerprint: string;
  release: string;
  device_id: string;
  route: string;
  user_agent: string;
  count: ColumnType<string, number, number>;
  first_seen: Timestamp;
  last_seen: Timestamp;
}

/** App starts of sampled sessions, `errored` once one sent an error (migration 0038). */
export interface ErrorSessionsTable {
  session_id: string;
  device_id: string;
  release: string;
  started_at: Timestamp;
  errored: ColumnType<boolean, boolean | undefined, boolean>;
}

/** The one row of error-tracing settings (migration 0038). */
export interface ErrorSettingsTable {
  id: ColumnType<number, number | undefined, number>;
  sample_rate: number;
  updated_by: string | null;
  updated_at: Timestamp;
}
