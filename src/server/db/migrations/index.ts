import type { Migration } from 'kysely/migration';
import * as m0001 from './0001_accounts_and_farms.ts';
import * as m0002 from './0002_cycles_and_water.ts';
import * as m0003 from './0003_chat.ts';
import * as m0006 from './0006_push.ts';
import * as m0007 from './0007_uploads.ts';
import * as m0008 from './0008_access_notify.ts';
import * as m0011 from './0011_field_merge.ts';
import * as m0012 from './0012_stocks_and_sampling.ts';
import * as m0018 from './0018_demo_farm.ts';
import * as m0020 from './0020_larvae_counts.ts';

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
  '0018_demo_farm': m0018,
  '0020_larvae_counts': m0020,
};
