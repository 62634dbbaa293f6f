/**
 * Every cycle and farm figure (shared/design/DOMAIN.md) from one module: DOC, ABW, size,
 * ADG, population, SR, biomass, cumulative feed, FCR, productivity per cycle and per year,
 * revenue and HPP. The overview, pond page, farm home, analysis, comparison, charts,
 * finance statistics, reports (PDF and XLSX) and the offline views import from here, so a
 * figure is computed the same way wherever it is shown.
 *
 * - `figures/formulas.ts`: one formula per figure (-99 and nothing to divide by → null);
 * - `figures/cycle.ts`: one stocking's figures from its records (`cycleFigures`) and the
 *   farm row (`farmSummary`);
 * - `figures/sampling.ts`: one sampling's ABW, size and ADG;
 * - `figures/money.ts`: rupiah maths, HPP and productivity over a period;
 * - `forecast/`: the growth forecast, target sizes and harvest projections (ADR 0060).
 */
export * from './figures/cost-shares.ts';
export * from './figures/cycle.ts';
export * from './figures/formulas.ts';
export * from './figures/money.ts';
export * from './figures/sampling.ts';
export * from './forecast/index.ts';
