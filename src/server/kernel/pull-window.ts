import { type SqlBool, sql } from 'kysely';
import type { DbOrTx } from '../db/database.ts';

/**
 * Offline pulls (`GET …?since=`) compare `updated_at` with the previous answer's
 * `server_time`. A row written by a transaction that started before that read but
 * committed after it carries an `updated_at` older than `server_time`, so a strict
 * comparison would lose it forever. Reading this much further back closes that gap;
 * the cost is that a row may arrive twice, which the mirror applies as an upsert.
 */
export const PULL_OVERLAP_MS = 10_000;

/** The instant a `since` pull reads changes after (since minus the overlap). */
export function changedAfter(since: string): Date {
  return new Date(Date.parse(since) - PULL_OVERLAP_MS);
}

/**
 * A first pull's `live=true` (ADR 0086): the row's cycle is still running. For lists whose
 * table has `cycle_id`; the rest of the history follows in a second pull.
 */
export const inLiveCycle = sql<SqlBool>`cycle_id in (select id from cycles where end_date is null and deleted_at is null)`;

/**
 * The database clock, which also stamps `updated_at` (`now()`), so app servers with
 * skewed clocks cannot make a pull skip rows. Read it before the rows.
 */
export class ServerClock {
  constructor(private readonly db: DbOrTx) {}

  async now(): Promise<string> {
    const row = await sql<{ now: Date }>`select now() as now`.execute(this.db);
    return row.rows[0].now.toISOString();
  }
}
