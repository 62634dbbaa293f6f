/**
 * The growth model of the forecast (docs/adr/0060-forecast-growth-model.md): a Gompertz
 * curve of ABW (g) over the day of culture (DOC),
 *
 *   W(t) = W∞ · exp(−b · exp(−k · t))
 *
 * fitted per pond in log space with a prior on θ = (ln W∞, ln b, ln k). The prior is the
 * farm's (learnt from its finished cycles, `farmPrior`) or, for a farm without enough
 * history, `DEFAULT_PRIOR`, the documented default curve for intensive vannamei.
 */
export interface GrowthParams {
  /** Asymptotic weight, g. */
  winf: number;
  /** Displacement (how far below W∞ the curve starts). */
  b: number;
  /** Growth rate per day. */
  k: number;
}

/** θ = (ln W∞, ln b, ln k), the space the fit and the priors work in. */
export type Theta = readonly [number, number, number];

export interface GrowthPrior {
  mean: Theta;
  sd: Theta;
  /** 'farm': learnt from this farm's finished cycles; 'default': the documented default curve. */
  source: 'farm' | 'default';
  /** Finished cycles the prior was learnt from (0 for the default). */
  cycles: number;
}

export const toParams = (t: Theta): GrowthParams => ({
  winf: Math.exp(t[0]),
  b: Math.exp(t[1]),
  k: Math.exp(t[2]),
});
export const toTheta = (p: GrowthParams): Theta => [Math.log(p.winf), Math.log(p.b), Math.log(p.k)];

/** ln W(t). */
export function lnGompertz(t: Theta, doc: number): number {
  return t[0] - Math.exp(t[1] - Math.exp(t[2]) * doc);
}

/** W(t), g. */
export function gompertz(p: GrowthParams, doc: number): number {
  return p.winf * Math.exp(-p.b * Math.exp(-p.k * doc));
}

/** The (fractional) DOC at which the curve reaches `abw` g; null when it never does (abw ≥ W∞). */
export function docForAbw(p: GrowthParams, abw: number): number | null {
  if (!(abw > 0) || abw >= p.winf) return null;
  const inner = Math.log(p.winf / abw) / p.b;
  return -Math.log(inner) / p.k;
}

/** ∂ ln W / ∂θ at a DOC: the fit's Jacobian row and the band's gradient. */
export function lnGradient(t: Theta, doc: number): [number, number, number] {
  const e = Math.exp(t[1] - Math.exp(t[2]) * doc);
  return [1, -e, e * Math.exp(t[2]) * doc];
}

/**
 * The default curve: W∞ 38.1 g, b 5.22, k 0.0189/day. It passes through 2.0 g at DOC 30,
 * 7.1 g at 60, 14.7 g at 90 and 22.2 g at 120 (fitted to the anchor points of the ADR),
 * i.e. the grow-out of an intensive
 * vannamei pond at 80–140 PL/m² in Indonesia (DOMAIN.md's harvest sizes: size 50–60 around
 * DOC 100–110) and within the published ranges cited in the ADR (Sookying et al. 2011:
 * 20.7–25.3 g after 16 weeks; Kotiya & Vadher: 14.6–26.1 g at 120 days, summer crop;
 * Hassan et al. 2022: 24.3 g at 114 days, 133 PL/m²). The sd let a pond's samplings move
 * W∞ freely and the shape less.
 */
export const DEFAULT_PRIOR: GrowthPrior = {
  mean: [Math.log(38.1), Math.log(5.22), Math.log(0.0189)],
  sd: [0.45, 0.15, 0.2],
  source: 'default',
  cycles: 0,
};
