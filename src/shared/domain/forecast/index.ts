/**
 * The forecast (issue 26, docs/adr/0060-forecast-growth-model.md): the farm's growth
 * curve (learnt from its finished cycles, with its season; the default Gompertz curve for
 * a new farm) fitted per pond in level and pace, its band, and what a manager plans with:
 * the day each target size is reached and what a harvest then (or on a chosen day) gives.
 * Pure and shared: the server's /api/forecast, the device's offline pond page and the
 * backtest (`npm run eval:forecast`) compute the same numbers. Re-exported by
 * `#shared/domain/figures`.
 */
export * from './analog.ts';
export * from './fit.ts';
export * from './growth-model.ts';
export * from './money-inputs.ts';
export * from './plan.ts';
export * from './price-list.ts';
export * from './prior.ts';
export * from './richards.ts';
export * from './shape-average.ts';
export * from './validate.ts';
