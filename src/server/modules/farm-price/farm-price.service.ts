import type {
  FarmPrice,
  ForecastSetting,
  SaveFarmPricesBody,
  SaveForecastSettingBody,
} from '#shared/contracts/farm-price';
import { abw } from '#shared/domain/figures';
import {
  DEFAULT_TARGET_SIZES,
  type ForecastProblem,
  priceListProblems,
  targetSizesProblem,
} from '#shared/domain/forecast/index';
import { ACTION } from '#shared/domain/permissions';
import { AppError } from '../../errors.ts';
import type { FarmAccess, Membership } from '../../kernel/farm-access.ts';
import type { FarmPriceRepository } from './farm-price.repository.ts';

const invalid = (problems: ForecastProblem[]) =>
  new AppError(
    'validation-failed',
    Object.fromEntries(problems.map((p) => [p.field, [{ key: p.key, params: p.params }]])),
  );

/**
 * A farm's price list and target sizes (ADR 0072). Any member reads them (the forecast
 * shows revenue to whoever sees the ponds); changing them needs edit on finance or on
 * harvest. Bad input is refused with the shared forecast rules' messages, nothing saved.
 */
export class FarmPriceService {
  constructor(private readonly d: { repo: FarmPriceRepository; access: FarmAccess }) {}

  private async requireEditor(userId: string, farmId: string): Promise<Membership> {
    const m = await this.d.access.membership(userId, farmId);
    const level = Math.max(m.permissions.finance ?? ACTION.none, m.permissions.harverst ?? ACTION.none);
    if (level < ACTION.edit) throw new AppError('forbidden');
    return m;
  }

  async list(userId: string, farmId: string): Promise<{ items: FarmPrice[]; server_time: string }> {
    const m = await this.d.access.membership(userId, farmId);
    const rows = await this.d.repo.prices(farmId);
    return {
      items: rows.map((r) => ({
        ...r,
        price_per_kg: Number(r.price_per_kg),
        updated_at: r.updated_at.toISOString(),
      })),
      server_time: m.readAt,
    };
  }

  async save(userId: string, body: SaveFarmPricesBody) {
    await this.requireEditor(userId, body.farm_id);
    const problems = priceListProblems(body.prices);
    if (problems.length > 0) throw invalid(problems);
    // Atomic: the sizes left out and the new prices of the day change together.
    await this.d.repo.transaction((tx) =>
      this.d.repo.replaceDay(body.farm_id, body.valid_from, userId, body.prices, tx),
    );
    return this.list(userId, body.farm_id);
  }

  async setting(userId: string, farmId: string): Promise<ForecastSetting[]> {
    await this.d.access.membership(userId, farmId);
    const row = await this.d.repo.targetSizes(farmId);
    return [
      {
        farm_id: farmId,
        target_sizes: row?.target_sizes ?? [...DEFAULT_TARGET_SIZES],
        is_default: !row,
      },
    ];
  }

  async saveSetting(userId: string, body: SaveForecastSettingBody): Promise<ForecastSetting[]> {
    await this.requireEditor(userId, body.farm_id);
    const running = (await this.d.repo.lastSamplings(body.farm_id))
      .map((s) => abw(Number(s.sample_weight), s.shrimp_count))
      .filter((a): a is number => a !== null && a > 0);
    const problem = targetSizesProblem(body.target_sizes, running);
    if (problem) throw invalid([problem]);
    const sizes = [...body.target_sizes].sort((a, b) => b - a);
    await this.d.repo.saveTargetSizes(body.farm_id, userId, sizes);
    return this.setting(userId, body.farm_id);
  }
}
