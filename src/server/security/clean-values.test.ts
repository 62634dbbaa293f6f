import { describe, expect, it } from 'vitest';
import { cleanJsonText, findBadValue } from './clean-values.ts';

/** Texts the short check must send the long way: each parses to a bad value. */
const BAD = [
  '{"note":"a\\u0000b"}',
  '{"a\\u0000":1}',
  '{"note":"\\ud800"}',
  '{"note":"x\\udc00y"}',
  '{"note":"\ud800"}',
  '[1e309]',
  '{"ph":1E+309}',
  '{"ph":-1e400}',
  '{"ph":17976931348623159e292}',
  `{"ph":${'9'.repeat(310)}}`,
  `{"ph":${'9'.repeat(250)}e60}`,
  '{"a":[2,1.8e308]}',
  '{"a": -2E+999}',
  '{"a":\n1e309}',
  '1e309',
];

/** Texts it may pass: ordinary bulk bodies, escapes that are not NUL or surrogates aside. */
const GOOD = [
  '{"items":[{"id":"019a8c6e-0000-7000-8000-000000000001","ph":7.9,"do":5.2,"note":"Kolam 1 — keruh 😀"}]}',
  '{"ph":1e99,"do":-1e-400,"t":0.000001}',
  `{"n":${'9'.repeat(199)}}`,
  // Long runs of digits that are not a number's integer part: finite whatever their length.
  `{"note":"${'9'.repeat(400)}","t":0.${'9'.repeat(400)},"u":-1.${'0'.repeat(400)}1}`,
  '{"note":"line\\nbreak \\"quoted\\""}',
  // Ids whose hex reads like an exponent: inside a string, not a number.
  '{"items":[{"id":"019ad5e1-2345-7e99-8e10-5e1234000001","pond_id":"0193e456-7e89-7000-8000-0005e9990000"}]}',
];

describe('cleanJsonText', () => {
  it('never passes a text whose parsed value holds NUL, a lone surrogate or Infinity', () => {
    for (const text of BAD) {
      expect(findBadValue(JSON.parse(text)), text.slice(0, 40)).not.toBeNull();
      expect(cleanJsonText(text), text.slice(0, 40)).toBe(false);
    }
  });

  it('passes ordinary bodies, and agrees with the walk on them', () => {
    for (const text of GOOD) {
      expect(cleanJsonText(text), text.slice(0, 40)).toBe(true);
      expect(findBadValue(JSON.parse(text))).toBeNull();
    }
  });

  it('agrees with the walk on every number of the edge: what it passes is finite', () => {
    for (let digits = 190; digits <= 320; digits += 5)
      for (const exponent of ['', 'e9', 'e99', 'e+99', 'e100', 'e-300'])
        for (const start of ['', '-', '0.', '-1.', '7']) {
          const text = `[${start}${'9'.repeat(digits)}${exponent}]`;
          if (cleanJsonText(text)) expect(findBadValue(JSON.parse(text)), text.slice(-8)).toBeNull();
        }
  });
});
