import type { AncoStatus } from '#shared/domain/feeding';

/**
 * The seams the production domain plugs into the feeding programme (the lead wires
 * them in context.ts once deaths, harvests and feed-tray checks exist):
 * - `shrimpRemoved`: shrimp no longer in the pond per stocking (recorded deaths plus
 *   harvested count). Until it is plugged in, population = PL stocked (seed_actual).
 * - `lastAnco`: the latest feed-tray result per pond up to a day. Until it is plugged
 *   in, rations are not adjusted for anco.
 */
export interface RationSources {
  shrimpRemoved: (stockIds: string[]) => Promise<Map<string, number>>;
  lastAnco: (pondIds: string[], onDay: string) => Promise<Map<string, AncoStatus>>;
}

export const NO_PRODUCTION_SOURCES: RationSources = {
  shrimpRemoved: async () => new Map(),
  lastAnco: async () => new Map(),
};
