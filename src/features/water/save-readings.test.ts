import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { loadDraft } from '#local/drafts';
import { testDb } from '#local/test-kit';
import type { WaterEntryState } from './entry-model.ts';
import { saveReadings } from './save-readings.ts';

const when = {
  measured_at: '2025-03-01T06:00:00.000+07:00',
  utc_offset: 420,
  time_of_day: 'morning' as const,
};
const base = { farm_id: 'f', cycle_id: null, ...when };
const rest: WaterEntryState = {
  date: '2025-03-01',
  time: '06:00',
  kind: 'general',
  values: { general: { p3: { ph: '70' } }, chemical: {}, biological: {} },
};

describe('saveReadings', () => {
  const db = testDb();
  afterEach(async () => {
    await Promise.all(db.tables.map((t) => t.clear()));
  });

  it('saves every kind as pending with its outbox entry, and the rest of the form as the draft', async () => {
    await saveReadings(
      db,
      [
        { kind: 'general', records: [{ id: 'g1', pond_id: 'p1', ...base, ph: 7.9, do: -99 }] },
        { kind: 'chemical', records: [{ id: 'c1', pond_id: 'p2', ...base, tan: 0.5 }] },
      ],
      { farmId: 'f', form: 'water-quality', rest },
    );
    expect(await db.waterGeneral.get('g1')).toMatchObject({ ph: 7.9, do: -99, _status: 'pending' });
    expect(await db.waterChemical.get('c1')).toMatchObject({ tan: 0.5, _status: 'pending' });
    const urls = (await db.outbox.toArray()).map((e) => [e.url, e.recordIds]);
    expect(urls).toEqual([
      ['/api/water/general/bulk', ['g1']],
      ['/api/water/chemical/bulk', ['c1']],
    ]);
    expect(await loadDraft(db, 'f', 'water-quality')).toEqual(rest);
  });

  it('clears the draft when nothing is left in the form', async () => {
    await db.drafts.put({ farmId: 'f', form: 'water-quality', values: rest, updatedAt: 0 });
    const empty = { ...rest, values: { general: {}, chemical: {}, biological: {} } };
    await saveReadings(db, [{ kind: 'general', records: [{ id: 'g2', pond_id: 'p1', ...base, ph: 8 }] }], {
      farmId: 'f',
      form: 'water-quality',
      rest: empty,
    });
    expect(await loadDraft(db, 'f', 'water-quality')).toBeUndefined();
  });

  it('keeps nothing and the draft intact when one record cannot be stored', async () => {
    await db.drafts.put({ farmId: 'f', form: 'water-quality', values: rest, updatedAt: 0 });
    await db.waterChemical.add({ id: 'dup', _status: 'synced' } as never);
    const attempt = saveReadings(
      db,
      [
        { kind: 'general', records: [{ id: 'g3', pond_id: 'p1', ...base, ph: 8 }] },
        { kind: 'chemical', records: [{ id: 'dup', pond_id: 'p1', ...base, tan: 1 }] },
      ],
      {
        farmId: 'f',
        form: 'water-quality',
        rest: { ...rest, values: { general: {}, chemical: {}, biological: {} } },
      },
    );
    await expect(attempt).rejects.toThrow();
    expect(await db.waterGeneral.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    expect(await loadDraft(db, 'f', 'water-quality')).toEqual(rest);
  });
});
