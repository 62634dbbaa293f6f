/** What other modules take from the price list module: the repository type the forecast reads. */
export type { FarmPriceRepository } from './farm-price.repository.ts';
