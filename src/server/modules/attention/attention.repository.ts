import { sql } from 'kysely';
import type { AttentionThresholds } from '#shared/contracts/attention';
import { ANCO_STATUSES, type AncoStatus } from '#shared/domain/anco';
import type { BoardPond, StockFact, SyncFact, TrayFact, WaterFact } from '#shared/domain/attention';
import { DEFAULT_FEED_PROGRAMME } from '#shared/domain/feeding';
import type { ProbeAlertFact } from '#shared/domain/probe-attention';
import type { SameSlotFact } from '#shared/domain/same-slot';
import { WATER_KINDS } from '#shared/domain/water-fields';
import type { DbOrTx } from '../../db/database.ts';

const anyUuid = (ids: readonly string[]) => sql<string>`any(${ids}::uuid[])`;
/** A reading's farm day and wall time, by the offset it was taken at. */
const LOCAL = sql`((measured_at at time zone 'UTC') + utc_offset * interval '1 minute')`;
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export interface DeathDay {
  pond_id: string;
  day: string;
  count: number;
}

/**
 * The facts of a farm's today the attention board judges, one set-based query a kind
 * whatever the number of ponds (bench: tests/bench/attention.bench.ts).
 */
export class AttentionRepository {
  constructor(private readonly db: DbOrTx) {}

  /** Ponds with a running cycle (no end date), with their names. */
  activePonds(farmId: string): Promise<BoardPond[]> {
    return this.db
      .selectFrom('cycles as c')
      .innerJoin('ponds as p', 'p.id', 'c.pond_id')
      .select(['p.id', 'p.name'])
      .distinct()
      .where('c.farm_id', '=', farmId)
      .where('c.end_date', 'is', null)
      .where('c.deleted_at', 'is', null)
      .where('p.deleted_at', 'is', null)
      .orderBy('p.name')
      .execute();
  }

