import type { AlertRule } from './alerts.ts';
import type { ProbeParameter } from './probe-units.ts';
import { timeOfDay } from './time-of-day.ts';
import { standardFor, standardStatus, type WaterStandard } from './water-standards.ts';

/**
 * Probe alerts with hysteresis (issue 27 point 4, ADR 0066): a probe reading every minute
 * must not raise an alert for one noisy value nor flap around the limit. Per pond and
 * parameter:
 * - a reading outside the farm's standard for its slot (THE rule of water-standards.ts,
 *   slot by the farm's time of day) opens a *pending* episode;
 * - the episode is *raised* (one alert) once the value has stayed out for
 *   `PROBE_ALERT_MINUTES`; a reading back in range before then drops it;
 * - a raised episode is *cleared* only when the value is back inside the range by the
 *   parameter's margin (DO 0.3 mg/L above its minimum…), so 3.98 ↔ 4.02 does not flap.
 */
export const PROBE_ALERT_MINUTES = 10;

export const PROBE_CLEAR_MARGIN: Record<ProbeParameter, number> = {
  do: 0.3,
  temperature: 0.5,
  ph: 0.1,
  salinity: 1,
};

export interface ProbeEpisode {
  direction: 'low' | 'high';
  limit: number;
  startedAt: Date;
  raisedAt: Date | null;
  /** The value furthest out of range so far. */
  worst: number;
  /** The newest reading the episode has seen: older ones arriving late do not move it. */
  lastAt: Date;
}

export interface ProbeStep {
  episode: ProbeEpisode | null;
  event: 'raised' | 'cleared' | null;
}

/** The farm's time-of-day slot of an instant (offset in minutes east of UTC). */
export function probeSlot(at: Date, offsetMinutes: number) {
  return timeOfDay(new Date(at.getTime() + offsetMinutes * 60_000).getUTCHours());
}

/** One reading through the state machine of its pond and parameter. */
export function stepEpisode(
  episode: ProbeEpisode | null,
  reading: { parameter: ProbeParameter; value: number; measuredAt: Date },
  standards: readonly WaterStandard[],
  offsetMinutes: number,
  sustainMinutes = PROBE_ALERT_MINUTES,
): ProbeStep {
  if (episode && reading.measuredAt.getTime() <= episode.lastAt.getTime()) return { episode, event: null };
  const slot = probeSlot(reading.measuredAt, offsetMinutes);
  const status = standardStatus(reading.parameter, reading.value, standards, slot);
  const standard = standardFor(reading.parameter, standards, slot);
  const out = (status === 'low' || status === 'high') && standard ? status : null;
  if (!episode) {
    if (!out || !standard) return { episode: null, event: null };
    const limit = (out === 'low' ? standard.min : standard.max) as number;
    const opened: ProbeEpisode = {
      direction: out,
      limit,
      startedAt: reading.measuredAt,
      raisedAt: null,
      worst: reading.value,
      lastAt: reading.measuredAt,
    };
    return sustainMinutes <= 0
      ? { episode: { ...opened, raisedAt: reading.measuredAt }, event: 'raised' }
      : { episode: opened, event: null };
  }
  const worse = (a: number, b: number) => (episode.direction === 'low' ? Math.min(a, b) : Math.max(a, b));
  if (!episode.raisedAt) {
    if (out !== episode.direction) return { episode: null, event: null };
    const next = { ...episode, worst: worse(episode.worst, reading.value), lastAt: reading.measuredAt };
    const held = reading.measuredAt.getTime() - episode.startedAt.getTime() >= sustainMinutes * 60_000;
    return held
      ? { episode: { ...next, raisedAt: reading.measuredAt }, event: 'raised' }
      : { episode: next, event: null };
  }
  const margin = PROBE_CLEAR_MARGIN[reading.parameter];
  const recovered =
    episode.direction === 'low'
      ? reading.value >= episode.limit + margin
      : reading.value <= episode.limit - margin;
  if (recovered) return { episode: null, event: 'cleared' };
  return {
    episode: { ...episode, worst: worse(episode.worst, reading.value), lastAt: reading.measuredAt },
    event: null,
  };
}

/** A raised probe episode, as the alert rule reads it. */
export interface ProbeAlertRecord {
  pond_id: string;
  parameter: ProbeParameter;
  direction: 'low' | 'high';
  value: number;
  limit: number;
  started_at: Date;
  minutes: number;
}

const UNIT: Record<ProbeParameter, string> = { do: 'mg/L', temperature: '°C', ph: '', salinity: 'ppt' };

/** One alert per raised episode (its pond, parameter and start), kind `water`. */
export const probeAlerts: AlertRule<ProbeAlertRecord> = ({ farmId, record }) => [
  {
    kind: 'water',
    key: `probe:${record.pond_id}:${record.parameter}:${record.started_at.toISOString()}`,
    occurredAt: record.started_at.toISOString(),
    pondId: record.pond_id,
    feature: 'water_quality',
    title: { key: 'alert.probe-title' },
    body: {
      key: record.direction === 'low' ? 'alert.probe-low' : 'alert.probe-high',
      params: {
        parameter: record.parameter,
        value: record.value,
        limit: record.limit,
        unit: UNIT[record.parameter],
        minutes: record.minutes,
      },
    },
    url: `/farm/${farmId}/pond/${record.pond_id}`,
  },
];
