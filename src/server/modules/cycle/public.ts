/** What other modules may take from cycle: the cycles of a pond (stockings and readings check them). */
export type { CycleRepository } from './cycle.repository.ts';
