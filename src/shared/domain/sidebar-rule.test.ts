import { describe, expect, it } from 'vitest';
import {
  ACTION,
  type Action,
  DEFAULT_PERMISSIONS,
  FEATURES,
  type Feature,
  sidebarUsable,
} from './permissions.ts';

const only = (levels: Partial<Record<Feature, Action>>) => (f: Feature) => levels[f] ?? ACTION.none;

describe('sidebarUsable (seed 000 §2)', () => {
  it('every default role may use the sidebar', () => {
    for (const role of [1, 2, 3, 4] as const)
      expect(sidebarUsable((f) => DEFAULT_PERMISSIONS[role][f])).toBe(true);
  });

  it('viewing water quality or anco (cycle) is enough', () => {
    expect(sidebarUsable(only({ water_quality: ACTION.view }))).toBe(true);
    expect(sidebarUsable(only({ cycle: ACTION.view }))).toBe(true);
  });

  it('the record features count at add, not at view', () => {
    for (const f of ['sampling', 'disease', 'death', 'stock', 'harverst'] as const) {
      expect(sidebarUsable(only({ [f]: ACTION.view })), f).toBe(false);
      expect(sidebarUsable(only({ [f]: ACTION.add })), f).toBe(true);
    }
  });

  it('none of these (warehouse, finance, ponds only): the compact navigation', () => {
    const rest = Object.fromEntries(
      FEATURES.filter(
        (f) => !['water_quality', 'cycle', 'sampling', 'disease', 'death', 'stock', 'harverst'].includes(f),
      ).map((f) => [f, ACTION.edit]),
    ) as Partial<Record<Feature, Action>>;
    expect(sidebarUsable(only(rest))).toBe(false);
  });
});
