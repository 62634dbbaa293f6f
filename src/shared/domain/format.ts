/**
 * Number and money formatting of seed 000 §5 and §9: money is Rupiah without
 * decimals, quantities round to 3 decimals, general numbers to 2; very small or
 * very large numbers are shown as "x 10^n".
 */
const rupiahFormat = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 0 });

export function formatRupiah(value: number): string {
  const rounded = Math.round(value);
  const sign = rounded < 0 ? '-' : '';
  return `${sign}Rp ${rupiahFormat.format(Math.abs(rounded))}`;
}

export function roundTo(value: number, decimals = 2): number {
  const factor = 10 ** decimals;
  return Math.round((value + Number.EPSILON * Math.sign(value)) * factor) / factor;
}

export function roundQuantity(value: number): number {
  return roundTo(value, 3);
}

/** One Intl.NumberFormat per locale and precision: building one costs far more than using it (a table of 900 values). */
const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, decimals: number): Intl.NumberFormat {
  const key = `${locale}|${decimals}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: decimals });
    numberFormats.set(key, format);
  }
  return format;
}

export function formatNumber(value: number, decimals = 2, locale = 'id-ID'): string {
  const abs = Math.abs(value);
  if (abs !== 0 && (abs < 10 ** -decimals || abs >= 1e12)) {
    const exponent = Math.floor(Math.log10(abs));
    const mantissa = roundTo(value / 10 ** exponent, decimals);
    return `${mantissa.toLocaleString(locale)} x 10^${exponent}`;
  }
  return numberFormat(locale, decimals).format(roundTo(value, decimals));
}

/**
 * A size in bytes as a person reads it: "94 KB", "3,4 MB", "10,7 GB" (decimal units, as
 * phones show storage). Never in the "x 10^n" form; a negative or non-number prints "–".
 */
export function formatBytes(bytes: number, locale = 'id-ID'): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '–';
  const units: [number, string][] = [
    [1e9, 'GB'],
    [1e6, 'MB'],
    [1e3, 'KB'],
  ];
  for (const [scale, unit] of units) {
    if (bytes >= scale) {
      const value = bytes / scale;
      const decimals = value < 10 || unit === 'GB' ? 1 : 0;
      return `${numberFormat(locale, decimals).format(roundTo(value, decimals))} ${unit}`;
    }
  }
  return `${numberFormat(locale, 0).format(bytes)} B`;
}

/**
 * Integer rupiah given as text or BigInt (the API's sums, ADR 0017) → "Rp 1.500.000",
 * without ever passing through a float. Anything that is not an integer prints as "Rp 0".
 */
export function formatRupiahText(value: string | bigint): string {
  const big = typeof value === 'bigint' ? value : /^-?\d+$/.test(value) ? BigInt(value) : 0n;
  const sign = big < 0n ? '-' : '';
  return `${sign}Rp ${rupiahFormat.format(big < 0n ? -big : big)}`;
}

/**
 * A percentage as a person reads it: "0,09 %" (id) / "0.09 %" (en), never "x 10^n" (that
 * form is for very small or large quantities). One decimal from 1 %, two below it, and
 * "< 0,01 %" for a share smaller than that; null or a non-number prints "–".
 */
export function formatPercent(value: number | null | undefined, locale = 'id-ID'): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  const abs = Math.abs(value);
  if (abs > 0 && abs < 0.01) return `< ${numberFormat(locale, 2).format(0.01)}\u00a0%`;
  return `${numberFormat(locale, abs < 1 ? 2 : 1).format(roundTo(value, abs < 1 ? 2 : 1))}\u00a0%`;
}
