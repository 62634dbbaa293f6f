/**
 * The finance figures' maths (DOMAIN.md), on integer rupiah: BigInt for money so sums of
 * many amounts never lose a rupiah, kilograms as numbers (harvest weights have decimals).
 */

/** A decimal string of integer rupiah (what the API answers for sums) as BigInt. */
export function rupiah(value: string | number | bigint): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') return BigInt(Math.round(value));
  return /^-?\d+$/.test(value) ? BigInt(value) : 0n;
}

/**
 * HPP (harga pokok produksi), Rp per kg = costs ÷ harvested kg, rounded half up to a
 * whole rupiah. No harvest (0 kg or less) has no HPP: null, shown as "–".
 * Kilograms are taken to the gram so the division stays in integers.
 */
export function hppPerKg(costRp: bigint, harvestedKg: number): bigint | null {
  if (!Number.isFinite(harvestedKg)) return null;
  const grams = BigInt(Math.round(harvestedKg * 1000));
  if (grams <= 0n) return null;
  const scaled = costRp * 1000n;
  return (scaled * 2n + grams) / (grams * 2n);
}

/** Productivity, kg per hectare = harvested kg ÷ (area m² ÷ 10,000), to 2 decimals; no area → null. */
export function kgPerHa(harvestedKg: number, areaM2: number): number | null {
  if (!Number.isFinite(areaM2) || areaM2 <= 0 || !Number.isFinite(harvestedKg)) return null;
  return Math.round((harvestedKg / (areaM2 / 10_000)) * 100) / 100;
}

/** Balance of an account or a period: income − expenses. */
export function balanceOf(income: bigint, expenses: bigint): bigint {
  return income - expenses;
}
