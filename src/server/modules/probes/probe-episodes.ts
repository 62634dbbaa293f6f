import { v7 as uuidv7 } from 'uuid';
import { PROBE_ALERT_MINUTES, type ProbeEpisode, stepEpisode } from '#shared/domain/probe-alerts';
import { isProbeParameter } from '#shared/domain/probe-units';
import { mergeStandards } from '#shared/domain/water-standards';
import type { AlertPort } from '../../kernel/alert-port.ts';
import { FARM_UTC_OFFSET_MINUTES } from '../../kernel/farm-clock.ts';
import type { WaterSettingRepository } from '../water-setting/public.ts';
import type { ProbeAlertRepository, ProbeAlertRow } from './probe-alert.repository.ts';
import type { ProbePoint } from './probe-reading.repository.ts';

const toEpisode = (row: ProbeAlertRow): ProbeEpisode => ({
  direction: row.direction,
  limit: row.limit,
  startedAt: row.started_at,
  raisedAt: row.raised_at,
  worst: row.worst,
  lastAt: row.last_at,
});

/**
 * Runs a pond's new probe readings through the hysteresis of probe-alerts.ts and keeps
 * each parameter's episode in `probe_alerts`; a raised episode goes to the alert port
 * (alert kind `water`: the board, the notification list and push). A pond's readings are
 * taken one message after another (a chain per pond on this server), so two messages of
 * one pond never race on its episode.
 */
export class ProbeEpisodes {
  private readonly chains = new Map<string, Promise<void>>();

  constructor(
    private readonly d: {
      alerts: ProbeAlertRepository;
      standards: WaterSettingRepository;
      port: AlertPort;
      log: (line: string) => void;
      sustainMinutes?: number;
    },
  ) {}

  /** Resolves once the pond's readings went through (errors are logged, never thrown). */
  process(farmId: string, pondId: string, points: ProbePoint[]): Promise<void> {
    if (points.length === 0) return Promise.resolve();
    const previous = this.chains.get(pondId) ?? Promise.resolve();
    const run = previous
      .then(() => this.run(farmId, pondId, points))
      .catch((error) => this.d.log(`[probes] alert evaluation failed: ${(error as Error).message}`));
    this.chains.set(pondId, run);
    void run.finally(() => {
      if (this.chains.get(pondId) === run) this.chains.delete(pondId);
    });
    return run;
  }

  private async run(farmId: string, pondId: string, points: ProbePoint[]): Promise<void> {
    // The farm's standards and the pond's open episodes in parallel: no round trip waits on another.
    const [stored, open] = await Promise.all([
      this.d.standards.list(farmId),
      this.d.alerts.openOfPond(pondId),
    ]);
    const standards = mergeStandards(stored);
    const sustain = this.d.sustainMinutes ?? PROBE_ALERT_MINUTES;
    const byParameter = new Map<string, ProbePoint[]>();
    for (const p of points) byParameter.set(p.parameter, [...(byParameter.get(p.parameter) ?? []), p]);
    for (const [parameter, list] of byParameter) {
      if (!isProbeParameter(parameter)) continue;
      list.sort((a, b) => a.measured_at.getTime() - b.measured_at.getTime());
      const row = open.find((a) => a.parameter === parameter);
      let id = row?.id ?? null;
      let episode = row ? toEpisode(row) : null;
      let dirty = false;
      for (const p of list) {
        const step = stepEpisode(
          episode,
          { parameter, value: p.value, measuredAt: p.measured_at },
          standards,
          FARM_UTC_OFFSET_MINUTES,
          sustain,
        );
        if (step.episode === null && episode !== null && id) {
          await this.d.alerts.close(id, episode.raisedAt !== null, p.measured_at);
          id = null;
          dirty = false;
        } else if (step.episode && !id) {
          id = uuidv7();
          await this.d.alerts.insert({ id, farm_id: farmId, pond_id: pondId, parameter }, step.episode);
          dirty = false;
        } else if (step.episode && step.episode !== episode) dirty = true;
        if (step.event === 'raised' && step.episode) {
          if (dirty && id) await this.d.alerts.update(id, step.episode);
          dirty = false;
          this.d.port.committed('probe', farmId, [
            {
              pond_id: pondId,
              parameter,
              direction: step.episode.direction,
              value: p.value,
              limit: step.episode.limit,
              started_at: step.episode.startedAt,
              minutes: Math.round((p.measured_at.getTime() - step.episode.startedAt.getTime()) / 60_000),
            },
          ]);
        }
        episode = step.episode;
      }
      if (dirty && id && episode) await this.d.alerts.update(id, episode);
    }
  }
}
