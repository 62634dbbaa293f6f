import type { CycleForecastQuery, ForecastQuery, PondForecast } from '#shared/contracts/forecast';
import { abw as abwOf, doc as docOf, expenseSharer } from '#shared/domain/figures';
import {
  DEFAULT_TARGET_SIZES,
  dateProblem,
  type ForecastProblem,
  farmPrior,
  fittedTargets,
  forecastCycle,
  forecastMoney,
  forecastPrices,
  type GrowthPoint,
  type GrowthPrior,
  harvestInput,
  harvestOn,
  sizeProblem,
  sizesProblem,
  type TargetDays,
} from '#shared/domain/forecast/index';
import { ACTION } from '#shared/domain/permissions';
import type { Language } from '#shared/i18n/language';
import { translate } from '#shared/i18n/messages';
import { AppError, notFound } from '../../errors.ts';
import type { FarmAccess, Membership } from '../../kernel/farm-access.ts';
import { farmToday } from '../../kernel/farm-clock.ts';
import { groupBy } from '../../kernel/group-by.ts';
import { visiblePondIds } from '../../kernel/visible-ponds.ts';
import type { CycleRepository } from '../cycle/public.ts';
import type { FarmPriceRepository } from '../farm-price/public.ts';
import type { HarvestRepository, StockRepository } from '../production/public.ts';
import type { ForecastRepository } from './forecast.repository.ts';

/** Priors and fitted cycles kept at most (farms; cycles per prior), then forgotten at once. */
const MAX_KEPT_FITS = 5000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const invalid = (p: ForecastProblem) =>
  new AppError('validation-failed', { [p.field]: [{ key: p.key, params: p.params }] });

/** The sizes asked for (a comma list), null when none were: the farm's own target sizes then. */
function parseSizes(raw: string | undefined): number[] | null {
  if (raw === undefined || raw.trim() === '') return null;
  const parts = raw.split(',').map((s) => s.trim());
  const sizes = parts.map((s) => (/^\d+$/.test(s) ? Number(s) : Number.NaN));
  const problem = sizesProblem(sizes, 'sizes');
  if (problem) throw invalid(problem);
  return sizes;
}

/** A cycle's sampling rows as the forecast reads them (weights as numbers). */
const samplingInputs = (
  rows: readonly { sampled_on: string; sample_weight: string | number; shrimp_count: number }[] = [],
) =>
  rows.map((x) => ({
    sampled_on: x.sampled_on,
    sample_weight: Number(x.sample_weight),
    shrimp_count: x.shrimp_count,
  }));

/**
 * The forecast of a farm's running cycles (issue 26, ADR 0060): each cycle's samplings
 * fitted with the farm prior (its finished cycles' curves, else the default), target
 * sizes answered, computed by the shared forecast module the device also runs offline.
 */
export class ForecastService {
  /** Each farm's last learnt prior, with the finished samplings (as JSON) it was learnt from. */
  private readonly priors = new Map<string, { rows: string; prior: GrowthPrior }>();
  /**
   * Target days already fitted, per prior and by the cycle's input (today, sizes, stocking
   * day, samplings): fitting is pure, so the same input answers the same days. Dropped with
   * the prior they were fitted on.
   */
  private readonly fitted = new WeakMap<GrowthPrior, Map<string, TargetDays[] | null>>();

  constructor(
    private readonly d: {
      repo: ForecastRepository;
      stocks: Pick<StockRepository, 'activeStocks'>;
      harvests: Pick<HarvestRepository, 'harvestsOf'>;
      prices: Pick<FarmPriceRepository, 'prices' | 'targetSizes'>;
      cycles: Pick<CycleRepository, 'spans'>;
      access: FarmAccess;
    },
  ) {}

  /** The sizes asked for, else the farm's target sizes, else the defaults. */
  private async sizesOf(farmId: string, asked: number[] | null): Promise<number[]> {
    if (asked) return asked;
    return (await this.d.prices.targetSizes(farmId))?.target_sizes ?? [...DEFAULT_TARGET_SIZES];
  }

  private checkFarm(farmId: string) {
    if (!UUID.test(farmId)) throw invalid({ field: 'farm_id', key: 'forecast.id-invalid' });
  }

