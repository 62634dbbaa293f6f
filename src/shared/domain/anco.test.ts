import { describe, expect, it } from 'vitest';
import { ancoAdvice } from './anco.ts';

describe('ancoAdvice (DOMAIN.md: mostly empty → raise, a lot left → cut)', () => {
  it('gives no advice before any tray is checked', () => {
    expect(ancoAdvice([])).toBe('none');
    expect(ancoAdvice([null, undefined])).toBe('none');
  });
  it('raises when two thirds or more are empty', () => {
    expect(ancoAdvice(['habis', 'habis', 'habis', 'habis'])).toBe('raise');
    expect(ancoAdvice(['habis', 'habis', 'sisa_sedikit'])).toBe('raise');
  });
  it('cuts when a quarter or more have a lot left', () => {
    expect(ancoAdvice(['habis', 'habis', 'habis', 'sisa_banyak'])).toBe('cut');
    expect(ancoAdvice(['sisa_banyak'])).toBe('cut');
  });
  it('cuts when more than half have something left', () => {
    expect(ancoAdvice(['habis', 'sisa_sedikit', 'sisa_sedikit', 'sisa_sedikit'])).toBe('cut');
  });
  it('keeps the ration in between', () => {
    expect(ancoAdvice(['habis', 'habis', 'sisa_sedikit', 'sisa_sedikit'])).toBe('keep');
    expect(ancoAdvice(['habis', 'sisa_sedikit', null, null])).toBe('keep');
  });
});
