import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';

export interface ProbeDeviceRow {
  id: string;
  farm_id: string;
  pond_id: string;
  pond_name: string;
  name: string;
  parameters: string[];
  units: Record<string, string>;
  created_at: Date;
  key_rotated_at: Date | null;
  revoked_at: Date | null;
  last_message_at: Date | null;
  battery: number | null;
  signal: number | null;
}

/** What ingestion needs of the device a key belongs to. */
export interface LiveProbeDevice {
  id: string;
  farm_id: string;
  pond_id: string;
  parameters: string[];
  units: Record<string, string>;
  revoked_at: Date | null;
}

/** Probe devices (migration 0037): Kysely only. */
export class ProbeDeviceRepository {
  constructor(private readonly db: DbOrTx) {}

  async insert(row: {
    id: string;
    farm_id: string;
    pond_id: string;
    name: string;
    parameters: string[];
    units: Record<string, string>;
    key_hash: string;
    created_by: string;
  }): Promise<void> {
    await this.db
      .insertInto('probe_devices')
      .values({
        ...row,
        parameters: sql<string[]>`${row.parameters}::text[]` as never,
        units: JSON.stringify(row.units),
      })
      .execute();
  }

  private rows() {
    return this.db
      .selectFrom('probe_devices as d')
      .innerJoin('ponds as p', 'p.id', 'd.pond_id')
      .select([
        'd.id',
        'd.farm_id',
        'd.pond_id',
        'p.name as pond_name',
        'd.name',
        'd.parameters',
        'd.units',
        'd.created_at',
        'd.key_rotated_at',
        'd.revoked_at',
        'd.last_message_at',
        'd.battery',
        'd.signal',
      ]);
  }

  one(id: string): Promise<ProbeDeviceRow | undefined> {
    return this.rows().where('d.id', '=', id).executeTakeFirst();
  }

  /** A farm's devices, newest first (a farm has tens, not thousands). */
  list(farmId: string): Promise<ProbeDeviceRow[]> {
    return this.rows().where('d.farm_id', '=', farmId).orderBy('d.created_at', 'desc').limit(500).execute();
  }

  async rotate(id: string, keyHash: string): Promise<void> {
    await this.db
      .updateTable('probe_devices')
      .set({ key_hash: keyHash, key_rotated_at: sql`now()` as never, updated_at: sql`now()` as never })
      .where('id', '=', id)
      .execute();
  }

  async revoke(id: string): Promise<void> {
    await this.db
      .updateTable('probe_devices')
      .set({ revoked_at: sql`now()` as never, updated_at: sql`now()` as never })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
  }

  byHash(hash: string): Promise<LiveProbeDevice | undefined> {
    return this.db
      .selectFrom('probe_devices')
      .select(['id', 'farm_id', 'pond_id', 'parameters', 'units', 'revoked_at'])
      .where('key_hash', '=', hash)
      .executeTakeFirst();
  }
}
