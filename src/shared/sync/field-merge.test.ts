import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type MergeState, mergePatch, type PatchMeta } from './field-merge.ts';

/**
 * The merge alone: edits made concurrently from the same version reach the server in any
 * order and leave the same values and the same lost values (ADR 0002: "later" is the edit
 * time, a total order, not the arrival order).
 */
const FIELDS = ['ph', 'do', 'temperature'];

interface Edit {
  device: string;
  at: number;
  fields: Record<string, number>;
}

const edit = fc.record({
  device: fc.constantFrom('a', 'b', 'c', 'd'),
  at: fc.integer({ min: 0, max: 5 }),
  fields: fc.dictionary(fc.constantFrom(...FIELDS), fc.integer({ min: 6, max: 8 }), { minKeys: 1 }),
});

function apply(edits: Edit[]): MergeState {
  let state: MergeState = { values: { ph: 7, do: 7, temperature: 7 }, version: 1, clocks: {}, conflicts: [] };
  for (const e of edits) {
    const meta: PatchMeta = {
      baseVersion: 1,
      editedAt: new Date(Date.UTC(2025, 2, 1, 6, e.at)).toISOString(),
      device: e.device,
      userId: 'u',
      userName: 'U',
    };
    const r = mergePatch(state, e.fields, meta);
    state = {
      values: { ...state.values, ...r.changes },
      version: r.version,
      clocks: r.clocks,
      conflicts: r.conflicts,
    };
  }
  return state;
}

const lostSet = (s: MergeState) =>
  s.conflicts.map((c) => `${c.field}:${c.lost.device}:${String(c.lost.value)}`).sort();

describe('mergePatch', () => {
  it('concurrent edits (one per device) give the same values and lost values in any arrival order', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(edit, { minLength: 2, maxLength: 4, selector: (e) => e.device }),
        fc.func(fc.integer()),
        (edits, rank) => {
          const shuffled = [...edits].sort(
            (x, y) => rank(x.device) - rank(y.device) || (x.device < y.device ? -1 : 1),
          );
          const one = apply(edits);
          const two = apply(shuffled);
          expect(two.values).toEqual(one.values);
          expect(lostSet(two)).toEqual(lostSet(one));
          // Each field holds the value of its latest writer (edit time, then device id).
          for (const field of FIELDS) {
            const writers = edits.filter((e) => field in e.fields);
            if (writers.length === 0) continue;
            const latest = writers.reduce((p, q) =>
              q.at > p.at || (q.at === p.at && q.device > p.device) ? q : p,
            );
            expect(one.values[field]).toBe(latest.fields[field]);
          }
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('a replayed value from the same device changes nothing', () => {
    const meta: PatchMeta = {
      baseVersion: 1,
      editedAt: '2025-03-01T06:00:00.000Z',
      device: 'a',
      userId: 'u',
      userName: 'U',
    };
    const first = mergePatch({ values: { ph: 7 }, version: 1, clocks: {}, conflicts: [] }, { ph: 8 }, meta);
    const state = {
      values: { ph: 8 },
      version: first.version,
      clocks: first.clocks,
      conflicts: first.conflicts,
    };
    const again = mergePatch(state, { ph: 8 }, meta);
    expect(again).toMatchObject({ changed: false, version: first.version, lost: [], history: [] });
  });
});
