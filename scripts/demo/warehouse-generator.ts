import type { DemoContext, DemoGenerator } from './context.ts';
import { generateWarehouse } from './warehouse.ts';

/**
 * The warehouse of the demo farm: items, restocks every ten days, four feedings a day and
 * probiotics for the cycles running today (the last 120 days), purchase orders. Runs after
 * the rounds, when the running cycles are known.
 */
async function finish(ctx: DemoContext): Promise<void> {
  const rng = ctx.rngFor('warehouse');
  await generateWarehouse({
    api: {
      get: (path, query) => {
        const q = new URLSearchParams(
          Object.entries(query ?? {}).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
        );
        return ctx.api.call('GET', `${path}${q.size ? `?${q}` : ''}`);
      },
      post: (path, body) => ctx.api.call('POST', path, body),
    },
    farmId: ctx.farmId,
    random: () => rng.float(),
    days: 120,
    today: ctx.today,
    until: ctx.until,
  });
}

export const warehouse: DemoGenerator = { name: 'warehouse', finish };
