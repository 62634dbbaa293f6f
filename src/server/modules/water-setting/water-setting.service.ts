import type { SaveWaterSettingsBody, WaterSetting } from '#shared/contracts/water';
import { ACTION } from '#shared/domain/permissions';
import type { TimeOfDay } from '#shared/domain/time-of-day';
import { TIMES_OF_DAY } from '#shared/domain/water-fields';
import {
  allDayStandards,
  isStandardParameter,
  parameterUnit,
  standardBoundsProblem,
  standardKey,
  VANNAMEI_STANDARDS,
} from '#shared/domain/water-standards';
import { AppError } from '../../errors.ts';
import type { FarmAccess } from '../../kernel/farm-access.ts';
import type { WaterSettingRepository } from './water-setting.repository.ts';

export interface WaterSettingDeps {
  settings: WaterSettingRepository;
  access: FarmAccess;
}

type FieldMessages = NonNullable<AppError['fields']>;

/**
 * Per-farm water standards over the vannamei defaults (DOMAIN.md). Reading them needs
 * view on water quality or its settings (entry forms flag values with them); changing
 * or resetting needs water_quality_setting ≥ 1. Reset needs no more than save, since
 * saving the default values is the same change.
 */
export class WaterSettingService {
  constructor(private readonly d: WaterSettingDeps) {}

  async list(userId: string, farmId: string): Promise<WaterSetting[]> {
    const m = await this.d.access.membership(userId, farmId);
    const canView = (m.permissions.water_quality ?? ACTION.none) >= ACTION.view;
    if (!canView) this.d.access.check(m, 'water_quality_setting', ACTION.view);
    return this.merged(farmId);
  }

  async save(userId: string, body: SaveWaterSettingsBody): Promise<WaterSetting[]> {
    await this.d.access.require(userId, body.farm_id, 'water_quality_setting', ACTION.add);
    const errors: FieldMessages = {};
    const seen = new Set<string>();
    body.settings.forEach((s, i) => {
      const key = standardKey(s);
      if (!isStandardParameter(s.parameter))
        errors[`settings.${i}.parameter`] = [{ key: 'validation.water-parameter' }];
      else if (seen.has(key)) errors[`settings.${i}.parameter`] = [{ key: 'validation.unique' }];
      const bounds = standardBoundsProblem(s.parameter, s.min, s.max);
      if (bounds)
        errors[`settings.${i}.${bounds.side}`] = [
          { key: bounds.key, ...('params' in bounds ? { params: bounds.params } : {}) },
        ];
      seen.add(key);
    });
    if (Object.keys(errors).length > 0) throw new AppError('validation-failed', errors);
    await this.d.settings.save(body.farm_id, userId, body.settings);
    return this.merged(body.farm_id);
  }

  /** Back to the default for that parameter; answers the farm's standards afterwards. */
  async reset(userId: string, id: string): Promise<WaterSetting[]> {
    const row = await this.d.settings.findById(id);
    if (!row) throw new AppError('not-found');
    await this.d.access.require(userId, row.farm_id, 'water_quality_setting', ACTION.add);
    await this.d.settings.softDelete(id);
    return this.merged(row.farm_id);
  }

  private async merged(farmId: string): Promise<WaterSetting[]> {
    const stored = new Map((await this.d.settings.list(farmId)).map((s) => [standardKey(s), s]));
    const defaults: WaterSetting[] = VANNAMEI_STANDARDS.filter((s) => !stored.has(standardKey(s))).map(
      (s) => ({
        setting_id: null,
        parameter: s.parameter,
        slot: s.slot ?? null,
        min: s.min,
        max: s.max,
        unit: parameterUnit(s.parameter),
        is_default: true,
      }),
    );
    const own: WaterSetting[] = [...stored.values()].map((s) => ({
      setting_id: s.id,
      parameter: s.parameter,
      slot: s.slot,
      min: s.min,
      max: s.max,
      unit: parameterUnit(s.parameter),
      is_default: false,
    }));
    const order = new Map(allDayStandards(VANNAMEI_STANDARDS).map((s, i) => [s.parameter, i]));
    const rank = (p: string) => order.get(p) ?? Number.MAX_SAFE_INTEGER;
    const slotRank = (slot: string | null) => (slot ? TIMES_OF_DAY.indexOf(slot as TimeOfDay) + 1 : 0);
    return [...defaults, ...own].sort(
      (a, b) =>
        rank(a.parameter) - rank(b.parameter) ||
        a.parameter.localeCompare(b.parameter) ||
        slotRank(a.slot) - slotRank(b.slot),
    );
  }
}
