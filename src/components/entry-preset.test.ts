import { describe, expect, it } from 'vitest';
import { entryBackPath, entryPreset, FROM_BOARD, FROM_TODAY } from './entry-preset.ts';

describe('entryPreset: opened from the Today list or the attention board', () => {
  it('knows Today from a slot (ponds) or from the other entries (from=today), the board from from=attention', () => {
    expect(entryPreset({ ponds: 'a,b', time: '06:00' }).origin).toBe('today');
    expect(entryPreset({ ...FROM_TODAY }).origin).toBe('today');
    expect(entryPreset({ pond_id: 'p1' }).origin).toBeNull();
    expect(entryPreset({ ponds: 'a,b', ...FROM_BOARD }).origin).toBe('attention');
    expect(entryPreset({ pond_id: 'p1', from: 'elsewhere' }).origin).toBeNull();
  });
  it('goes back to the list it came from, else to the pond, else to the farm', () => {
    expect(entryBackPath('f 1', 'p1', 'today')).toBe('/farm/f%201/today');
    expect(entryBackPath('f 1', 'p1', 'attention')).toBe('/farm/f%201/attention');
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
