import { describe, expect, it } from 'vitest';
import { deathAlerts } from './death-alerts.ts';

const settings = (deathThreshold: number | null) => ({ waterStandards: [], deathThreshold });
const record = { pond_id: 'p1', died_on: '2025-01-15', count: 300 };

describe('deathAlerts', () => {
  it('fires at and above the threshold, once per pond and day', () => {
    const [c] = deathAlerts({ farmId: 'f', record, settings: settings(300) });
    expect(c).toMatchObject({
      kind: 'death',
      key: 'death:p1:2025-01-15',
      pondId: 'p1',
      feature: 'death',
      body: { key: 'alert.death-body', params: { count: 300, limit: 300 } },
      url: '/farm/f/pond/p1',
    });
  });
  it('stays quiet below the threshold or when the farm switched it off', () => {
    expect(deathAlerts({ farmId: 'f', record, settings: settings(301) })).toEqual([]);
    expect(deathAlerts({ farmId: 'f', record, settings: settings(null) })).toEqual([]);
  });
});
