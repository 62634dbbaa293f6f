/** What other modules may take from production: stockings, harvests and deaths as rations and costs read them. */
export type { ProductionRepository } from './production.repository.ts';
