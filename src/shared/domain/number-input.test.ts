import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/messages.ts';
import { echoNumber, type NumberRead, numberForInput, readNumber } from './number-input.ts';

const value = (read: NumberRead) => ('value' in read ? read.value : read.problem.key);

describe('readNumber', () => {
  it('reads Indonesian: a point groups thousands, a comma marks decimals', () => {
    expect(value(readNumber('3.500', 'id'))).toBe(3500);
    expect(value(readNumber('12,5', 'id'))).toBe(12.5);
    expect(value(readNumber('1.234.567,89', 'id'))).toBe(1234567.89);
    expect(value(readNumber(' 250.000 ', 'id'))).toBe(250000);
    expect(value(readNumber('-99', 'id'))).toBe(-99);
    expect(value(readNumber('−3,5', 'id'))).toBe(-3.5);
    expect(value(readNumber(',5', 'id'))).toBe(0.5);
    expect(value(readNumber('3 500', 'id'))).toBe(3500);
    expect(value(readNumber('-0', 'id'))).toBe(0);
    expect(Object.is(value(readNumber('-0', 'id')), 0)).toBe(true);
  });

  it('reads English the other way round', () => {
    expect(value(readNumber('3,500', 'en'))).toBe(3500);
    expect(value(readNumber('12.5', 'en'))).toBe(12.5);
    expect(value(readNumber('1,234,567.89', 'en'))).toBe(1234567.89);
    expect(value(readNumber('+7.9', 'en'))).toBe(7.9);
  });

  it('is empty for nothing typed', () => {
    expect(readNumber('', 'id')).toEqual({ value: null });
    expect(readNumber('   ', 'en')).toEqual({ value: null });
    expect(readNumber(undefined, 'id')).toEqual({ value: null });
  });

  it('reads a single mark without three digits after it as a decimal, the only reading it has', () => {
    expect(readNumber('1.5', 'id')).toEqual({ value: 1.5 });
    expect(value(readNumber('7.9', 'id'))).toBe(7.9);
    expect(value(readNumber('1234.5', 'id'))).toBe(1234.5);
    expect(value(readNumber('1,5', 'en'))).toBe(1.5);
    expect(value(readNumber('3,5000', 'en'))).toBe(3.5);
    expect(value(readNumber('3.500', 'id'))).toBe(3500);
    expect(value(readNumber('3,500', 'en'))).toBe(3500);
  });

  it('refuses letters, two decimal marks, misplaced groups, Infinity, exponents and control characters', () => {
    for (const text of [
      '12a',
      'abc',
      'Infinity',
      '1e309',
      '1e3',
      'NaN',
      '\u0000',
      '5\u0000',
      '0x10',
      '--5',
      '5-',
      '%',
      '.',
      ',',
    ])
      expect(value(readNumber(text, 'id')), text).toBe('validation.number-format');
    for (const text of ['1,2,3', '1,5,', '1.2.3', '12.34.567', '5,', '1,234.5'])
      expect(value(readNumber(text, 'id')), text).toBe('validation.number-separators');
    expect(value(readNumber('1.2.3', 'en'))).toBe('validation.number-separators');
    expect(value(readNumber('9'.repeat(400), 'en'))).toBe('validation.finite');
    expect(value(readNumber(Number.POSITIVE_INFINITY, 'en'))).toBe('validation.finite');
  });

  it('refuses a fraction where only whole numbers make sense', () => {
    expect(value(readNumber('100.000', 'id', { integer: true }))).toBe(100000);
    expect(value(readNumber('2,5', 'id', { integer: true }))).toBe('validation.integer');
  });

  it('every problem has a message in both languages', () => {
    for (const language of ['id', 'en'] as const)
      for (const text of ['x', '1,2,3', '1.5', '1,5', '9'.repeat(400)]) {
        const read = readNumber(text, language);
        if (!('problem' in read)) continue;
        const params = 'params' in read.problem ? read.problem.params : {};
        expect(translate(language, read.problem.key, params)).not.toContain('validation.');
      }
  });
});

/** Numbers a farmer types: up to 3 decimals, negative for -99 and money corrections. */
const typed = fc
  .double({ min: -1e9, max: 1e9, noNaN: true, noDefaultInfinity: true })
  .map((n) => Math.round(n * 1000) / 1000 || 0);

describe('readNumber, properties', () => {
  for (const [language, locale] of [
    ['id', 'id-ID'],
    ['en', 'en-GB'],
  ] as const) {
    it(`${language}: a number written the ${locale} way, grouped or not, reads back equal`, () => {
      fc.assert(
        fc.property(typed, fc.boolean(), (n, useGrouping) => {
          const text = new Intl.NumberFormat(locale, { maximumFractionDigits: 3, useGrouping }).format(n);
          expect(value(readNumber(text, language))).toBe(n);
        }),
      );
    });

    it(`${language}: the box's own text of a number reads back equal`, () => {
      fc.assert(
        fc.property(typed, (n) => {
          expect(value(readNumber(numberForInput(n, language), language))).toBe(n);
        }),
      );
    });

    it(`${language}: the echo shown next to a box reads back equal`, () => {
      fc.assert(
        fc.property(typed, (n) => {
          expect(value(readNumber(echoNumber(n, language), language))).toBe(n);
        }),
      );
    });

    it(`${language}: one group mark without three digits after it reads as a decimal`, () => {
      const group = language === 'en' ? ',' : '.';
      const notThree = fc.oneof(fc.stringMatching(/^\d{1,2}$/), fc.stringMatching(/^\d{4,6}$/));
      fc.assert(
        fc.property(fc.stringMatching(/^[1-9]\d{0,4}$/), notThree, (head, tail) => {
          expect(value(readNumber(`${head}${group}${tail}`, language))).toBe(Number(`${head}.${tail}`));
        }),
      );
    });

    it(`${language}: text with a letter in it is never a number`, () => {
      fc.assert(
        fc.property(
          fc.string(),
          fc.constantFrom('a', 'e', 'E', 'x', 'I', 'k', '\u0000', '#'),
          fc.string(),
          (a, letter, b) => {
            const read = readNumber(`${a}${letter}${b}`, language);
            expect('problem' in read).toBe(true);
          },
        ),
      );
    });
  }
});
