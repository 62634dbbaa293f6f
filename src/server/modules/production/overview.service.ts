import type { Overview, OverviewPond, OverviewQuery } from '#shared/contracts/overview';
import { cycleFigures, farmSummary } from '#shared/domain/figures';
import { compareNames } from '#shared/domain/natural-sort';
import { ACTION } from '#shared/domain/permissions';
import type { FarmAccess } from '../../kernel/farm-access.ts';
import { farmToday } from '../../kernel/farm-clock.ts';
import { groupBy } from '../../kernel/group-by.ts';
import { visiblePondIds } from '../../kernel/visible-ponds.ts';
import type { DeathRepository } from './death.repository.ts';
import type { HarvestRepository } from './harvest.repository.ts';
import type { StockRepository } from './stock.repository.ts';

/**
 * THE FCR seam: cumulative feed (kg) per cycle. context.ts passes the warehouse's
 * `WarehouseUsage` (feed-category uses, kg); `NO_FEED_DATA` (FCR null, "–") is only the
 * factory's fallback.
 */
export interface CycleFeedSource {
  feedKgByCycle(cycleIds: string[]): Promise<Map<string, number>>;
}
export const NO_FEED_DATA: CycleFeedSource = { feedKgByCycle: async () => new Map() };

/**
 * The cycle overview of a farm: per active stocking DOC, ABW and ADG (latest two
 * samplings), size, population, SR, biomass, FCR and productivity, plus the farm row.
 * Four set-based queries whatever the number of ponds (bench: tests/bench/overview.bench.ts).
 */
export class OverviewService {
  constructor(
    private readonly d: {
      stocks: StockRepository;
      harvests: HarvestRepository;
      deaths: DeathRepository;
      access: FarmAccess;
      feed: CycleFeedSource;
    },
  ) {}

  async overview(userId: string, q: OverviewQuery): Promise<Overview> {
    const m = await this.d.access.require(userId, q.farm_id, 'stock', ACTION.view);
    const visible = visiblePondIds(this.d.access, m, 'stock');
    const asked = q.pond_id === undefined ? null : Array.isArray(q.pond_id) ? q.pond_id : [q.pond_id];
    const pondIds = asked ? asked.filter((id) => visible === null || visible.includes(id)) : visible;
    const today = farmToday();
    const stocks = pondIds?.length === 0 ? [] : await this.d.stocks.activeStocks(q.farm_id, pondIds);
    const stockIds = stocks.map((s) => s.id);
    const cycleIds = stocks.map((s) => s.cycle_id);
    const [deathSums, harvests, samplings, feed] = await Promise.all([
      this.d.deaths.deathSums(stockIds),
      this.d.harvests.harvestsOf(stockIds),
      this.d.stocks.lastSamplings(cycleIds),
      this.d.feed.feedKgByCycle(cycleIds),
    ]);
    const samplingsOf = groupBy(samplings, (x) => x.cycle_id);
    const harvestsOf = groupBy(harvests, (h) => h.stock_id);
    const ponds: OverviewPond[] = stocks.map((s) => {
      const area = Number(s.area);
      const feedKg = feed.get(s.cycle_id) ?? null;
      const lastSamplings = (samplingsOf.get(s.cycle_id) ?? [])
        .map((x) => ({
          sampled_on: x.sampled_on,
          sample_weight: Number(x.sample_weight),
          shrimp_count: x.shrimp_count,
        }))
        .sort((a, b) => a.sampled_on.localeCompare(b.sampled_on));
      const figures = cycleFigures({
        stock: { stock_date: s.stock_date, seed_actual: s.seed_actual, is_harvest: s.is_harvest },
        areaM2: area,
        deaths: [{ died_on: today, count: deathSums.get(s.id) ?? 0 }],
        harvests: (harvestsOf.get(s.id) ?? []).map((h) => ({
          harvested_on: h.harvested_on,
          type: h.type,
          weight_kg: Number(h.weight_kg),
          size: Number(h.size),
          price_per_kg: Number(h.price_per_kg),
        })),
        samplings: lastSamplings,
        feedKg,
        today,
      });
      return {
        pond_id: s.pond_id,
        pond_name: s.pond_name,
        block_name: s.block_name,
        area_m2: area,
        stock_id: s.id,
        cycle_id: s.cycle_id,
        stock_date: s.stock_date,
        feed_kg: feedKg,
        last_samplings: lastSamplings,
        ...figures,
      };
    });
    ponds.sort((a, b) => compareNames(a.block_name, b.block_name) || compareNames(a.pond_name, b.pond_name));
    return { ponds, summary: farmSummary(ponds), today, server_time: m.readAt };
  }
}
