import fc from 'fast-check';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkTyped, readTyped, typedNumber } from '../../src/components/number-field.tsx';
import { parseRupiahInput } from '../../src/features/finance/finance-model.ts';
import { parseCount, parseNumber } from '../../src/features/production/production-model.ts';
import { num } from '../../src/features/records/records-model.ts';
import { numberOf } from '../../src/features/sampling/entry-model.ts';
import { parseQty } from '../../src/features/warehouse/use-entry-model.ts';
import { checkBounds } from '../../src/features/water/standards-model.ts';
import { parseEntry } from '../../src/features/water/water-fields.ts';
import { POND_AREA_MAX } from '../../src/shared/contracts/farm.ts';
import { FEED_PROGRAMME_BOUNDS } from '../../src/shared/domain/feeding.ts';
import { MAX_NOMINAL } from '../../src/shared/domain/finance.ts';
import { SAMPLING_SIGNS } from '../../src/shared/domain/sampling-signs.ts';
import { MAX_QTY } from '../../src/shared/domain/warehouse.ts';
import { WATER_FIELDS } from '../../src/shared/domain/water-fields.ts';

/**
 * Every numeric box of every form, through the function its form reads it with: a number
 * in the field's range written the way the language writes it (grouped or not) reads back
 * equal, and a decimal typed with the other language's mark is read as that decimal or
 * refused out of range, never misread as thousands (issue 28: "3.500" in Indonesian is
 * 3500, "1.5" is 1.5).
 */
type Read = (text: string, language: 'id' | 'en') => number | null;

interface NumberBox {
  form: string;
  field: string;
  read: Read;
  min: number;
  max: number;
  integer?: boolean;
  /** Decimals the box keeps (quantities 3, money 0). */
  decimals?: number;
}

const t = ((key: string) => key) as never;
const orNaN = (value: number | undefined | null) => (value === undefined ? null : value);
const readValue = (read: { value: number | null } | { problem: unknown }) =>
  'value' in read ? read.value : Number.NaN;

const water: NumberBox[] = Object.entries(WATER_FIELDS).flatMap(([kind, fields]) =>
  Object.entries(fields).map(([field, spec]) => ({
    form: `water ${kind}`,
    field,
    read: (text: string, language: 'id' | 'en') =>
      readValue(parseEntry(kind as never, field, text, language)),
    // -99 is "not measured" and reads as empty: keep the range above it.
    min: Math.max(spec.min, -98),
    max: Math.min(spec.max, 1e7),
    integer: spec.integer,
  })),
);

