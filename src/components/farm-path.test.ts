import { describe, expect, it } from 'vitest';
import { switchFarmPath } from './farm-path.ts';

describe('switchFarmPath', () => {
  it('replaces the farm_id and keeps the rest of the path and the query', () => {
    expect(switchFarmPath('/farm/a/settings', '?tab=blocks', 'b')).toBe('/farm/b/settings?tab=blocks');
    expect(switchFarmPath('/farm/a', '', 'b')).toBe('/farm/b');
  });

  it('goes to the farm home from pages without a farm', () => {
    expect(switchFarmPath('/profile', '?x=1', 'b')).toBe('/farm/b');
    expect(switchFarmPath('/farm', '', 'b')).toBe('/farm/b');
  });

  it('leaves a record of the old farm for its section', () => {
    expect(switchFarmPath('/farm/a/warehouse/w1', '', 'b')).toBe('/farm/b/warehouse');
  });
});
