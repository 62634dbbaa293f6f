import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import { jsonList, recordTailJson } from '../../kernel/json-list.ts';
import { softDeleted } from '../../kernel/soft-delete.ts';

export interface MovementRow {
  id: string;
  farm_id: string;
  warehouse_id: string;
  kind: string;
  qty: string;
  unit_price: string;
  value: string;
  pond_id: string | null;
  cycle_id: string | null;
  used_on: string;
  time: string | null;
  note: string | null;
  purchase_order_id: string | null;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
  version: number;
  conflicts: unknown;
}

export interface MovementInsert {
  id: string;
  farm_id: string;
  warehouse_id: string;
  kind: 'store' | 'remove' | 'use';
  /** Decimal string, 3 decimals. */
  qty: string;
  unit_price: number;
  pond_id: string | null;
  cycle_id: string | null;
  used_on: string;
  time: string | null;
  note: string | null;
  purchase_order_id: string | null;
  created_by: string;
}

/** What a movement history is filtered by (`changedAfter`: an offline pull). */
export interface HistoryFilter {
  farmId: string;
  warehouseId?: string;
  kind?: string;
  pondId?: string;
  pondIds: string[] | null;
  from?: string;
  to?: string;
  changedAfter?: Date;
}

/** A movement's own fields; decimals as text (read into rows) or float8 (written as JSON). */
const movementFields = (decimal: 'text' | 'float8') =>
  [
    'm.id',
    'm.farm_id',
    'm.warehouse_id',
    'm.kind',
    sql<string>`m.qty::${sql.raw(decimal)}`.as('qty'),
    sql<string>`m.unit_price::${sql.raw(decimal)}`.as('unit_price'),
    sql<string>`m.value::${sql.raw(decimal)}`.as('value'),
    'm.pond_id',
    'm.cycle_id',
    sql<string>`m.used_on::text`.as('used_on'),
    'm.time',
    'm.note',
    'm.purchase_order_id',
    'm.created_by',
  ] as const;

/** Stock movements (restock, removal, use) and their history (Kysely only). */
export class WarehouseMovementRepository {
  constructor(private readonly db: DbOrTx) {}

  private movements(db: DbOrTx) {
    return db
      .selectFrom('warehouse_movements as m')
      .select([
        ...movementFields('text'),
        'm.created_at',
        'm.updated_at',
        'm.deleted_at',
        'm.version',
        'm.conflicts',
      ]);
  }

  findMovement(id: string, db: DbOrTx = this.db): Promise<MovementRow | undefined> {
    return this.movements(db).where('m.id', '=', id).executeTakeFirst() as Promise<MovementRow | undefined>;
  }

