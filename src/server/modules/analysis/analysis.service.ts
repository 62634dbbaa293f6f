import type {
  AnalysisQuery,
  AncoAnalysisRow,
  CumulativeAnalysisRow,
  CumulativeQuery,
  ProductAnalysisRow,
  ProductFigure,
  ShrimpAnalysisRow,
  StandardAnalysisRow,
  StatusAnalysisRow,
  WaterAnalysisQuery,
  WaterAnalysisRow,
  WeeklyAnalysisRow,
} from '#shared/contracts/analysis';
import { ANALYSIS_MAX_PONDS, pondDayStatus, WEEK_DAYS } from '#shared/domain/analysis';
import { type AncoStatus, ancoAdvice } from '#shared/domain/anco';
import { addDays, isChartDay } from '#shared/domain/chart-range';
import { daysOfCulture, samplingFigures } from '#shared/domain/figures';
import type { Feature } from '#shared/domain/permissions';
import { CATEGORY_IDS } from '#shared/domain/warehouse';
import { WATER_FIELDS, WATER_KINDS, type WaterKind } from '#shared/domain/water-fields';
import {
  allDayStandards,
  asSlot,
  mergeStandards,
  parameterKind,
  parameterUnit,
  standardStatus,
} from '#shared/domain/water-standards';
import type { FarmAccess } from '../../kernel/farm-access.ts';
import { FARM_UTC_OFFSET_MINUTES, farmDayStart } from '../../kernel/farm-clock.ts';
import { groupBy } from '../../kernel/group-by.ts';
import type { ChartPond, ChartsRepository } from '../charts/public.ts';
import type { AnalysisRepository, UseRow, WaterDayRow } from './analysis.repository.ts';
import { invalid, type PondScope, parsePondIds, resolvePonds } from './pond-scope.ts';

export interface AnalysisDeps {
  analysis: AnalysisRepository;
  charts: ChartsRepository;
  access: FarmAccess;
}

export interface AnalysisAnswer<T> {
  items: T[];
  server_time: string;
}

const DAY_MS = 86_400_000;
const round3 = (n: number) => Math.round(n * 1000) / 1000;
const OPTION_FIELDS = new Set(['color', 'weather']);

/** The numeric fields of a reading kind (option fields too: they are shown, not ranged). */
const fieldsOf = (kind: WaterKind) => Object.keys(WATER_FIELDS[kind]);

