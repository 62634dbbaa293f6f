import { localDay } from './alerts.ts';
import { probeSlot } from './probe-alerts.ts';
import { isProbeParameter, type ProbeParameter } from './probe-units.ts';
import type { TimeOfDay } from './time-of-day.ts';
import { standardStatus, type WaterStandard } from './water-standards.ts';

export interface ProbePointIn {
  parameter: string;
  value: number;
  measured_at: Date;
}

export interface SlotSummary {
  day: string;
  slot: TimeOfDay;
  parameter: ProbeParameter;
  min: number;
  mean: number;
  max: number;
  count: number;
  low: boolean;
  high: boolean;
}

const round = (v: number) => Math.round(v * 100) / 100;

/**
 * Probe readings summarised where hand readings are shown (issue 27 point 4): per farm
 * day, time-of-day slot and parameter, min, mean and max, flagged by the same slot
 * standards as a hand reading of that slot (THE rule of water-standards.ts).
 */
export function slotSummaries(
  points: readonly ProbePointIn[],
  standards: readonly WaterStandard[],
  offsetMinutes: number,
): SlotSummary[] {
  const groups = new Map<
    string,
    { day: string; slot: TimeOfDay; parameter: ProbeParameter; values: number[] }
  >();
  for (const p of points) {
    if (!isProbeParameter(p.parameter)) continue;
    const day = localDay(p.measured_at, offsetMinutes);
    const slot = probeSlot(p.measured_at, offsetMinutes);
    const key = `${day}|${slot}|${p.parameter}`;
    const group = groups.get(key) ?? { day, slot, parameter: p.parameter, values: [] };
    group.values.push(p.value);
    groups.set(key, group);
  }
  return [...groups.values()].map(({ day, slot, parameter, values }) => {
    const min = Math.min(...values);
    const max = Math.max(...values);
    return {
      day,
      slot,
      parameter,
      min: round(min),
      mean: round(values.reduce((a, b) => a + b, 0) / values.length),
      max: round(max),
      count: values.length,
      low: standardStatus(parameter, min, standards, slot) === 'low',
      high: standardStatus(parameter, max, standards, slot) === 'high',
    };
  });
}

/**
 * The line a chart draws: at most `maxPoints` per parameter, each the mean of an equal
 * run of readings (a month of one-minute readings is 43 200 points).
 */
export function probeSeries(
  points: readonly ProbePointIn[],
  maxPoints = 500,
): { parameter: ProbeParameter; points: { at: string; value: number }[] }[] {
  const byParameter = new Map<ProbeParameter, ProbePointIn[]>();
  for (const p of points) {
    if (!isProbeParameter(p.parameter)) continue;
    byParameter.set(p.parameter, [...(byParameter.get(p.parameter) ?? []), p]);
  }
  return [...byParameter].map(([parameter, list]) => {
    const step = Math.ceil(list.length / maxPoints);
    const out: { at: string; value: number }[] = [];
    for (let i = 0; i < list.length; i += step) {
      const run = list.slice(i, i + step);
      const mid = run[Math.floor(run.length / 2)];
      out.push({
        at: mid.measured_at.toISOString(),
        value: round(run.reduce((a, b) => a + b.value, 0) / run.length),
      });
    }
    return { parameter, points: out };
  });
}
