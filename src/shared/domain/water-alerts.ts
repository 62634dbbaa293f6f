import type { AlertCandidate, AlertRule } from './alerts.ts';
import { localDay } from './alerts.ts';
import type { TimeOfDay } from './time-of-day.ts';
import {
  asSlot,
  parameterUnit,
  standardStatus,
  standardsOfSlot,
  type WaterStandard,
} from './water-standards.ts';

/** A committed water reading as the alert rules read it (any of the three kinds). */
export interface WaterReadingRecord {
  pond_id: string;
  measured_at: Date;
  /** Minutes east of UTC of the wall clock the reading was taken by. */
  utc_offset: number;
  time_of_day: string;
  [field: string]: unknown;
}

/**
 * A reading outside the farm's standards for its slot (water-standards.ts, the same rule
 * the entry form, review, analysis and board flag with): one candidate per parameter out
 * of range. Not measured (-99 / null) never alerts. De-duplicated per pond, parameter and slot: the farm day the reading was
 * taken and its time of day (morning / afternoon / evening), so a second low DO that
 * morning adds nothing, but the evening's does.
 */
export const waterReadingAlerts: AlertRule<WaterReadingRecord> = ({ farmId, record, settings }) => {
  const out: AlertCandidate[] = [];
  // Worked out for the first parameter out of range only: most readings raise nothing.
  let day: string | undefined;
  const slot = asSlot(record.time_of_day);
  for (const standard of slotStandards(settings.waterStandards, slot)) {
    const raw = record[standard.parameter];
    if (raw === undefined) continue;
    const value = raw === null ? null : Number(raw);
    // The slot's own range, as an all-day one (`standardsOfSlot`).
    const status = standardStatus(standard.parameter, value, [standard], null);
    if (status !== 'low' && status !== 'high') continue;
    const limit = status === 'low' ? standard.min : standard.max;
    day ??= localDay(record.measured_at, record.utc_offset);
    out.push({
      kind: 'water',
      key: `water:${record.pond_id}:${standard.parameter}:${day}:${record.time_of_day}`,
      occurredAt: record.measured_at.toISOString(),
      pondId: record.pond_id,
      feature: 'water_quality',
      title: { key: 'alert.water-title' },
      body: {
        key: status === 'low' ? 'alert.water-low' : 'alert.water-high',
        params: {
          parameter: standard.parameter,
          value: value as number,
          limit: limit as number,
          unit: parameterUnit(standard.parameter),
        },
      },
      url: `/farm/${farmId}/pond/${record.pond_id}`,
    });
  }
  return out;
};

const bySlot = new WeakMap<readonly WaterStandard[], Map<TimeOfDay | null, WaterStandard[]>>();

/**
 * `standardsOfSlot`, worked out once per farm's standards and slot: a bulk write of 50
 * readings asked `standardFor` twice per parameter and reading (issue 32).
 */
function slotStandards(standards: readonly WaterStandard[], slot: TimeOfDay | null): WaterStandard[] {
  let slots = bySlot.get(standards);
  if (!slots) {
    slots = new Map();
    bySlot.set(standards, slots);
  }
  let list = slots.get(slot);
  if (!list) {
    list = standardsOfSlot(standards, slot);
    slots.set(slot, list);
  }
  return list;
}