  /** General readings (pH, DO, slot) of these ponds from the start of `fromDay` on. */
  async water(pondIds: readonly string[], from: Date): Promise<WaterFact[]> {
    if (pondIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('water_general')
      .select([
        'pond_id',
        'time_of_day',
        'ph',
        'do',
        sql<string>`to_char(${LOCAL}, 'YYYY-MM-DD')`.as('day'),
        sql<string>`to_char(${LOCAL}, 'HH24:MI')`.as('time'),
      ])
      .where('pond_id', '=', anyUuid(pondIds))
      .where('measured_at', '>=', from)
      .where('deleted_at', 'is', null)
      .execute();
    return rows.map((r) => ({ ...r, ph: num(r.ph), do: num(r.do) }));
  }

  /** Open, raised probe alert episodes of these ponds (issue 27), with their start in WIB. */
  async probeAlerts(pondIds: readonly string[]): Promise<ProbeAlertFact[]> {
    if (pondIds.length === 0) return [];
    const local = sql`((started_at at time zone 'UTC') + interval '7 hours')`;
    return this.db
      .selectFrom('probe_alerts')
      .select([
        'pond_id',
        'parameter',
        'direction',
        'limit',
        'worst',
        sql<string>`to_char(${local}, 'YYYY-MM-DD')`.as('day'),
        sql<string>`to_char(${local}, 'HH24:MI')`.as('time'),
      ])
      .where('pond_id', '=', anyUuid(pondIds))
      .where('raised_at', 'is not', null)
      .where('cleared_at', 'is', null)
      .execute();
  }

  /**
   * Live readings of every kind from `from` on that share their pond, farm day and slot
   * with another of their kind (ADR 0063); `sameSlotItems` decides which are still doubles.
   */
  async sameSlot(pondIds: readonly string[], from: Date): Promise<SameSlotFact[]> {
    if (pondIds.length === 0) return [];
    // Per kind: the window's live readings (read once), and those whose pond, farm day and
    // slot are in a group of two or more (none, usually: the join then reads no more).
    const parts = WATER_KINDS.map(
      (kind) => sql`
        select * from (
          with r as (
            select id, pond_id, time_of_day, slot_kept_at, ${LOCAL} as local
            from ${sql.table(`water_${kind}`)}
            where pond_id = ${anyUuid(pondIds)} and measured_at >= ${from} and deleted_at is null
          )
          select ${kind}::text as kind, r.id::text, r.pond_id::text, r.time_of_day,
            to_char(r.local, 'YYYY-MM-DD"T"HH24:MI:SS') as measured_at, r.slot_kept_at
          from r join (
            select pond_id, local::date as day, time_of_day from r
            group by 1, 2, 3 having count(*) > 1
          ) g on g.pond_id = r.pond_id and g.day = r.local::date and g.time_of_day = r.time_of_day
        ) ${sql.raw(`k_${kind}`)}`,
    );
    const { rows } = await sql<{
      kind: string;
      id: string;
      pond_id: string;
      time_of_day: string;
      measured_at: string;
      slot_kept_at: Date | null;
    }>`${sql.join(parts, sql` union all `)}`.execute(this.db);
    return rows.map((r) => ({
      kind: r.kind,
      id: r.id,
      pond_id: r.pond_id,
      time_of_day: r.time_of_day,
      measured_at: r.measured_at,
      slot_kept_at: r.slot_kept_at ? new Date(r.slot_kept_at).toISOString() : null,
    }));
  }

  /**
   * Feed-tray checks of these ponds since `fromDay`, only each pond's `last` latest (by day,
   * then feeding; every check tied with the last of them too): what `trayItems` judges.
   */
  async trays(pondIds: readonly string[], fromDay: string, last: number): Promise<TrayFact[]> {
    if (pondIds.length === 0) return [];
    const rows = await this.db
      .selectFrom((eb) =>
        eb
          .selectFrom('anco_checks')
          .select([
            'pond_id',
            'feeding_time',
            'data_anco',
            sql<string>`check_date::text`.as('day'),
            sql<number>`rank() over (partition by pond_id order by check_date desc, feeding_time desc)`.as(
              'rank',
            ),
          ])
          .where('pond_id', '=', anyUuid(pondIds))
          .where('check_date', '>=', fromDay)
          .where('deleted_at', 'is', null)
          .as('c'),
      )
      .select(['pond_id', 'feeding_time', 'data_anco', 'day'])
      .where('rank', '<=', last)
      .execute();
    return rows.map((r) => ({
      pond_id: r.pond_id,
      day: r.day,
      feeding: r.feeding_time,
      statuses: (Array.isArray(r.data_anco) ? r.data_anco : [])
        .map((t: { status?: unknown }) => t?.status)
        .filter((s: unknown): s is AncoStatus => ANCO_STATUSES.includes(s as AncoStatus)),
    }));
  }

  /** Deaths per pond and day since `fromDay`. */
  async deaths(pondIds: readonly string[], fromDay: string): Promise<DeathDay[]> {
    if (pondIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('deaths')
      .select(['pond_id', sql<string>`died_on::text`.as('day'), sql<number>`sum(count)::int`.as('count')])
      .where('pond_id', '=', anyUuid(pondIds))
      .where('died_on', '>=', fromDay)
      .where('deleted_at', 'is', null)
      .groupBy(['pond_id', 'died_on'])
      .execute();
    return rows.map((r) => ({ ...r, count: Number(r.count) }));
  }

  /** Warehouse items at or below zero, or below a minimum. */
  async lowStock(farmId: string, language: string): Promise<StockFact[]> {
    const rows = await this.db
      .selectFrom('warehouse_items as w')
      .innerJoin('warehouse_products as p', 'p.id', 'w.product_id')
      .select(['w.id', 'w.qty', 'w.minimum_stock', 'w.unit', 'p.name_id', 'p.name_en'])
      .where('w.farm_id', '=', farmId)
      .where('w.deleted_at', 'is', null)
      .where((eb) => eb.or([eb('w.qty', '<', sql<string>`0`), eb('w.qty', '<', eb.ref('w.minimum_stock'))]))
      .execute();
    return rows.map((r) => ({
      id: r.id,
      name: language === 'en' ? r.name_en : r.name_id,
      qty: Number(r.qty),
      minimum: Number(r.minimum_stock),
      unit: r.unit,
    }));
  }

  /** Members of the farm whose devices reported refused records since `from` (alerts of kind sync). */
  async syncRefused(farmId: string, from: Date): Promise<SyncFact[]> {
    const rows = await this.db
      .selectFrom('notifications as n')
      .innerJoin('user_farms as uf', (j) =>
        j.onRef('uf.user_id', '=', 'n.user_id').on('uf.farm_id', '=', farmId),
      )
      .innerJoin('users as u', 'u.id', 'n.user_id')
      .select([
        'n.user_id',
        'u.username as name',
        sql<number>`count(distinct n.dedup_key)::int`.as('reports'),
        sql<string>`max(n.occurred_at)`.as('last_at'),
      ])
      .where('n.kind', '=', 'sync')
      .where('n.occurred_at', '>=', from)
      .where('n.deleted_at', 'is', null)
      .where('uf.deleted_at', 'is', null)
      .groupBy(['n.user_id', 'u.username'])
      .execute();
    return rows.map((r) => ({
      ...r,
      reports: Number(r.reports),
      last_at: new Date(r.last_at).toISOString(),
    }));
  }

  /** The farm's sampling interval (feeding programme, migration 0023), default 7. */
  async samplingEveryDays(farmId: string): Promise<number> {
    const row = await this.db
      .selectFrom('feed_settings')
      .select('sampling_every_days')
      .where('farm_id', '=', farmId)
      .executeTakeFirst();
    return row?.sampling_every_days ?? DEFAULT_FEED_PROGRAMME.sampling_every_days;
  }

  async thresholds(farmId: string): Promise<Partial<AttentionThresholds> | null> {
    const row = await this.db
      .selectFrom('attention_settings')
      .select('thresholds')
      .where('farm_id', '=', farmId)
      .executeTakeFirst();
    return row ? (row.thresholds as Partial<AttentionThresholds>) : null;
  }

  async saveThresholds(farmId: string, userId: string, thresholds: AttentionThresholds): Promise<void> {
    const json = JSON.stringify(thresholds);
    await this.db
      .insertInto('attention_settings')
      .values({ farm_id: farmId, thresholds: json, updated_by: userId })
      .onConflict((oc) =>
        oc.column('farm_id').doUpdateSet({ thresholds: json, updated_by: userId, updated_at: sql`now()` }),
      )
      .execute();
  }
}
