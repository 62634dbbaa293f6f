import { describe, expect, it } from 'vitest';
import { instants, parseRate, readingsAt } from '../../scripts/probe-sim/model.ts';

const at = (iso: string) => new Date(iso);
const doOf = (r: ReturnType<typeof readingsAt>) => r.find((x) => x.parameter === 'do')?.value as number;

describe('probe simulator model', () => {
  it('cycles DO over the day: low before dawn, high in the afternoon', () => {
    const dawn = doOf(readingsAt({ index: 0, crashAt: null }, at('2026-11-28T21:30:00Z'), 1)); // 04:30 WIB
    const afternoon = doOf(readingsAt({ index: 0, crashAt: null }, at('2026-11-29T09:30:00Z'), 1)); // 16:30 WIB
    expect(dawn).toBeLessThan(5);
    expect(dawn).toBeGreaterThan(4.2);
    expect(afternoon).toBeGreaterThan(6.5);
  });

  it('crashes the crash pond’s DO to about 2 mg/L and leaves the others', () => {
    const crashAt = at('2026-11-28T19:00:00Z'); // 02:00 WIB
    const later = at('2026-11-28T19:30:00Z');
    expect(doOf(readingsAt({ index: 0, crashAt }, later, 1))).toBeCloseTo(2.1, 0);
    expect(doOf(readingsAt({ index: 1, crashAt: null }, later, 1))).toBeGreaterThan(3.5);
  });

  it('is the same for the same seed, and spaces instants by the rate', () => {
    const t = at('2026-11-29T00:00:00Z');
    expect(readingsAt({ index: 2, crashAt: null }, t, 7)).toEqual(
      readingsAt({ index: 2, crashAt: null }, t, 7),
    );
    expect(parseRate('1m')).toBe(60_000);
    expect(parseRate('1h')).toBeNull();
    expect(instants(at('2026-11-29T00:00:30Z'), at('2026-11-29T00:05:00Z'), 60_000)).toHaveLength(5);
  });
});
