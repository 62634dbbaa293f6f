import { describe, expect, it } from 'vitest';
import { entryBackPath, entryPreset, FROM_TODAY } from './entry-preset.ts';

describe('entryPreset: opened from the Today list', () => {
  it('knows it from a slot (ponds) or from the other entries (from=today)', () => {
    expect(entryPreset({ ponds: 'a,b', time: '06:00' }).fromToday).toBe(true);
    expect(entryPreset({ ...FROM_TODAY }).fromToday).toBe(true);
    expect(entryPreset({ pond_id: 'p1' }).fromToday).toBe(false);
  });
  it('goes back to Today, else to the pond, else to the farm', () => {
    expect(entryBackPath('f 1', 'p1', true)).toBe('/farm/f%201/today');
    expect(entryBackPath('f 1', 'p1')).toBe('/farm/f%201/pond/p1');
    expect(entryBackPath('f 1', undefined)).toBe('/farm/f%201');
  });
});

describe('entryPreset: a slot of an earlier day', () => {
  it('reads a calendar day, nothing else', () => {
    expect(entryPreset({ pond_id: 'p1', time: '22:00', date: '2026-12-02' })).toMatchObject({
      time: '22:00',
      date: '2026-12-02',
    });
    for (const date of ['2026-13-02', '2026-12-2', '02-12-2026', 20261202, '2026-12-02x'])
      expect(entryPreset({ date }).date).toBeNull();
  });
});
