import type { AncoStatus } from '#shared/domain/feeding';

/**
 * The inputs the production and records domains give the feeding programme (context.ts
 * wires `sqlRationSources`, sql-ration-sources.ts):
 * - `shrimpRemoved`: shrimp no longer in the pond per stocking (recorded deaths plus
 *   harvested count); without it population = PL stocked (seed_actual).
 * - `lastAnco`: the latest feed-tray result per pond up to a day; without it rations are
 *   not adjusted for anco.
 */
export interface RationSources {
  shrimpRemoved: (stockIds: string[]) => Promise<Map<string, number>>;
  lastAnco: (pondIds: string[], onDay: string) => Promise<Map<string, AncoStatus>>;
}

export const NO_PRODUCTION_SOURCES: RationSources = {
  shrimpRemoved: async () => new Map(),
  lastAnco: async () => new Map(),
};