const BOXES: NumberBox[] = [
  ...water,
  {
    form: 'water standards',
    field: 'min',
    read: (text, language) => {
      const checked = checkBounds({ min: text, max: '' }, language);
      return checked.standard ? checked.standard.min : Number.NaN;
    },
    min: -1e6,
    max: 1e6,
  },
  {
    form: 'pond',
    field: 'area',
    // The dialog's schema validates, then the save reads (pond-dialog.tsx).
    read: (text, language) =>
      typedNumber({ required: true, min: 0, max: POND_AREA_MAX }).isValidSync(text)
        ? readTyped(text, language)
        : Number.NaN,
    min: 0,
    max: POND_AREA_MAX,
  },
  ...(['weight_kg', 'size', 'total_weight_kg'] as const).map((field) => ({
    form: 'production',
    field,
    read: ((text, language) => orNaN(parseNumber(text, language))) as Read,
    min: 0,
    max: 1e7,
  })),
  ...(['seed_net', 'seed_actual', 'pl_age', 'bags', 'count', 'price_per_kg'] as const).map((field) => ({
    form: 'production',
    field,
    read: ((text, language) => orNaN(parseCount(text, language))) as Read,
    min: 0,
    max: 1e9,
    integer: true,
  })),
  {
    form: 'feed and item use',
    field: 'qty',
    read: (text, language) => {
      const parsed = parseQty(text, language);
      return parsed === null ? null : 'milli' in parsed ? parsed.milli / 1000 : Number.NaN;
    },
    min: 0.001,
    max: MAX_QTY - 1,
  },
  ...(['minimum_stock', 'restock qty', 'order qty'] as const).map((field) => ({
    form: 'warehouse',
    field,
    read: ((text, language) => {
      const checked = checkTyped(t, text, { min: 0, max: MAX_QTY }, language);
      return checked.error ? Number.NaN : checked.value;
    }) as Read,
    min: 0,
    max: MAX_QTY,
  })),
  ...(['price', 'order price'] as const).map((field) => ({
    form: 'warehouse',
    field,
    read: ((text, language) => {
      const checked = checkTyped(t, text, { min: 0, integer: true }, language);
      return checked.error ? Number.NaN : checked.value;
    }) as Read,
    min: 0,
    max: 1e12,
    integer: true,
  })),
  ...Object.entries(FEED_PROGRAMME_BOUNDS).map(([field, bounds]) => ({
    form: 'feed programme',
    field,
    read: ((text, language) => {
      const checked = checkTyped(t, text, bounds, language);
      return checked.error ? Number.NaN : checked.value;
    }) as Read,
    ...bounds,
  })),
  ...(['abw', 'fr'] as const).map((field) => ({
    form: 'feed rate table',
    field,
    read: ((text, language) => {
      const checked = checkTyped(t, text, { min: 0, max: 100 }, language);
      return checked.error ? Number.NaN : checked.value;
    }) as Read,
    min: 0,
    max: 100,
  })),
  {
    form: 'finance',
    field: 'nominal',
    read: (text, language) => {
      const parsed = parseRupiahInput(text, language);
      return 'value' in parsed ? parsed.value : Number.NaN;
    },
    min: 1,
    max: MAX_NOMINAL,
    integer: true,
  },
  ...(['percent', 'height_cm', 'affected_percent'] as const).map((field) => ({
    form: 'records',
    field,
    read: ((text, language) => num(text, language)) as Read,
    min: 0,
    max: 500,
  })),
  ...(['shrimp_count', 'sample_weight', ...SAMPLING_SIGNS] as const).map((field) => ({
    form: 'sampling',
    field,
    read: ((text, language) => orNaN(numberOf(text, language))) as Read,
    min: 0,
    max: 1e6,
    integer: field !== 'sample_weight',
  })),
  {
    form: 'alert settings',
    field: 'death_threshold',
    read: (text, language) => {
      const rule = typedNumber({ integer: true, min: 1, max: 100_000_000 });
      return rule.isValidSync(text) ? readTyped(text, language) : Number.NaN;
    },
    min: 1,
    max: 100_000_000,
    integer: true,
  },
];

const LOCALES = { id: 'id-ID', en: 'en-GB' } as const;

function inRange(box: NumberBox) {
  const decimals = box.integer ? 0 : (box.decimals ?? 3);
  return fc
    .double({ min: box.min, max: box.max, noNaN: true, noDefaultInfinity: true })
    .map((n) => Math.min(box.max, Math.max(box.min, Math.round(n * 10 ** decimals) / 10 ** decimals)) || 0)
    .filter((n) => n >= box.min && n <= box.max);
}

describe('every numeric field of every form reads numbers as its language writes them', () => {
  for (const language of ['id', 'en'] as const) {
    beforeAll(async () => {
      await i18next.init({ lng: language, resources: {} });
    });
    for (const box of BOXES) {
      it(`${language} · ${box.form} · ${box.field}`, async () => {
        await i18next.changeLanguage(language);
        fc.assert(
          fc.property(inRange(box), fc.boolean(), (n, useGrouping) => {
            const text = new Intl.NumberFormat(LOCALES[language], {
              maximumFractionDigits: 3,
              useGrouping,
            }).format(n);
            expect(box.read(text, language)).toBe(n);
          }),
          { numRuns: 60 },
        );
        if (box.integer) return;
        // A decimal written with the other language's mark ("1.5" in Indonesian): that decimal,
        // or refused when out of the field's range, never 15 or 1500.
        const other = language === 'id' ? '.' : ',';
        fc.assert(
          fc.property(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 1, max: 99 }), (whole, fraction) => {
            const read = box.read(`${whole}${other}${fraction}`, language);
            if (!Number.isNaN(read)) expect(read).toBe(Number(`${whole}.${fraction}`));
          }),
          { numRuns: 30 },
        );
      });
    }
  }
});
