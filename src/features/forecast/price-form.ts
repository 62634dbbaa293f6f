import {
  type ForecastProblem,
  type PricePoint,
  priceListProblems,
  targetSizesProblem,
} from '#shared/domain/figures';
import { readNumber } from '#shared/domain/number-input';

/** A row of the price list form as typed: size (pcs/kg) and Rp per kg. */
export interface PriceRowText {
  size: string;
  price: string;
}

export interface PriceFormValues {
  valid_from: string;
  rows: PriceRowText[];
}

type RowErrors = Partial<Record<keyof PriceRowText, string>>;
export interface PriceFormErrors {
  valid_from?: string;
  rows?: (RowErrors | undefined)[];
}

/** A shared rule's problem as a form error: `key|{params}`, translated by the field (translateMessage). */
export function problemText(p: { key: string; params?: Record<string, string | number> }): string {
  return p.params ? `${p.key}|${JSON.stringify(p.params)}` : p.key;
}

/** Typed text as a number in the screen's language; a text that is no number answers NaN (refused by the rules). */
function typed(text: string, language: string): number | null {
  const read = readNumber(text, language);
  return 'problem' in read ? Number.NaN : read.value;
}

/**
 * The typed list as prices, or the errors per row (the same rules as the server:
 * `priceListProblems`). Blank rows are left out; a price with decimals is refused, not rounded.
 */
export function checkPriceForm(
  values: PriceFormValues,
  language: string,
): { prices?: PricePoint[]; errors: PriceFormErrors } {
  const errors: PriceFormErrors = {};
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.valid_from)) errors.valid_from = 'validation.date';
  const filled = values.rows
    .map((row, index) => ({ row, index }))
    .filter(({ row }) => row.size.trim() !== '' || row.price.trim() !== '');
  const points = filled.map(({ row }) => ({
    size: typed(row.size, language),
    price_per_kg: typed(row.price, language),
  }));
  const problems: ForecastProblem[] = priceListProblems(points, 'rows');
  if (problems.length > 0) {
    const rows: (RowErrors | undefined)[] = values.rows.map(() => undefined);
    for (const p of problems) {
      const [, at, field] = p.field.split('.');
      const index = filled[Number(at)]?.index ?? 0;
      const key = field === 'size' ? 'size' : 'price';
      rows[index] = { ...rows[index], [key]: problemText(p) };
    }
    errors.rows = rows;
  }
  if (Object.keys(errors).length > 0) return { errors };
  return { prices: points as PricePoint[], errors };
}

/**
 * Target sizes typed as a list ("100, 70, 50" or "100 70 50": sizes are whole numbers, so a
 * comma or a space parts them in both languages), checked as the server does
 * (`targetSizesProblem`, against the ABW of the farm's running ponds): the sizes largest
 * count first, or the error.
 */
export function checkTargetSizes(
  text: string,
  runningAbws: readonly number[],
): { sizes?: number[]; error?: string } {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  const sizes = parts.map((s) => (/^\d+$/.test(s) ? Number(s) : Number.NaN));
  if (sizes.length === 0) return { error: 'validation.required' };
  const problem = targetSizesProblem(sizes, runningAbws);
  if (problem) return { error: problemText(problem) };
  return { sizes: [...sizes].sort((a, b) => b - a) };
}
