import type { Migration } from 'kysely/migration';
import * as m0001 from './0001_accounts_and_farms.ts';
import * as m0002 from './0002_cycles_and_water.ts';
import * as m0003 from './0003_chat.ts';
import * as m0006 from './0006_push.ts';
import * as m0007 from './0007_uploads.ts';
import * as m0008 from './0008_access_notify.ts';
import * as m0011 from './0011_field_merge.ts';
import * as m0012 from './0012_stocks_and_sampling.ts';
import * as m0013 from './0013_harvests_and_deaths.ts';
import * as m0014 from './0014_record_photos.ts';
import * as m0015 from './0015_pond_records.ts';
import * as m0016 from './0016_warehouse.ts';
import * as m0017 from './0017_finance.ts';
import * as m0018 from './0018_demo_farm.ts';
import * as m0019 from './0019_alerts.ts';
import * as m0020 from './0020_larvae_counts.ts';
import * as m0021 from './0021_reports.ts';
import * as m0022 from './0022_comparison_templates.ts';
import * as m0023 from './0023_sampling_interval.ts';
import * as m0024 from './0024_slot_standards_and_attention.ts';
import * as m0034 from './0034_notification_messages.ts';
import * as m0035 from './0035_embed_tokens.ts';
import * as m0036 from './0036_same_slot_kept.ts';
import * as m0037 from './0037_probes.ts';
import * as m0038 from './0038_error_events.ts';
import * as m0039 from './0039_water_change_total.ts';
import * as m0040 from './0040_farm_prices.ts';
import * as m0041 from './0041_farm_scale_indexes.ts';
import * as m0042 from './0042_feed_by_cycle_index.ts';
import * as m0043 from './0043_natural_name_collation.ts';
import * as m0044 from './0044_reading_pond_farm_key.ts';
import * as m0045 from './0045_reading_references_per_statement.ts';
import * as m0046 from './0046_pond_placement_notify.ts';

/**
 * Forward-only, numbered migrations. Add a file `NNNN_what.ts` exporting `up` and list it
 * here; never edit one that has shipped. There are no `down` steps: a bad migration is
 * fixed by the next one.
 */
export const migrations: Record<string, Migration> = {
  '0001_accounts_and_farms': m0001,
  '0002_cycles_and_water': m0002,
  '0003_chat': m0003,
  '0006_push': m0006,
  '0007_uploads': m0007,
  '0008_access_notify': m0008,
  '0011_field_merge': m0011,
  '0012_stocks_and_sampling': m0012,
  '0013_harvests_and_deaths': m0013,
  '0014_record_photos': m0014,
  '0015_pond_records': m0015,
  '0016_warehouse': m0016,
  '0017_finance': m0017,
  '0018_demo_farm': m0018,
  '0019_alerts': m0019,
  '0020_larvae_counts': m0020,
  '0021_reports': m0021,
  '0022_comparison_templates': m0022,
  '0023_sampling_interval': m0023,
  '0024_slot_standards_and_attention': m0024,
  '0034_notification_messages': m0034,
  '0035_embed_tokens': m0035,
  '0036_same_slot_kept': m0036,
  '0037_probes': m0037,
  '0038_error_events': m0038,
  '0039_water_change_total': m0039,
  '0040_farm_prices': m0040,
  '0041_farm_scale_indexes': m0041,
  '0042_feed_by_cycle_index': m0042,
  '0043_natural_name_collation': m0043,
  '0044_reading_pond_farm_key': m0044,
  '0045_reading_references_per_statement': m0045,
  '0046_pond_placement_notify': m0046,
};
