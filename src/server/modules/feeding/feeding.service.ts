import type {
  FeedSetting,
  FrTable,
  PondRation,
  SaveFeedSettingBody,
  SaveFrBody,
} from '#shared/contracts/warehouse';
import {
  DEFAULT_FEED_PROGRAMME,
  DEFAULT_FR_TABLE,
  FEED_PROGRAMME_BOUNDS,
  type FeedProgramme,
  FR_BOUNDS,
  recommendedRation,
} from '#shared/domain/feeding';
import { daysOfCulture, populationEstimate } from '#shared/domain/figures';
import { ACTION } from '#shared/domain/permissions';
import { AppError } from '../../errors.ts';
import type { FarmAccess } from '../../kernel/farm-access.ts';
import { farmToday } from '../../kernel/farm-clock.ts';
import type { WarehouseUsage } from '../warehouse/public.ts';
import type { FeedingRepository } from './feeding.repository.ts';
import type { RationSources } from './ration-inputs.ts';

type FieldMessages = Record<string, { key: string; params?: Record<string, string | number> }[]>;

export interface FeedingDeps {
  repo: FeedingRepository;
  access: FarmAccess;
  usage: WarehouseUsage;
  sources: RationSources;
}

/**
 * The feeding programme (`/feedIdxSetting`, `/fr`) and the recommended ration per pond
 * (`/feed/ration`). Reading needs `warehouse` view, saving settings `warehouse` edit.
 */
export class FeedingService {
  constructor(private readonly d: FeedingDeps) {
    this.sources = d.sources;
  }

  /** Replaceable: the lead plugs in deaths, harvests and feed-tray checks (ration-inputs.ts). */
  sources: RationSources;

  async programme(userId: string, farmId: string): Promise<FeedSetting> {
    await this.d.access.require(userId, farmId, 'warehouse', ACTION.view);
    const stored = await this.d.repo.programme(farmId);
    return { farm_id: farmId, is_default: !stored, ...(stored ?? DEFAULT_FEED_PROGRAMME) };
  }

  async saveProgramme(userId: string, body: SaveFeedSettingBody): Promise<FeedSetting> {
    await this.d.access.require(userId, body.farm_id, 'warehouse', ACTION.edit);
    const errors: FieldMessages = {};
    const p = {} as FeedProgramme;
    // Older clients send no sampling interval: the stored one (or the default) stays.
    const stored = body.sampling_every_days === undefined ? await this.d.repo.programme(body.farm_id) : null;
    const given = {
      ...body,
      sampling_every_days:
        body.sampling_every_days ?? stored?.sampling_every_days ?? DEFAULT_FEED_PROGRAMME.sampling_every_days,
    };
    for (const [field, b] of Object.entries(FEED_PROGRAMME_BOUNDS) as [
      keyof FeedProgramme,
      (typeof FEED_PROGRAMME_BOUNDS)[keyof FeedProgramme],
    ][]) {
      const v = given[field];
      if (typeof v !== 'number' || !Number.isFinite(v)) errors[field] = [{ key: 'validation.numeric' }];
      else if (b.integer && !Number.isInteger(v)) errors[field] = [{ key: 'validation.integer' }];
      else if (v < b.min || v > b.max)
        errors[field] = [{ key: 'validation.range', params: { min: b.min, max: b.max } }];
      else p[field] = Math.round(v * 1000) / 1000;
    }
    if (Object.keys(errors).length > 0) throw new AppError('validation-failed', errors);
    await this.d.repo.saveProgramme(body.farm_id, p);
    return { farm_id: body.farm_id, is_default: false, ...p };
  }

  async frTable(userId: string, farmId: string): Promise<FrTable> {
    await this.d.access.require(userId, farmId, 'warehouse', ACTION.view);
    const rows = await this.d.repo.frTable(farmId);
    return rows.length > 0
      ? { farm_id: farmId, is_default: false, rows }
      : { farm_id: farmId, is_default: true, rows: [...DEFAULT_FR_TABLE] };
  }

  async saveFrTable(userId: string, body: SaveFrBody): Promise<FrTable> {
    await this.d.access.require(userId, body.farm_id, 'warehouse', ACTION.edit);
    const errors: FieldMessages = {};
    const seen = new Set<number>();
    body.rows.forEach((r, i) => {
      for (const f of ['abw', 'fr'] as const) {
        const v = r[f];
        const b = FR_BOUNDS[f];
        if (!Number.isFinite(v)) errors[`rows.${i}.${f}`] = [{ key: 'validation.numeric' }];
        else if (v < b.min || v > b.max)
          errors[`rows.${i}.${f}`] = [{ key: 'validation.range', params: { min: b.min, max: b.max } }];
      }
      const abw = Math.round(r.abw * 1000) / 1000;
      if (seen.has(abw)) errors[`rows.${i}.abw`] = [{ key: 'validation.fr-abw-repeat' }];
      seen.add(abw);
    });
    if (Object.keys(errors).length > 0) throw new AppError('validation-failed', errors);
    const rows = body.rows
      .map((r) => ({ abw: Math.round(r.abw * 1000) / 1000, fr: Math.round(r.fr * 1000) / 1000 }))
      .sort((a, b) => a.abw - b.abw);
    await this.d.repo.saveFrTable(body.farm_id, rows);
    return { farm_id: body.farm_id, is_default: false, rows };
  }

  /** The recommended ration of every visible pond with an active cycle on a farm day, with what was fed that day. */
  async rations(
    userId: string,
    farmId: string,
    on = farmToday(),
  ): Promise<{ items: PondRation[]; server_time: string }> {
    const m = await this.d.access.require(userId, farmId, 'warehouse', ACTION.view);
    const [stored, frRows, ponds] = await Promise.all([
      this.d.repo.programme(farmId),
      this.d.repo.frTable(farmId),
      this.d.repo.activePonds(farmId, on),
    ]);
    const programme = stored ?? DEFAULT_FEED_PROGRAMME;
    const table = frRows.length > 0 ? frRows : DEFAULT_FR_TABLE;
    const visible = ponds.filter(
      (p) =>
        this.d.access.canSeePond(m, p.pond_id) &&
        this.d.access.pondAction(m, 'warehouse', p.pond_id) >= ACTION.view,
    );
    const stockIds = visible.flatMap((p) => (p.stock_id ? [p.stock_id] : []));
    const pondIds = visible.map((p) => p.pond_id);
    const [removed, anco, fed] = await Promise.all([
      this.sources.shrimpRemoved(stockIds),
      this.sources.lastAnco(pondIds, on),
      this.d.usage.feedKgByPond(pondIds, on, on),
    ]);
    const items = visible.map((p): PondRation => {
      // Deaths and harvested shrimp together (`shrimpRemoved`): the figures module's estimate.
      const population = Math.max(
        0,
        populationEstimate(p.seed_actual ?? 0, p.stock_id ? (removed.get(p.stock_id) ?? 0) : 0, 0),
      );
      const doc = Math.max(1, daysOfCulture(p.stock_date ?? p.start_date, on));
      const abw = p.abw === null ? null : Math.round(Number(p.abw) * 1000) / 1000;
      const last = anco.get(p.pond_id) ?? null;
      const ration = recommendedRation({ doc, population, abw, anco: last }, programme, table);
      return {
        pond_id: p.pond_id,
        farm_id: farmId,
        cycle_id: p.cycle_id,
        on,
        doc,
        population,
        abw,
        anco: last,
        ...ration,
        fed_kg: fed.get(p.pond_id) ?? 0,
      };
    });
    return { items, server_time: m.readAt };
  }
}
