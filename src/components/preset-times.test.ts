import { describe, expect, it } from 'vitest';
import {
  checkPresetTimes,
  loadPresetTimes,
  normalizeTime,
  PRESET_TIMES_KEY,
  savePresetTimes,
} from './preset-times.ts';

function memory(initial?: string) {
  const data: Record<string, string> = initial ? { [PRESET_TIMES_KEY]: initial } : {};
  return {
    data,
    getItem: (k: string) => data[k] ?? null,
    setItem: (k: string, v: string) => {
      data[k] = v;
    },
  };
}

describe('preset measuring times', () => {
  it('defaults to 06:00, 14:00 and 22:00 when none are stored (seed 000 §4)', () => {
    expect(loadPresetTimes(memory())).toEqual(['06:00', '14:00', '22:00']);
    expect(loadPresetTimes(memory('[]'))).toEqual(['06:00', '14:00', '22:00']);
    expect(loadPresetTimes(memory('{broken'))).toEqual(['06:00', '14:00', '22:00']);
  });

  it('loads the stored list', () => {
    expect(loadPresetTimes(memory('["05:30","17:00"]'))).toEqual(['05:30', '17:00']);
  });

  it('points at the first repeated time (seed 000 §5)', () => {
    expect(checkPresetTimes(['06:00', '14:00', '06:00'])).toEqual({
      kind: 'unique',
      index: 2,
      time: '06:00',
    });
  });

  it('points at a time that is not HH:mm, and at an empty list', () => {
    expect(checkPresetTimes(['06:00', '25:00'])).toEqual({ kind: 'time', index: 1 });
    expect(checkPresetTimes([''])).toEqual({ kind: 'time', index: 0 });
    expect(checkPresetTimes([])).toEqual({ kind: 'empty' });
  });

  it('saves a valid list in clock order and refuses a repeated one', () => {
    const storage = memory();
    expect(savePresetTimes(['14:00', '06:00'], storage)).toEqual(['06:00', '14:00']);
    expect(JSON.parse(storage.data[PRESET_TIMES_KEY])).toEqual(['06:00', '14:00']);
    expect(savePresetTimes(['06:00', '06:00'], storage)).toEqual({ kind: 'unique', index: 1, time: '06:00' });
    expect(JSON.parse(storage.data[PRESET_TIMES_KEY])).toEqual(['06:00', '14:00']);
  });

  it('tidies quick entries into HH:mm and leaves nonsense for the validation', () => {
    expect(normalizeTime('6:00')).toBe('06:00');
    expect(normalizeTime('06.30')).toBe('06:30');
    expect(normalizeTime('0600')).toBe('06:00');
    expect(normalizeTime('600')).toBe('06:00');
    expect(normalizeTime('2500')).toBe('2500');
    expect(normalizeTime('pagi')).toBe('pagi');
  });
});
