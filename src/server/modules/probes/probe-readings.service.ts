import type { ProbePondReadings, ProbeReadingsQuery } from '#shared/contracts/probes';
import { ACTION } from '#shared/domain/permissions';
import { probeSeries, slotSummaries } from '#shared/domain/probe-summary';
import { isProbeParameter } from '#shared/domain/probe-units';
import { mergeStandards } from '#shared/domain/water-standards';
import { AppError } from '../../errors.ts';
import type { FarmAccess } from '../../kernel/farm-access.ts';
import { FARM_UTC_OFFSET_MINUTES } from '../../kernel/farm-clock.ts';
import type { WaterSettingRepository } from '../water-setting/public.ts';
import type { ProbeAlertRepository } from './probe-alert.repository.ts';
import type { ProbeReadingRepository } from './probe-reading.repository.ts';

/** The longest range one read answers. */
const MAX_RANGE_MS = 31 * 86_400_000;

/** A pond's probe readings for its water screen and chart: whoever sees the pond's water quality. */
export class ProbeReadingsService {
  constructor(
    private readonly d: {
      readings: ProbeReadingRepository;
      alerts: ProbeAlertRepository;
      standards: WaterSettingRepository;
      access: FarmAccess;
    },
  ) {}

  async pond(userId: string, q: ProbeReadingsQuery): Promise<ProbePondReadings> {
    const m = await this.d.access.requirePond(userId, q.pond_id, 'water_quality', ACTION.view);
    const from = new Date(q.from);
    const to = new Date(q.to);
    if (from > to) throw new AppError('chart-range-invalid');
    if (to.getTime() - from.getTime() > MAX_RANGE_MS) throw new AppError('chart-range-too-long');
    const [points, episodes, stored] = await Promise.all([
      this.d.readings.range(q.pond_id, from, to),
      this.d.alerts.ofPond(q.pond_id, from),
      this.d.standards.list(m.farmId),
    ]);
    const iso = (d: Date | null) => (d ? d.toISOString() : null);
    return {
      summaries: slotSummaries(points, mergeStandards(stored), FARM_UTC_OFFSET_MINUTES),
      series: probeSeries(points),
      alerts: episodes
        .filter((e) => isProbeParameter(e.parameter))
        .map((e) => ({
          parameter: e.parameter as ProbePondReadings['alerts'][number]['parameter'],
          direction: e.direction,
          limit: e.limit,
          worst: e.worst,
          started_at: e.started_at.toISOString(),
          raised_at: iso(e.raised_at),
          cleared_at: iso(e.cleared_at),
        })),
    };
  }
}