  async farm(userId: string, q: ForecastQuery, lang: Language) {
    this.checkFarm(q.farm_id);
    const sizes = parseSizes(q.sizes);
    const m = await this.d.access.require(userId, q.farm_id, 'stock', ACTION.view);
    const visible = visiblePondIds(this.d.access, m, 'stock');
    const stocks = visible?.length === 0 ? [] : await this.d.stocks.activeStocks(q.farm_id, visible);
    return this.build(m, stocks, await this.sizesOf(q.farm_id, sizes), lang, null);
  }

  /**
   * The days each target size is reached of the farm's visible running cycles fitted to
   * their own samplings (the attention board's "A6 reaches size 50 in 6–9 days"): the same
   * days as `farm`, read without its curves, projections, money and deaths; the cycles
   * forecast from the prior alone are left out.
   */
  async fittedTargets(userId: string, farmId: string) {
    this.checkFarm(farmId);
    const m = await this.d.access.require(userId, farmId, 'stock', ACTION.view);
    const visible = visiblePondIds(this.d.access, m, 'stock');
    const stocks = visible?.length === 0 ? [] : await this.d.stocks.activeStocks(farmId, visible);
    if (stocks.length === 0) return [];
    const [samplings, prior, sizes] = await Promise.all([
      this.d.repo.samplingsOf(stocks.map((s) => s.cycle_id)),
      this.prior(farmId),
      this.sizesOf(farmId, null),
    ]);
    const samplingsOf = groupBy(samplings, (x) => x.cycle_id);
    const today = farmToday();
    const known = this.fitted.get(prior) ?? new Map<string, TargetDays[] | null>();
    if (known.size > MAX_KEPT_FITS) known.clear();
    this.fitted.set(prior, known);
    return stocks.flatMap((s) => {
      const input = {
        stock: { stock_date: s.stock_date, seed_actual: s.seed_actual, is_harvest: s.is_harvest },
        samplings: samplingInputs(samplingsOf.get(s.cycle_id)),
        prior,
        today,
        targets: sizes,
      };
      const key = JSON.stringify([today, sizes, s.stock_date, input.samplings]);
      let targets = known.get(key);
      if (targets === undefined) {
        targets = fittedTargets(input);
        known.set(key, targets);
      }
      return targets ? [{ pond_id: s.pond_id, basis: 'fit' as const, targets }] : [];
    });
  }

  /**
   * The farm prior: its last finished cycles' samplings (farmPrior), else the default curve.
   * Learnt again only when those rows changed (farmPrior is pure: the same rows, the same prior).
   */
  private async prior(farmId: string) {
    const rows = await this.d.repo.finishedSamplings(farmId);
    const key = JSON.stringify(rows);
    const kept = this.priors.get(farmId);
    if (kept?.rows === key) return kept.prior;
    const byCycle = new Map<string, { points: GrowthPoint[]; stockDate: string }>();
    for (const r of rows) {
      const doc = docOf(r.stock_date, r.sampled_on);
      const abw = abwOf(Number(r.sample_weight), r.shrimp_count);
      if (doc === null || abw === null) continue;
      const cycle = byCycle.get(r.cycle_id) ?? { points: [], stockDate: r.stock_date };
      cycle.points.push({ doc, abw });
      byCycle.set(r.cycle_id, cycle);
    }
    const prior = farmPrior([...byCycle.values()]);
    if (this.priors.size >= MAX_KEPT_FITS) this.priors.clear();
    this.priors.set(farmId, { rows: key, prior });
    return prior;
  }

  async cycle(userId: string, cycleId: string, q: CycleForecastQuery, lang: Language) {
    this.checkFarm(q.farm_id);
    if (!UUID.test(cycleId)) throw invalid({ field: 'cycle_id', key: 'forecast.id-invalid' });
    const sizes = parseSizes(q.sizes);
    const today = farmToday();
    if (q.date !== undefined) {
      const problem = dateProblem(q.date, today);
      if (problem) throw invalid(problem);
    }
    const m = await this.d.access.require(userId, q.farm_id, 'stock', ACTION.view);
    const visible = visiblePondIds(this.d.access, m, 'stock');
    const stocks = (await this.d.stocks.activeStocks(q.farm_id, visible)).filter(
      (s) => s.cycle_id === cycleId,
    );
    if (stocks.length === 0) throw notFound();
    return this.build(m, stocks, await this.sizesOf(q.farm_id, sizes), lang, q.date ?? null, sizes !== null);
  }

