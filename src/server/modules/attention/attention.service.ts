import type {
  AttentionBoard,
  AttentionItem,
  AttentionKind,
  AttentionSettings,
  AttentionThresholds,
  SaveAttentionSettingsBody,
} from '#shared/contracts/attention';
import {
  type CycleFact,
  cycleItems,
  type DeathFact,
  deathItems,
  type HarvestSizeFact,
  harvestSizeItems,
  missedSlotItems,
  rankItems,
  stockItems,
  syncItems,
  thresholdMessage,
  thresholdProblems,
  trayItems,
  waterItems,
  withDefaults,
} from '#shared/domain/attention';
import { ACTION, type Feature } from '#shared/domain/permissions';
import { probeAlertItems } from '#shared/domain/probe-attention';
import { sameSlotItems } from '#shared/domain/same-slot';
import { mergeStandards, type WaterStandard } from '#shared/domain/water-standards';
import { AppError } from '../../errors.ts';
import type { FarmAccess, Membership } from '../../kernel/farm-access.ts';
import { FARM_UTC_OFFSET_MINUTES, farmDayStart, farmToday } from '../../kernel/farm-clock.ts';
import type { AttentionRepository } from './attention.repository.ts';

const DAY_MS = 86_400_000;
/** Farm days back the board looks for readings recorded twice in one slot (ADR 0063). */
export const SAME_SLOT_DAYS = 7;
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** What the board needs of other modules, passed in by attention-modules.ts. */
export interface AttentionDeps {
  repo: AttentionRepository;
  access: FarmAccess;
  /** The farm's stored water standards (the water-setting module's). */
  standards(farmId: string): Promise<WaterStandard[]>;
  /** FCR, stocking day, latest sampling and population of the visible active cycles (the cycle overview). */
  cycles(userId: string, farmId: string): Promise<(CycleFact & { population: number })[]>;
  /** The forecast's target sizes of the visible running cycles (the forecast module). */
  forecasts?(userId: string, farmId: string): Promise<HarvestSizeFact[]>;
  now?: () => Date;
}

/**
 * The attention board (issue 31 point 3, ADR 0038): any member of the farm may open it;
 * each kind is checked only when the person may view its feature, and only on the ponds
 * they may see, so a keeper restricted to two ponds reads about those two.
 */
export class AttentionService {
  constructor(private readonly d: AttentionDeps) {}

  async board(userId: string, farmId: string, language: string): Promise<AttentionBoard> {
    const [m, stored, active] = await Promise.all([
      this.d.access.membership(userId, farmId),
      this.d.repo.thresholds(farmId),
      this.d.repo.activePonds(farmId),
    ]);
    const now = this.d.now?.() ?? new Date();
    const today = farmToday(now);
    const yesterday = addDays(today, -1);
    const from = farmDayStart(yesterday);
    const hourNow = (((now.getTime() / 3_600_000 + FARM_UTC_OFFSET_MINUTES / 60) % 24) + 24) % 24;
    const t = withDefaults(stored);
    const pondsFor = (feature: Feature) =>
      this.can(m, feature)
        ? active.filter((p) => this.d.access.pondAction(m, feature, p.id) >= ACTION.view)
        : [];
    const waterPonds = pondsFor('water_quality');
    const trayPonds = pondsFor('cycle');
    const deathPonds = pondsFor('death');
    const stockPonds = pondsFor('stock');
    const ids = (ponds: { id: string }[]) => ponds.map((p) => p.id);

    const checked: AttentionKind[] = [];
    const items: AttentionItem[] = [];
    const stocked = stockPonds.length > 0;
    const [water, doubles, standards, probes, trays, deaths, cycles, every, forecasts, stock, sync] =
      await Promise.all([
        this.d.repo.water(ids(waterPonds), from),
        this.d.repo.sameSlot(ids(waterPonds), farmDayStart(addDays(today, -SAME_SLOT_DAYS))),
        waterPonds.length > 0 ? this.d.standards(farmId) : Promise.resolve([]),
        this.d.repo.probeAlerts(ids(waterPonds)),
        this.d.repo.trays(ids(trayPonds), addDays(today, -14), t.trays_left_checks),
        this.d.repo.deaths(ids(deathPonds), addDays(today, -8)),
        stocked ? this.d.cycles(userId, farmId) : Promise.resolve([]),
        stocked ? this.d.repo.samplingEveryDays(farmId) : Promise.resolve(0),
        stocked && this.d.forecasts ? this.d.forecasts(userId, farmId) : Promise.resolve([]),
        this.can(m, 'warehouse') ? this.d.repo.lowStock(farmId, language) : Promise.resolve([]),
        this.can(m, 'user_permission') ? this.d.repo.syncRefused(farmId, from) : Promise.resolve([]),
      ]);
    if (waterPonds.length > 0) {
      checked.push('water_do', 'water_ph', 'ph_swing', 'missed_slot', 'same_slot');
      items.push(...waterItems(farmId, waterPonds, water, mergeStandards(standards), t));
      items.push(...sameSlotItems(farmId, waterPonds, doubles));
      // The slots that have a reading: those of the window's readings (any value).
      items.push(...missedSlotItems(farmId, waterPonds, water, today, yesterday, hourNow, t));
      checked.push('probe_alert');
      items.push(...probeAlertItems(farmId, waterPonds, probes));
    }
    if (trayPonds.length > 0) {
      checked.push('trays_left');
      items.push(...trayItems(farmId, trayPonds, trays, t));
    }
    if (deathPonds.length > 0) {
      checked.push('deaths');
      const population = new Map(cycles.map((c) => [c.pond_id, c.population]));
      items.push(...deathItems(farmId, deathPonds, deathFacts(deaths, today, yesterday, population), t));
    }
    if (stocked) {
      checked.push('fcr', 'abw_drop', 'sampling');
      const visible = new Set(ids(stockPonds));
      items.push(
        ...cycleItems(
          farmId,
          stockPonds,
          cycles.filter((c) => visible.has(c.pond_id)),
          today,
          t,
          every,
        ),
      );
    }
    if (stocked && this.d.forecasts) {
      checked.push('harvest_size');
      items.push(...harvestSizeItems(farmId, stockPonds, forecasts));
    }
    if (this.can(m, 'warehouse')) {
      checked.push('stock_low');
      items.push(...stockItems(farmId, stock));
    }
    if (this.can(m, 'user_permission')) {
      checked.push('sync_refused');
      items.push(...syncItems(farmId, sync));
    }
    return { items: rankItems(items), checked, today, server_time: now.toISOString() };
  }

