import { describe, expect, it } from 'vitest';
import type { Farm, Pond } from '#shared/contracts/farm';
import { DEFAULT_PERMISSIONS } from '#shared/domain/permissions';
import { pondRights, recordRight } from './pond-access.ts';

/** The client's side of the own-record rule (issue 12 point 5), the same as the server's. */
const HOUR = 3_600_000;
const NOW = Date.parse('2025-05-02T06:00:00Z');
const pond: Pick<Pond, 'pond_id' | 'access_level'> = { pond_id: 'p1', access_level: 0 };

function farm(role_id: number, overrides: Record<string, number> = {}, pondAccess = 1): Farm {
  const levels = { ...DEFAULT_PERMISSIONS[role_id as 1], ...overrides };
  return {
    farm_id: 'f',
    name: 'Tambak',
    role_id,
    status: 1,
    is_hide_finance: false,
    can_edit_farm: role_id <= 2,
    permissions: Object.entries(levels).map(([feature_name, action]) => ({ feature_name, action })),
    access_pond: [{ pond_id: 'p1', access_level: pondAccess }],
    updated_at: '',
  };
}
const reading = (created_by: string | null, hoursAgo: number) => ({
  created_by,
  created_at: new Date(NOW - hoursAgo * HOUR).toISOString(),
  _base: {},
});

describe('recordRight', () => {
  it('lets a keeper change their own reading for 24 hours, then not', () => {
    const keeper = farm(3);
    expect(recordRight(keeper, pond, 'water_quality', reading('me', 1), 'me', NOW)).toBe('own');
    expect(recordRight(keeper, pond, 'water_quality', reading('me', 23.9), 'me', NOW)).toBe('own');
    expect(recordRight(keeper, pond, 'water_quality', reading('me', 24), 'me', NOW)).toBeNull();
    expect(recordRight(keeper, pond, 'water_quality', reading('other', 1), 'me', NOW)).toBeNull();
  });

  it('counts a reading saved on this phone and not uploaded yet as own and fresh', () => {
    expect(recordRight(farm(3), pond, 'water_quality', { _base: null }, 'me', NOW)).toBe('own');
  });

  it('follows the matrix and the pond access', () => {
    expect(
      recordRight(farm(3, { own_records: -1 }), pond, 'water_quality', reading('me', 1), 'me', NOW),
    ).toBeNull();
    expect(recordRight(farm(3, {}, 0), pond, 'water_quality', reading('me', 1), 'me', NOW)).toBeNull();
    expect(recordRight(farm(2), pond, 'water_quality', reading('other', 100), 'me', NOW)).toBe('edit');
  });
});

describe('pondRights (the home screen label)', () => {
  it('does not call a keeper who enters readings "view only"', () => {
    expect(pondRights(farm(3), pond)).toEqual({ rights: 'enter', ownFix: true });
    expect(pondRights(farm(3, { own_records: -1 }), pond)).toEqual({ rights: 'enter', ownFix: false });
  });

  it('keeps "view only" for a pond where nothing can be entered, and no label for full access', () => {
    expect(pondRights(farm(3, {}, 0), pond).rights).toBe('view');
    expect(pondRights(farm(4), pond).rights).toBe('view');
    expect(pondRights(farm(2), { pond_id: 'p1', access_level: 2 }).rights).toBe('all');
  });
});