  private async build(
    m: Membership,
    stocks: Awaited<ReturnType<StockRepository['activeStocks']>>,
    sizes: number[],
    lang: Language,
    date: string | null,
    checkSizes = false,
  ) {
    const farmId = m.farmId;
    const today = farmToday();
    const stockIds = stocks.map((s) => s.id);
    const cycleIds = stocks.map((s) => s.cycle_id);
    // The cost to date only for those who see the farm's finance (hidden finance: none).
    const seesFinance = !m.isHideFinance && (m.permissions.finance ?? ACTION.none) >= ACTION.view;
    const firstDay = stocks.reduce((d, s) => (s.stock_date < d ? s.stock_date : d), today);
    const [samplings, deaths, harvests, prior, prices, priceRows, expenses, spans, uses, items] =
      await Promise.all([
        this.d.repo.samplingsOf(cycleIds),
        this.d.repo.deathsOf(stockIds),
        this.d.harvests.harvestsOf(stockIds),
        this.prior(farmId),
        this.d.repo.harvestPrices(farmId),
        this.d.prices.prices(farmId),
        seesFinance && stocks.length > 0 ? this.d.repo.expensesSince(farmId, firstDay) : null,
        seesFinance && stocks.length > 0 ? this.d.cycles.spans(farmId, firstDay, today) : [],
        this.d.repo.usesOf(cycleIds),
        this.d.repo.items(farmId),
      ]);
    // Each stocking's rows, grouped once (in their order), not filtered out of the farm's per stocking.
    const usesOf = groupBy(uses, (u) => u.cycle_id);
    const deathsOf = groupBy(deaths, (d) => d.stock_id);
    const harvestsOf = groupBy(harvests, (h) => h.stock_id);
    const samplingsOf = groupBy(samplings, (x) => x.cycle_id);
    const farmPrices = forecastPrices(priceRows, prices, today);
    const share = expenseSharer(spans, today);
    const data: PondForecast[] = stocks.map((s) => {
      const money = forecastMoney({
        priceRows,
        harvests: prices,
        transactions: expenses,
        uses: usesOf.get(s.cycle_id) ?? [],
        items: items.map((i) => ({ category_id: i.category_id, price: i.price })),
        cycleId: s.cycle_id,
        share,
        from: s.stock_date,
        today,
        farmPrices,
      });
      const input = {
        stock: { stock_date: s.stock_date, seed_actual: s.seed_actual, is_harvest: s.is_harvest },
        areaM2: Number(s.area),
        deaths: deathsOf.get(s.id) ?? [],
        harvests: (harvestsOf.get(s.id) ?? []).map(harvestInput),
        samplings: samplingInputs(samplingsOf.get(s.cycle_id)),
        feedKg: null,
        today,
        prior,
        targets: sizes,
        prices: money.prices,
        costToDate: money.costToDate,
        feedPricePerKg: money.feedPricePerKg,
      };
      const f = forecastCycle(input);
      if (checkSizes) {
        for (const size of sizes) {
          const problem = sizeProblem(size, f.now.abw, 'sizes');
          if (problem) throw invalid(problem);
        }
      }
      return {
        pond_id: s.pond_id,
        pond_name: s.pond_name,
        cycle_id: s.cycle_id,
        stock_date: s.stock_date,
        doc: f.doc,
        basis: f.basis,
        prior_source: f.prior_source,
        notice: f.basis === 'prior' ? translate(lang, 'forecast.prior-only') : null,
        price_source: money.priceSource,
        price_notice: money.priceSource === 'suggested' ? translate(lang, 'forecast.price-suggested') : null,
        cost_to_date: money.costToDate,
        samplings: f.samplings,
        points: input.samplings.flatMap((x) => {
          const doc = docOf(s.stock_date, x.sampled_on);
          const abw = abwOf(x.sample_weight, x.shrimp_count);
          return doc === null || abw === null ? [] : [{ doc, abw }];
        }),
        abw_now: f.now.abw,
        curve: f.curve.map((p) => ({ date: p.date, doc: p.doc, abw: p.abw, low: p.low, high: p.high })),
        targets: f.targets,
        ...(date ? { harvest: harvestOn(input, date) } : {}),
      };
    });
    return { data, today, prior: { source: prior.source, cycles: prior.cycles } };
  }
}
