import { describe, expect, it } from 'vitest';
import type { Farm } from '#shared/contracts/farm';
import { decideFarmLoad } from './farm-load.ts';

const farm = (farm_id: string, name: string): Farm => ({
  farm_id,
  name,
  role_id: 1,
  status: 0,
  is_hide_finance: false,
  can_edit_farm: true,
  permissions: [],
  access_pond: [],
  updated_at: '2024-01-01T00:00:00Z',
});

describe('decideFarmLoad (seed 000 §4)', () => {
  const farms = [farm('a', 'Tambak A'), farm('b', 'Tambak B')];

  it('waits while the farms load', () => {
    expect(decideFarmLoad(undefined, undefined, 'a', undefined)).toEqual({ kind: 'loading' });
  });

  it('sends a user without farms, or with a failed fetch, to farm registration', () => {
    expect(decideFarmLoad([], undefined, undefined, undefined)).toEqual({
      kind: 'redirect',
      to: '/farm-registration',
    });
    expect(decideFarmLoad(undefined, { code: 'internal' }, 'a', undefined)).toEqual({
      kind: 'redirect',
      to: '/farm-registration',
    });
  });

  it('keeps an offline user in place instead of offering registration', () => {
    expect(decideFarmLoad(undefined, { code: 'network' }, 'a', undefined)).toEqual({ kind: 'offline' });
  });

  it('says the phone’s storage failed instead of offering registration when the list cannot be read', () => {
    const closed = { name: 'OpenFailedError', inner: { name: 'InvalidStateError' } };
    expect(decideFarmLoad(undefined, closed, 'a', undefined)).toEqual({ kind: 'storage' });
    expect(decideFarmLoad(undefined, { name: 'QuotaExceededError' }, 'a', undefined)).toEqual({
      kind: 'storage',
    });
  });

  it('selects the farm of the route', () => {
    expect(decideFarmLoad(farms, undefined, 'b', 'a')).toEqual({ kind: 'ready', farm: farms[1] });
  });

  it('otherwise opens the farm used last on this device, else the first', () => {
    expect(decideFarmLoad(farms, undefined, undefined, 'b')).toEqual({ kind: 'redirect', to: '/farm/b' });
    expect(decideFarmLoad(farms, undefined, 'gone', undefined)).toEqual({ kind: 'redirect', to: '/farm/a' });
  });
});
