import type { AlertRule } from './alerts.ts';

/** The dead shrimp of one pond on one farm day, summed over its death records after a write. */
export interface PondDayDeathRecord {
  pond_id: string;
  /** Farm day, YYYY-MM-DD. */
  died_on: string;
  /** All live deaths of the pond that day. */
  count: number;
}

/**
 * Deaths of a pond on a day at or above the farm's threshold (farm_alert_settings; the
 * default when the farm set none, no alert when it switched it off): one alert per pond
 * and day, to those who see the pond's deaths.
 */
export const deathAlerts: AlertRule<PondDayDeathRecord> = ({ farmId, record, settings }) => {
  const limit = settings.deathThreshold;
  if (limit === null || record.count < limit) return [];
  return [
    {
      kind: 'death',
      key: `death:${record.pond_id}:${record.died_on}`,
      occurredAt: `${record.died_on}T00:00:00.000Z`,
      pondId: record.pond_id,
      feature: 'death',
      title: { key: 'alert.death-title' },
      body: { key: 'alert.death-body', params: { count: record.count, limit } },
      url: `/farm/${farmId}/pond/${record.pond_id}`,
    },
  ];
};
