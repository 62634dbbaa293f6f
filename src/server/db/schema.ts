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
  larvae_counts: LarvaeCountsTable;
}
