import { sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { Db, DbOrTx } from '../../db/database.ts';
import { softDeleted } from '../../kernel/soft-delete.ts';

/** Kysely reads and writes of a farm's price list (`farm_prices`) and target sizes (`forecast_settings`). */
export class FarmPriceRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (tx: DbOrTx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  /** The farm's live prices, every valid-from day, oldest day first then by size. */
  prices(farmId: string, db: DbOrTx = this.db) {
    return db
      .selectFrom('farm_prices')
      .select([
        'id as price_id',
        'farm_id',
        sql<string>`valid_from::text`.as('valid_from'),
        'size',
        'price_per_kg',
        'updated_at',
      ])
      .where('farm_id', '=', farmId)
      .where('deleted_at', 'is', null)
      .orderBy('valid_from')
      .orderBy('size')
      .execute();
  }

  /** The list of one day replaced by `prices`: sizes left out are soft-deleted, the others upserted. */
  async replaceDay(
    farmId: string,
    validFrom: string,
    userId: string,
    prices: readonly { price_id?: string; size: number; price_per_kg: number }[],
    db: DbOrTx = this.db,
  ) {
    const sizes = prices.map((p) => p.size);
    let gone = db
      .updateTable('farm_prices')
      .set(softDeleted())
      .where('farm_id', '=', farmId)
      .where('valid_from', '=', validFrom)
      .where('deleted_at', 'is', null);
    if (sizes.length > 0) gone = gone.where('size', 'not in', sizes);
    await gone.execute();
    if (prices.length === 0) return;
    // A device's id already taken (this row again, or any other) is not reused: the row keeps its own.
    const given = prices.flatMap((p) => (p.price_id ? [p.price_id] : []));
    const taken = new Set(
      given.length === 0
        ? []
        : (await db.selectFrom('farm_prices').select('id').where('id', 'in', given).execute()).map(
            (r) => r.id,
          ),
    );
    await db
      .insertInto('farm_prices')
      .values(
        prices.map((p) => ({
          id: p.price_id && !taken.has(p.price_id) ? p.price_id : uuidv7(),
          farm_id: farmId,
          valid_from: validFrom,
          size: p.size,
          price_per_kg: p.price_per_kg,
          created_by: userId,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['farm_id', 'valid_from', 'size']).doUpdateSet({
          price_per_kg: (eb) => eb.ref('excluded.price_per_kg'),
          deleted_at: null,
          updated_at: sql`now()`,
        }),
      )
      .execute();
  }

  targetSizes(farmId: string, db: DbOrTx = this.db) {
    return db
      .selectFrom('forecast_settings')
      .select('target_sizes')
      .where('farm_id', '=', farmId)
      .executeTakeFirst();
  }

  saveTargetSizes(farmId: string, userId: string, sizes: number[], db: DbOrTx = this.db) {
    return db
      .insertInto('forecast_settings')
      .values({ farm_id: farmId, target_sizes: sizes, created_by: userId })
      .onConflict((oc) => oc.column('farm_id').doUpdateSet({ target_sizes: sizes, updated_at: sql`now()` }))
      .execute();
  }

  /** The last sampling of each running stocking of the farm (weight and count: its ABW). */
  lastSamplings(farmId: string, db: DbOrTx = this.db) {
    return db
      .selectFrom('samplings as x')
      .innerJoin('stocks as s', 's.cycle_id', 'x.cycle_id')
      .distinctOn('x.cycle_id')
      .select(['x.cycle_id', 'x.sample_weight', 'x.shrimp_count'])
      .where('s.farm_id', '=', farmId)
      .where('s.is_harvest', '=', false)
      .where('s.deleted_at', 'is', null)
      .where('x.deleted_at', 'is', null)
      .orderBy('x.cycle_id')
      .orderBy('x.sampled_on', 'desc')
      .execute();
  }
}
