/** 3×3 maths of the fit (no dependency): row-major arrays of 9. */
export type Mat3 = number[];

/** Inverse of a symmetric 3×3 matrix; null when singular. */
export function invert3(m: Mat3): Mat3 | null {
  const [a, b, c, d, e, f, g, h, i] = m as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const A = e * i - f * h;
  const B = -(d * i - f * g);
  const C = d * h - e * g;
  const det = a * A + b * B + c * C;
  if (!Number.isFinite(det) || Math.abs(det) < 1e-300) return null;
  return [
    A / det,
    -(b * i - c * h) / det,
    (b * f - c * e) / det,
    B / det,
    (a * i - c * g) / det,
    -(a * f - c * d) / det,
    C / det,
    -(a * h - b * g) / det,
    (a * e - b * d) / det,
  ];
}

/** vᵀ M v. */
export function quad3(m: Mat3, v: readonly number[]): number {
  let s = 0;
  for (let r = 0; r < 3; r++)
    for (let c = 0; c < 3; c++) s += (v[r] ?? 0) * (m[r * 3 + c] ?? 0) * (v[c] ?? 0);
  return s;
}

/** M v. */
export function mul3(m: Mat3, v: readonly number[]): [number, number, number] {
  const out: [number, number, number] = [0, 0, 0];
  for (let r = 0; r < 3; r++)
    out[r] =
      (m[r * 3] ?? 0) * (v[0] ?? 0) + (m[r * 3 + 1] ?? 0) * (v[1] ?? 0) + (m[r * 3 + 2] ?? 0) * (v[2] ?? 0);
  return out;
}