  /** Any member reads the thresholds (the board says what it judged by). */
  async settings(userId: string, farmId: string): Promise<AttentionSettings> {
    await this.d.access.membership(userId, farmId);
    const stored = await this.d.repo.thresholds(farmId);
    return { farm_id: farmId, thresholds: withDefaults(stored), is_default: stored === null };
  }

  /** Changing them is a farm setting: edit on the farm's settings (water_quality_setting), as the alert threshold. */
  async save(userId: string, body: SaveAttentionSettingsBody): Promise<AttentionSettings> {
    await this.d.access.require(userId, body.farm_id, 'water_quality_setting', ACTION.edit);
    const problems = thresholdProblems(body.thresholds);
    const fields = Object.fromEntries(
      Object.entries(problems).map(([k, p]) => [
        `thresholds.${k}`,
        [thresholdMessage(k as keyof AttentionThresholds, p)],
      ]),
    );
    if (Object.keys(fields).length > 0) throw new AppError('validation-failed', fields);
    await this.d.repo.saveThresholds(body.farm_id, userId, body.thresholds);
    return { farm_id: body.farm_id, thresholds: body.thresholds, is_default: false };
  }

  private can(m: Membership, feature: Feature): boolean {
    return (m.permissions[feature] ?? ACTION.none) >= ACTION.view;
  }
}

/** Per pond: today's deaths, else yesterday's, with the 7 days before that day. */
function deathFacts(
  rows: readonly { pond_id: string; day: string; count: number }[],
  today: string,
  yesterday: string,
  population: ReadonlyMap<string, number>,
): DeathFact[] {
  const byPond = new Map<string, Map<string, number>>();
  for (const r of rows) {
    const days = byPond.get(r.pond_id) ?? new Map<string, number>();
    days.set(r.day, (days.get(r.day) ?? 0) + r.count);
    byPond.set(r.pond_id, days);
  }
  const out: DeathFact[] = [];
  for (const [pondId, days] of byPond) {
    const day = (days.get(today) ?? 0) > 0 ? today : yesterday;
    const count = days.get(day) ?? 0;
    if (count <= 0) continue;
    let before7 = 0;
    for (let i = 1; i <= 7; i += 1) before7 += days.get(addDays(day, -i)) ?? 0;
    const left = population.get(pondId);
    out.push({ pond_id: pondId, day, count, before7, population: left === undefined ? null : left + count });
  }
  return out;
}
