import { type QueryCreator, sql } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

export interface ProbeReadingInsert {
  device_id: string;
  farm_id: string;
  pond_id: string;
  parameter: string;
  value: number;
  measured_at: Date;
}

export interface ProbePoint {
  parameter: string;
  value: number;
  measured_at: Date;
}

/** Probe readings (migration 0037): Kysely only. */
export class ProbeReadingRepository {
  constructor(private readonly db: DbOrTx) {}

  /**
   * Stores the readings not stored yet and marks the device's last message (battery and
   * signal when sent) in ONE statement (a data-modifying CTE): one round trip a message,
   * not two. The key (device, parameter, measured_at) makes a redelivered message or a
   * retried POST store nothing twice. Answers the rows stored.
   */
  async store(
    device: { id: string; battery?: number; signal?: number },
    rows: ProbeReadingInsert[],
  ): Promise<ProbePoint[]> {
    const touch = (db: QueryCreator<Database>) =>
      db
        .updateTable('probe_devices')
        .set({
          last_message_at: sql`now()` as never,
          ...(device.battery !== undefined ? { battery: device.battery } : {}),
          ...(device.signal !== undefined ? { signal: device.signal } : {}),
        })
        .where('id', '=', device.id);
    if (rows.length === 0) {
      await touch(this.db).execute();
      return [];
    }
    return this.db
      .with('stored', (db) =>
        db
          .insertInto('probe_readings')
          .values(rows)
          .onConflict((oc) => oc.columns(['device_id', 'parameter', 'measured_at']).doNothing())
          .returning(['parameter', 'value', 'measured_at']),
      )
      .with('touched', (db) => touch(db).returning('id'))
      .selectFrom('stored')
      .select(['parameter', 'value', 'measured_at'])
      .execute();
  }

  /** A pond's readings of a range, oldest first. */
  range(pondId: string, from: Date, to: Date, limit = 50_000): Promise<ProbePoint[]> {
    return this.db
      .selectFrom('probe_readings')
      .select(['parameter', 'value', 'measured_at'])
      .where('pond_id', '=', pondId)
      .where('measured_at', '>=', from)
      .where('measured_at', '<=', to)
      .orderBy('measured_at')
      .limit(limit)
      .execute();
  }

  async count(deviceId: string): Promise<number> {
    const row = await this.db
      .selectFrom('probe_readings')
      .select(sql<string>`count(*)`.as('n'))
      .where('device_id', '=', deviceId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
