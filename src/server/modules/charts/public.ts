/** What other modules may take from charts: the pond and reading queries analysis builds on. */
export type { ChartPond, ChartsRepository } from './charts.repository.ts';
