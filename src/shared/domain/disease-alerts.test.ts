import { describe, expect, it } from 'vitest';
import { diseaseAlerts } from './disease-alerts.ts';

const settings = { waterStandards: [], deathThreshold: 100 };

describe('diseaseAlerts', () => {
  it('alerts every disease record once, named in both languages', () => {
    const record = { id: 'd1', pond_id: 'p1', disease_date: '2025-02-08', master_disease_id: 1 };
    const [c] = diseaseAlerts({ farmId: 'f', record, settings });
    expect(c).toMatchObject({ kind: 'disease', key: 'disease:d1', pondId: 'p1', feature: 'disease' });
    expect(c.body.params?.disease).toMatch(/^Bintik putih/);
    expect(c.body.params?.['disease@en']).toMatch(/^White spot/);
    expect(c.occurredAt).toBe('2025-02-08T00:00:00.000Z');
  });
  it('an unknown disease id still alerts, by its number', () => {
    const record = { id: 'd2', pond_id: 'p1', disease_date: '2025-02-08', master_disease_id: 9999 };
    expect(diseaseAlerts({ farmId: 'f', record, settings })[0].body.params?.disease).toBe('9999');
  });
});
