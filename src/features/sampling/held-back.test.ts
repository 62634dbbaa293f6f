import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildEntry, initialState, type SamplingEntryState } from './entry-model.ts';
import { heldBackMessage, heldBackPonds } from './held-back.ts';
import { samplingLocales } from './locales.ts';

const cards = ['p1', 'p2', 'p3'].map((pondId) => ({
  pondId,
  cycleId: `c-${pondId}`,
  earliest: '2025-02-01',
}));
const ctx = { farmId: 'f', cards, today: '2025-03-08', newId: () => crypto.randomUUID() };
const names: Record<string, string> = { p1: 'Kolam 1', p2: 'Kolam 2', p3: 'Kolam 3' };
const state = (values: SamplingEntryState['values']): SamplingEntryState => ({
  ...initialState('2025-03-08'),
  values,
});

beforeAll(async () => {
  await i18next.init({
    lng: 'id',
    resources: { id: { sampling: samplingLocales.id }, en: { sampling: samplingLocales.en } },
    interpolation: { escapeValue: false },
  });
});

describe('heldBackPonds', () => {
  // The keeper walk: Kolam 3 without a count (asked) and Kolam 1 with "395a,5," (only a toast after).
  const s = state({
    p1: { shrimp_count: '50', sample_weight: '395a,5,' },
    p2: { shrimp_count: '40', sample_weight: '300' },
    p3: { sample_weight: '310' },
  });
  const built = buildEntry(s, ctx);
  const held = heldBackPonds(s, built.problems, ['p1', 'p2', 'p3']);

  it('names every pond the save holds back, the unreadable one too, with why', () => {
    expect(built.records.map((r) => r.pond_id)).toEqual(['p2']);
    expect(held).toEqual([
      { pondId: 'p1', reasons: { unreadable: ['sample_weight'] } },
      { pondId: 'p3', reasons: { missing: ['shrimp_count'] } },
    ]);
  });

  it('words them for the confirm dialog in both languages', () => {
    const t = i18next.getFixedT('id', 'sampling');
    expect(heldBackMessage(held, t, (id) => names[id])).toBe(
      'Kolam ini belum disimpan dan tetap di formulir: Kolam 1 (Berat sampel bukan angka yang terbaca); ' +
        'Kolam 3 (Jumlah udang belum diisi). Kolam lain disimpan.',
    );
    const en = i18next.getFixedT('en', 'sampling');
    expect(heldBackMessage(held, en, (id) => names[id])).toBe(
      'These ponds are not saved and stay in the form: Kolam 1 (Sample weight not a readable number); ' +
        'Kolam 3 (Shrimp count not filled in). The other ponds are saved.',
    );
  });

  it('says a rule that failed (a sign above the count, a day before stocking) as to be checked', () => {
    const odd = state({ p1: { shrimp_count: '10', sample_weight: '100', red_leg: '11' } });
    const early = { ...odd, date: '2025-01-10' };
    const reasons = heldBackPonds(early, buildEntry(early, ctx).problems, ['p1'])[0]?.reasons;
    expect(reasons).toEqual({ invalid: ['sampled_on', 'red_leg'] });
    const t = i18next.getFixedT('en', 'sampling');
    expect(heldBackMessage([{ pondId: 'p1', reasons: reasons ?? {} }], t, () => 'Kolam 1')).toContain(
      'Kolam 1 (Sampling date, Red leg to be checked)',
    );
  });
});
