/** What other modules may take from production: the deaths rations read, the harvests costs read, the running stocks the forecast reads. */
export type { DeathRepository } from './death.repository.ts';
export type { HarvestRepository } from './harvest.repository.ts';
export type { StockRepository } from './stock.repository.ts';
