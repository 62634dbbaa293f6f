import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PRIOR } from './growth-model.ts';
import { addDays, forecastCycle } from './plan.ts';

const START = '2026-01-01';
const day = (doc: number) => addDays(START, doc - 1);
const RANK = { reached: 0, ok: 1, beyond: 2 } as const;

/**
 * Scripted ponds of any shape a farm may send: samplings on any days from DOC 14, growing
 * 0–12 % a day in ln ABW between two, flat, or falling up to 1 % a day (a partial harvest),
 * from 0.08 to 55 g; today up to 80 days after the last.
 */
const pond = fc.record({
  steps: fc.array(
    fc.record({
      doc: fc.integer({ min: 14, max: 180 }),
      rate: fc.double({ min: -0.01, max: 0.12, noNaN: true }),
    }),
    { maxLength: 12 },
  ),
  start: fc.double({ min: -2.5, max: 2, noNaN: true }),
  after: fc.integer({ min: 0, max: 80 }),
});

describe('the forecast of any scripted pond (property)', () => {
  it('is a number everywhere, its band holds it, and the target sizes come in order, each day inside its early–late', () => {
    fc.assert(
      fc.property(pond, ({ steps, start, after }) => {
        const docs = [...new Set(steps.map((s) => s.doc))].sort((a, b) => a - b);
        let ln = start;
        let prev = docs[0] ?? 0;
        const samplings = docs.map((doc, i) => {
          ln = Math.max(-2.5, Math.min(4, ln + (steps[i]?.rate ?? 0) * (doc - prev)));
          prev = doc;
          return { sampled_on: day(doc), sample_weight: Math.exp(ln) * 100, shrimp_count: 100 };
        });
        const f = forecastCycle({
          stock: { stock_date: START, seed_actual: 100_000, is_harvest: false },
          areaM2: 2000,
          deaths: [],
          harvests: [],
          samplings,
          feedKg: null,
          today: day((docs.at(-1) ?? 1) + after),
          prior: DEFAULT_PRIOR,
          targets: [100, 70, 50],
        });
        for (const p of f.curve) {
          expect([p.abw, p.low, p.high].every(Number.isFinite)).toBe(true);
          expect(p.low).toBeLessThanOrEqual(p.abw * (1 + 1e-9));
          expect(p.abw).toBeLessThanOrEqual(p.high * (1 + 1e-9));
        }
        f.targets.forEach((t, i) => {
          if (t.status === 'ok') {
            expect(t.days).toBeGreaterThanOrEqual(0);
            if (t.days_early !== null) expect(t.days_early).toBeLessThanOrEqual(t.days as number);
            if (t.days_late !== null) expect(t.days_late).toBeGreaterThanOrEqual(t.days as number);
          }
          const before = f.targets[i - 1];
          if (!before) return;
          expect(RANK[before.status]).toBeLessThanOrEqual(RANK[t.status]);
          if (before.status === 'ok' && t.status === 'ok')
            expect(before.days).toBeLessThanOrEqual(t.days as number);
        });
      }),
      { numRuns: 300, seed: 2611 },
    );
  });
});
