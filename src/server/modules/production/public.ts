/** What other modules may take from production: the deaths rations read, the harvests costs read. */
export type { DeathRepository } from './death.repository.ts';
export type { HarvestRepository } from './harvest.repository.ts';
