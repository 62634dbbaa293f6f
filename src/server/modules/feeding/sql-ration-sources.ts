import { sql } from 'kysely';
import { ancoAdvice, type AncoStatus as TrayStatus } from '#shared/domain/anco';
import type { AncoStatus } from '#shared/domain/feeding';
import type { Db } from '../../db/database.ts';
import type { DeathRepository } from '../production/public.ts';
import type { RationSources } from './ration-inputs.ts';

/** What one feed-tray check advises, in the feeding programme's words. */
const ANCO_OF_ADVICE = { raise: 'empty', keep: 'little', cut: 'lot' } as const;

/**
 * The real ration inputs: shrimp removed per stocking = recorded deaths (production's
 * `deathSums`) + harvested count (round(weight × size) per live harvest), and the latest
 * feed-tray check of each pond up to the day (records' anco_checks), read through
 * `ancoAdvice`: mostly empty → 'empty' (raise), a lot left → 'lot' (cut), else 'little'.
 */
export function sqlRationSources(d: { db: Db; deaths: DeathRepository }): RationSources {
  return {
    async shrimpRemoved(stockIds) {
      if (stockIds.length === 0) return new Map();
      const [deaths, harvested] = await Promise.all([
        d.deaths.deathSums(stockIds),
        d.db
          .selectFrom('harvests')
          .select(['stock_id', sql<string>`sum(round(weight_kg * size))::text`.as('n')])
          .where('stock_id', '=', sql<string>`any(${stockIds}::uuid[])`)
          .where('deleted_at', 'is', null)
          .groupBy('stock_id')
          .execute(),
      ]);
      const out = new Map(deaths);
      for (const r of harvested) out.set(r.stock_id, (out.get(r.stock_id) ?? 0) + Number(r.n));
      return out;
    },
    async lastAnco(pondIds, onDay) {
      const out = new Map<string, AncoStatus>();
      if (pondIds.length === 0) return out;
      const rows = await d.db
        .selectFrom('anco_checks')
        .distinctOn('pond_id')
        .select(['pond_id', 'data_anco'])
        .where('pond_id', '=', sql<string>`any(${pondIds}::uuid[])`)
        .where('check_date', '<=', onDay)
        .where('deleted_at', 'is', null)
        .orderBy('pond_id')
        .orderBy('check_date', 'desc')
        .orderBy('feeding_time', 'desc')
        .orderBy('checked_at', 'desc')
        .execute();
      for (const r of rows) {
        const trays = (Array.isArray(r.data_anco) ? r.data_anco : []) as { status?: TrayStatus }[];
        const advice = ancoAdvice(trays.map((t) => t.status));
        if (advice !== 'none') out.set(r.pond_id, ANCO_OF_ADVICE[advice]);
      }
      return out;
    },
  };
}
