import { sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { TimeOfDay } from '#shared/domain/time-of-day';
import { asSlot } from '#shared/domain/water-standards';
import type { DbOrTx } from '../../db/database.ts';
import { softDeleted } from '../../kernel/soft-delete.ts';

export interface StoredSetting {
  id: string;
  farm_id: string;
  parameter: string;
  /** null: the all-day range (stored as 'all'). */
  slot: TimeOfDay | null;
  min: number | null;
  max: number | null;
}

const num = (v: string | null) => (v === null ? null : Number(v));

/** A farm's own water standards; a parameter without a live row uses the default. */
export class WaterSettingRepository {
  constructor(private readonly db: DbOrTx) {}

  async list(farmId: string, db: DbOrTx = this.db): Promise<StoredSetting[]> {
    const rows = await db
      .selectFrom('water_settings')
      .select(['id', 'farm_id', 'parameter', 'slot', 'min', 'max'])
      .where('farm_id', '=', farmId)
      .where('deleted_at', 'is', null)
      .orderBy('parameter')
      .orderBy('slot')
      .execute();
    return rows.map((r) => ({ ...r, slot: asSlot(r.slot), min: num(r.min), max: num(r.max) }));
  }

  /** Deleted ones too. */
  findById(id: string, db: DbOrTx = this.db) {
    return db
      .selectFrom('water_settings')
      .select(['id', 'farm_id', 'deleted_at'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** One statement for all ranges; a reset (deleted) one comes back to life. */
  save(
    farmId: string,
    userId: string,
    settings: { parameter: string; slot?: TimeOfDay | null; min: number | null; max: number | null }[],
    db: DbOrTx = this.db,
  ) {
    return db
      .insertInto('water_settings')
      .values(
        settings.map(({ slot, ...s }) => ({
          id: uuidv7(),
          farm_id: farmId,
          created_by: userId,
          ...s,
          slot: slot ?? 'all',
        })),
      )
      .onConflict((oc) =>
        oc.columns(['farm_id', 'parameter', 'slot']).doUpdateSet({
          min: (eb) => eb.ref('excluded.min'),
          max: (eb) => eb.ref('excluded.max'),
          deleted_at: null,
          updated_at: sql`now()`,
        }),
      )
      .execute();
  }

  softDelete(id: string, db: DbOrTx = this.db) {
    return db
      .updateTable('water_settings')
      .set(softDeleted())
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .execute();
  }
}