  findMovements(ids: string[], db: DbOrTx = this.db): Promise<MovementRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.movements(db).where('m.id', '=', sql<string>`any(${ids}::uuid[])`).execute() as Promise<
      MovementRow[]
    >;
  }

  /** The restocks a received purchase order made. */
  movementsOfOrder(orderId: string, db: DbOrTx = this.db): Promise<MovementRow[]> {
    return this.movements(db).where('m.purchase_order_id', '=', orderId).execute() as Promise<MovementRow[]>;
  }

  /** A farm's movement history as the answer's JSON array (the Movement contract), written by PostgreSQL. */
  historyJson(q: HistoryFilter, db: DbOrTx = this.db): Promise<string> {
    const query = db
      .selectFrom('warehouse_movements as m')
      .select([...movementFields('float8'), ...recordTailJson('m')]);
    let filtered = query.where('m.farm_id', '=', q.farmId);
    if (q.changedAfter) filtered = filtered.where('m.updated_at', '>', q.changedAfter);
    else filtered = filtered.where('m.deleted_at', 'is', null);
    if (q.warehouseId) filtered = filtered.where('m.warehouse_id', '=', q.warehouseId);
    if (q.kind) filtered = filtered.where('m.kind', '=', q.kind);
    if (q.pondId) filtered = filtered.where('m.pond_id', '=', q.pondId);
    if (q.pondIds) {
      const ponds = q.pondIds;
      // A restricted member sees stock movements and uses in their own ponds only.
      filtered = filtered.where((eb) =>
        eb.or([eb('m.pond_id', 'is', null), eb('m.pond_id', '=', sql<string>`any(${ponds}::uuid[])`)]),
      );
    }
    if (q.from) filtered = filtered.where('m.used_on', '>=', q.from);
    if (q.to) filtered = filtered.where('m.used_on', '<=', q.to);
    return jsonList(
      db,
      filtered.orderBy('m.used_on', 'desc').orderBy(sql`m.time desc nulls last`).orderBy('m.id', 'desc'),
    );
  }

  /** Inserts a movement valued in SQL (round(qty × price)); false when the id exists. */
  /** Inserts many movements in one statement; answers the ids that were new (a replayed id is skipped). */
  async insertMovements(ms: MovementInsert[], db: DbOrTx): Promise<Set<string>> {
    if (ms.length === 0) return new Set();
    const rows = sql.join(
      ms.map(
        (m) => sql`(${m.id}::uuid, ${m.farm_id}::uuid, ${m.warehouse_id}::uuid, ${m.kind}, ${m.qty}::numeric,
          ${m.unit_price}::bigint, round(${m.qty}::numeric * ${m.unit_price})::bigint, ${m.pond_id}::uuid,
          ${m.cycle_id}::uuid, ${m.used_on}::date, ${m.time}, ${m.note}, ${m.purchase_order_id}::uuid,
          ${m.created_by}::uuid)`,
      ),
    );
    const res = await sql<{ id: string }>`
      insert into warehouse_movements
        (id, farm_id, warehouse_id, kind, qty, unit_price, value, pond_id, cycle_id, used_on, time, note, purchase_order_id, created_by)
      values ${rows}
      on conflict (id) do nothing
      returning id`.execute(db);
    return new Set(res.rows.map((r) => r.id));
  }

  async insertMovement(m: MovementInsert, db: DbOrTx): Promise<boolean> {
    const res = await sql`
      insert into warehouse_movements
        (id, farm_id, warehouse_id, kind, qty, unit_price, value, pond_id, cycle_id, used_on, time, note, purchase_order_id, created_by)
      values (${m.id}, ${m.farm_id}, ${m.warehouse_id}, ${m.kind}, ${m.qty}::numeric, ${m.unit_price},
        round(${m.qty}::numeric * ${m.unit_price})::bigint, ${m.pond_id}, ${m.cycle_id}, ${m.used_on}::date,
        ${m.time}, ${m.note}, ${m.purchase_order_id}, ${m.created_by})
      on conflict (id) do nothing`.execute(db);
    return Number(res.numAffectedRows ?? 0) > 0;
  }

  async updateMovement(
    id: string,
    columns: {
      qty?: string;
      unit_price?: number;
      used_on?: string;
      time?: string | null;
      note?: string | null;
    },
    db: DbOrTx,
  ): Promise<void> {
    const set: Record<string, unknown> = { updated_at: sql`now()` };
    if (columns.qty !== undefined) set.qty = sql`${columns.qty}::numeric`;
    if (columns.unit_price !== undefined) set.unit_price = columns.unit_price;
    if (columns.used_on !== undefined) set.used_on = columns.used_on;
    if (columns.time !== undefined) set.time = columns.time;
    if (columns.note !== undefined) set.note = columns.note;
    await db.updateTable('warehouse_movements').set(set).where('id', '=', id).execute();
    await sql`update warehouse_movements set value = round(qty * unit_price)::bigint where id = ${id}`.execute(
      db,
    );
  }

  async softDeleteMovement(id: string, db: DbOrTx): Promise<boolean> {
    const res = await db
      .updateTable('warehouse_movements')
      .set(softDeleted())
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  /** Live ponds by id with their farm. */
  pondFarms(pondIds: string[], db: DbOrTx = this.db) {
    if (pondIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('ponds')
      .select(['id', 'farm_id'])
      .where('id', '=', sql<string>`any(${pondIds}::uuid[])`)
      .where('deleted_at', 'is', null)
      .execute();
  }
}
