import { describe, expect, it } from 'vitest';
import { arrayLiteral } from './array-literal.ts';

describe('arrayLiteral', () => {
  it('writes ids, numbers, words and nothing as PostgreSQL reads them', () => {
    expect(arrayLiteral(['0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b', null, 'morning'])).toBe(
      '{0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b,NULL,morning}',
    );
    expect(arrayLiteral([7.25, -120.5, 0, 1e-7, 1740823199987])).toBe('{7.25,-120.5,0,1e-7,1740823199987}');
    expect(arrayLiteral([])).toBe('{}');
  });

  it('refuses what would need quoting or would read as something else', () => {
    for (const bad of ['a,b', 'a}', '{a', 'a"b', 'a\\b', 'a b', '', 'NULL', 'null'])
      expect(() => arrayLiteral([bad]), bad).toThrow(RangeError);
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])
      expect(() => arrayLiteral([bad]), String(bad)).toThrow(RangeError);
  });
});