function numberOrNull(v: unknown): number | null {
  if (v === null || v === undefined) return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

function productFigure(r: UseRow): ProductFigure {
  return {
    product_id: r.product_id,
    name_id: r.name_id,
    name_en: r.name_en,
    category_id: r.category_id,
    unit: r.unit,
    qty: round3(Number(r.qty)),
    value: r.value,
  };
}

/** Sum of rupiah texts (BigInt: a year of sums may pass 2^53, ADR 0017). */
const sumMoney = (values: string[]) => values.reduce((acc, v) => acc + BigInt(v), 0n).toString();

/**
 * Farm analysis (seed 000 §7 "Analysis"): one farm day's figures per pond. Every call
 * checks the day, then membership and the feature's view level, then each pond asked.
 */
export class AnalysisService {
  constructor(private readonly d: AnalysisDeps) {}

  private async scope(userId: string, q: AnalysisQuery, feature: Feature): Promise<PondScope> {
    if (!isChartDay(q.start_date)) throw invalid('start_date', 'validation.date');
    const requested = parsePondIds(q.ponds, ANALYSIS_MAX_PONDS);
    return resolvePonds(this.d, userId, q.farm_id, requested, feature, ANALYSIS_MAX_PONDS);
  }

  private dayWindow(day: string): [Date, Date] {
    const start = farmDayStart(day, FARM_UTC_OFFSET_MINUTES);
    return [start, new Date(start.getTime() + DAY_MS)];
  }

  private async waterRows(kind: WaterKind, ponds: ChartPond[], day: string): Promise<WaterDayRow[]> {
    if (ponds.length === 0) return [];
    const [from, before] = this.dayWindow(day);
    return this.d.analysis.waterDay(
      kind,
      ponds.map((p) => p.id),
      from,
      before,
    );
  }

  async water(userId: string, q: WaterAnalysisQuery): Promise<AnalysisAnswer<WaterAnalysisRow>> {
    const s = await this.scope(userId, q, 'water_quality');
    const kind = q.kind ?? 'general';
    const byPond = groupBy(await this.waterRows(kind, s.ponds, q.start_date), (r) => r.pond_id);
    const fields = fieldsOf(kind);
    const items = s.ponds.map((p) => ({
      pond_id: p.id,
      pond_name: p.name,
      readings: (byPond.get(p.id) ?? []).map((r) => ({
        time_of_day: r.time_of_day,
        time: r.time,
        values: Object.fromEntries(fields.map((f) => [f, numberOrNull(r.row[f])])),
      })),
    }));
    return { items, server_time: s.serverTime };
  }

  private async farmStandards(farmId: string) {
    const stored = await this.d.analysis.standards(farmId);
    return mergeStandards(
      stored.map((x) => ({
        parameter: x.parameter,
        slot: asSlot(x.slot),
        min: numberOrNull(x.min),
        max: numberOrNull(x.max),
      })),
    ).filter((x) => parameterKind(x.parameter) !== undefined && !OPTION_FIELDS.has(x.parameter));
  }

  async standards(userId: string, q: AnalysisQuery): Promise<AnalysisAnswer<StandardAnalysisRow>> {
    const s = await this.scope(userId, q, 'water_quality');
    const standards = await this.farmStandards(s.farmId);
    const names = new Map(s.ponds.map((p) => [p.id, p.name]));
    const rows: Record<WaterKind, WaterDayRow[]> = { general: [], chemical: [], biological: [] };
    const kinds = WATER_KINDS.filter((k) => standards.some((x) => parameterKind(x.parameter) === k));
    await Promise.all(
      kinds.map(async (k) => {
        rows[k] = await this.waterRows(k, s.ponds, q.start_date);
      }),
    );
    // One row per parameter (its all-day range); each reading is judged by its slot's range.
    const items = allDayStandards(standards).map((st): StandardAnalysisRow => {
      const kind = parameterKind(st.parameter) as WaterKind;
      let readings = 0;
      const out: StandardAnalysisRow['out'] = [];
      for (const r of rows[kind]) {
        const value = numberOrNull(r.row[st.parameter]);
        const status = standardStatus(st.parameter, value, standards, asSlot(r.time_of_day));
        if (status === null || value === null) continue;
        readings += 1;
        if (status !== 'ok') {
          out.push({
            pond_id: r.pond_id,
            pond_name: names.get(r.pond_id) ?? '',
            time_of_day: r.time_of_day,
            time: r.time,
            value,
            status,
          });
        }
      }
      return {
        parameter: st.parameter,
        unit: parameterUnit(st.parameter),
        min: st.min,
        max: st.max,
        readings,
        out,
      };
    });
    return { items, server_time: s.serverTime };
  }

  async products(userId: string, q: AnalysisQuery): Promise<AnalysisAnswer<ProductAnalysisRow>> {
    const s = await this.scope(userId, q, 'warehouse');
    const uses =
      s.ponds.length === 0
        ? []
        : await this.d.analysis.uses({
            pondIds: s.ponds.map((p) => p.id),
            from: q.start_date,
            to: q.start_date,
            perDay: false,
          });
    const byPond = groupBy(uses, (r) => r.pond_id);
    const items = s.ponds.map((p) => {
      const list = byPond.get(p.id) ?? [];
      return {
        pond_id: p.id,
        pond_name: p.name,
        products: list.map(productFigure),
        total_value: sumMoney(list.map((u) => u.value)),
      };
    });
    return { items, server_time: s.serverTime };
  }

  async cumulative(userId: string, q: CumulativeQuery): Promise<AnalysisAnswer<CumulativeAnalysisRow>> {
    const categoryIds = parseCategories(q.category_ids);
    const s = await this.scope(userId, q, 'warehouse');
    const cycles = await this.d.analysis.cyclesOn(
      s.ponds.map((p) => p.id),
      q.start_date,
    );
    const uses =
      cycles.length === 0
        ? []
        : await this.d.analysis.uses({
            pondIds: cycles.map((c) => c.pond_id),
            from: null,
            to: q.start_date,
            perDay: false,
            cycleIds: cycles.map((c) => c.id),
            categoryIds,
          });
    const cycleOf = new Map(cycles.map((c) => [c.pond_id, c]));
    const byPond = groupBy(uses, (r) => r.pond_id);
    const items = s.ponds.map((p) => {
      const list = byPond.get(p.id) ?? [];
      const c = cycleOf.get(p.id);
      return {
        pond_id: p.id,
        pond_name: p.name,
        cycle_id: c?.id ?? null,
        cycle_start: c?.start_date ?? null,
        products: list.map(productFigure),
        total_value: sumMoney(list.map((u) => u.value)),
      };
    });
    return { items, server_time: s.serverTime };
  }

  async weekly(userId: string, q: AnalysisQuery): Promise<AnalysisAnswer<WeeklyAnalysisRow>> {
    const s = await this.scope(userId, q, 'warehouse');
    const days = Array.from({ length: WEEK_DAYS }, (_, i) => addDays(q.start_date, i - (WEEK_DAYS - 1)));
    const uses =
      s.ponds.length === 0
        ? []
        : await this.d.analysis.uses({
            pondIds: s.ponds.map((p) => p.id),
            from: days[0],
            to: q.start_date,
            perDay: true,
          });
    const byPond = groupBy(uses, (r) => r.pond_id);
    const items = s.ponds.map((p) => {
      const byProduct = groupBy(byPond.get(p.id) ?? [], (r) => `${r.product_id}|${r.unit}`);
      const products = [...byProduct.values()].map((list) => {
        const qtyByDay = days.map((d) =>
          round3(list.filter((u) => u.day === d).reduce((acc, u) => acc + Number(u.qty), 0)),
        );
        return {
          ...productFigure(list[0]),
          qty: round3(list.reduce((acc, u) => acc + Number(u.qty), 0)),
          value: sumMoney(list.map((u) => u.value)),
          qty_by_day: qtyByDay,
        };
      });
      return { pond_id: p.id, pond_name: p.name, days, products };
    });
    return { items, server_time: s.serverTime };
  }

  async anco(userId: string, q: AnalysisQuery): Promise<AnalysisAnswer<AncoAnalysisRow>> {
    const s = await this.scope(userId, q, 'cycle');
    const rows =
      s.ponds.length === 0
        ? []
        : await this.d.analysis.ancoChecks(
            s.ponds.map((p) => p.id),
            q.start_date,
          );
    const byPond = groupBy(rows, (r) => r.pond_id);
    const items = s.ponds.map((p) => ({
      pond_id: p.id,
      pond_name: p.name,
      checks: (byPond.get(p.id) ?? []).map((r) => {
        const trays = Array.isArray(r.data_anco) ? (r.data_anco as { status?: AncoStatus }[]) : [];
        const statuses = trays.map((t) => t.status);
        const count = (st: AncoStatus) => statuses.filter((x) => x === st).length;
        return {
          feeding_time: r.feeding_time,
          checked_at: r.checked_at,
          trays: trays.length,
          habis: count('habis'),
          sisa_sedikit: count('sisa_sedikit'),
          sisa_banyak: count('sisa_banyak'),
          advice: ancoAdvice(statuses),
        };
      }),
    }));
    return { items, server_time: s.serverTime };
  }

  async shrimp(userId: string, q: AnalysisQuery): Promise<AnalysisAnswer<ShrimpAnalysisRow>> {
    const s = await this.scope(userId, q, 'sampling');
    const cycles = await this.d.analysis.cyclesOn(
      s.ponds.map((p) => p.id),
      q.start_date,
    );
    const cycleIds = cycles.map((c) => c.id);
    const [samplings, deaths, harvests] = await Promise.all([
      this.d.analysis.lastSamplings(cycleIds, q.start_date),
      this.d.analysis.deathsUpTo(cycleIds, q.start_date),
      this.d.analysis.harvestUpTo(cycleIds, q.start_date),
    ]);
    const cycleOf = new Map(cycles.map((c) => [c.pond_id, c]));
    const samplingOf = new Map(samplings.map((r) => [r.pond_id, r]));
    const deathsOf = new Map(deaths.map((r) => [r.cycle_id, Number(r.n)]));
    const harvestOf = new Map(harvests.map((r) => [r.cycle_id, Number(r.kg)]));
    const items = s.ponds.map((p): ShrimpAnalysisRow => {
      const c = cycleOf.get(p.id);
      const r = c ? samplingOf.get(p.id) : undefined;
      let sampling: ShrimpAnalysisRow['sampling'] = null;
      if (r) {
        const previous =
          r.prev_day !== null && r.prev_count !== null && r.prev_weight !== null
            ? { day: r.prev_day, shrimp_count: r.prev_count, sample_weight: Number(r.prev_weight) }
            : null;
        const f = samplingFigures(
          { day: r.day, shrimp_count: r.shrimp_count, sample_weight: Number(r.sample_weight) },
          previous,
        );
        sampling = {
          day: r.day,
          shrimp_count: r.shrimp_count,
          sample_weight: Number(r.sample_weight),
          abw: f.abw === null ? null : round3(f.abw),
          adg: f.adg === null ? null : round3(f.adg),
          size: f.size === null ? null : round3(f.size),
        };
      }
      return {
        pond_id: p.id,
        pond_name: p.name,
        cycle_id: c?.id ?? null,
        cycle_start: c?.start_date ?? null,
        doc: c ? daysOfCulture(c.start_date, q.start_date) : null,
        sampling,
        deaths: c ? (deathsOf.get(c.id) ?? 0) : 0,
        harvest_kg: c ? round3(harvestOf.get(c.id) ?? 0) : 0,
      };
    });
    return { items, server_time: s.serverTime };
  }

  /** Farm status by date: what each pond has recorded that day (labels are the route's). */
  async status(
    userId: string,
    q: AnalysisQuery,
  ): Promise<AnalysisAnswer<Omit<StatusAnalysisRow, 'status_label'>>> {
    const s = await this.scope(userId, q, 'pond');
    const pondIds = s.ponds.map((p) => p.id);
    if (pondIds.length === 0) return { items: [], server_time: s.serverTime };
    const [cycles, water, feed, anco, sampled, standards] = await Promise.all([
      this.d.analysis.cyclesOn(pondIds, q.start_date),
      this.waterRows('general', s.ponds, q.start_date),
      this.d.analysis.feedKg(pondIds, q.start_date),
      this.d.analysis.ancoChecks(pondIds, q.start_date),
      this.d.analysis.sampledOn(pondIds, q.start_date),
      this.farmStandards(s.farmId),
    ]);
    const cycleOf = new Map(cycles.map((c) => [c.pond_id, c]));
    const waterOf = groupBy(water, (r) => r.pond_id);
    const feedOf = new Map(feed.map((r) => [r.pond_id, Number(r.kg)]));
    const ancoOf = groupBy(anco, (r) => r.pond_id);
    const sampledSet = new Set(sampled);
    const generalParameters = [
      ...new Set(standards.filter((x) => parameterKind(x.parameter) === 'general').map((x) => x.parameter)),
    ];
    const items = s.ponds.map((p) => {
      const c = cycleOf.get(p.id);
      const readings = waterOf.get(p.id) ?? [];
      const slots = ['morning', 'afternoon', 'evening'].filter((slot) =>
        readings.some((r) => r.time_of_day === slot),
      );
      let out = 0;
      for (const r of readings) {
        for (const parameter of generalParameters) {
          const status = standardStatus(
            parameter,
            numberOrNull(r.row[parameter]),
            standards,
            asSlot(r.time_of_day),
          );
          if (status === 'low' || status === 'high') out += 1;
        }
      }
      const feedKg = round3(feedOf.get(p.id) ?? 0);
      const ancoChecks = (ancoOf.get(p.id) ?? []).length;
      return {
        pond_id: p.id,
        pond_name: p.name,
        cycle_id: c?.id ?? null,
        doc: c ? daysOfCulture(c.start_date, q.start_date) : null,
        water_slots: slots,
        feed_kg: feedKg,
        anco_checks: ancoChecks,
        sampled: sampledSet.has(p.id),
        out_of_standard: out,
        status: pondDayStatus({ hasCycle: !!c, waterSlots: slots.length, feedKg, ancoChecks }),
      };
    });
    return { items, server_time: s.serverTime };
  }
}

/** "5,3" → [5, 3]; an id that is not a warehouse category is a field error. */
function parseCategories(raw: string | undefined): number[] | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const parts = raw.split(',').map((x) => x.trim());
  const ids = parts.map((x) => (/^\d{1,2}$/.test(x) ? Number(x) : Number.NaN));
  if (ids.some((id) => !CATEGORY_IDS.includes(id)))
    throw invalid('category_ids', 'analysis.category-unknown');
  return [...new Set(ids)];
}
