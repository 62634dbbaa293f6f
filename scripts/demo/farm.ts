import type { Db } from '../../src/server/db/database.ts';
import { FEATURES, ROLE } from '../../src/shared/domain/permissions.ts';
import type { DemoApi } from './api.ts';
import { addDays, planCycles } from './calendar.ts';
import type { DemoContext, DemoPond } from './context.ts';
import { cycleStory } from './growth.ts';
import { DEMO_MIN_PONDS, seededPondNames } from './seeded-problems.ts';

export const DEMO_FARM_NAME = 'Tambak Demo Sumber Rejeki';
const BLOCKS = ['A', 'B', 'C', 'D'];

/**
 * The demo farm: created through the API the first time, found by its flag afterwards
 * (POST /farm/add takes no device id). It is a pro farm ("Siklus"), and its viewer role
 * may look at everything, finance included, and change nothing.
 */
export async function demoFarm(db: Db, api: DemoApi): Promise<string> {
  const existing = await db
    .selectFrom('farms')
    .select('id')
    .where('is_demo', '=', true)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (existing) return existing.id;
  const farm = await api.call<{ farm_id: string }>('POST', '/farm/add', { name: DEMO_FARM_NAME });
  await db.updateTable('farms').set({ is_demo: true, status: 1 }).where('id', '=', farm.farm_id).execute();
  return farm.farm_id;
}

export async function viewerPermissions(api: DemoApi, farmId: string): Promise<void> {
  const permissions = FEATURES.map((feature_name) => ({
    feature_name,
    action: feature_name === 'user_permission' || feature_name === 'own_records' ? -1 : 0,
  }));
  await api.call('PUT', '/permission', { farm_id: farmId, role_id: ROLE.viewer, permissions });
}

/**
 * Four blocks, `pondCount` ponds (at least DEMO_MIN_PONDS, so every pond a seeded problem
 * names exists) of 2,000–4,500 m² named A1, A2 … D12, and their cycle plans.
 */
export async function blocksAndPonds(
  ctx: Omit<DemoContext, 'ponds'>,
  pondCount: number,
  days: number,
): Promise<DemoPond[]> {
  const rng = ctx.rngFor('farm');
  const firstDay = addDays(ctx.today, -days);
  const origin = Date.parse(`${firstDay}T00:00:00Z`);
  const blockIds: string[] = [];
  for (const letter of BLOCKS) {
    const block_id = ctx.id(`block:${letter}`, origin);
    await ctx.api.call('POST', '/block', { farm_id: ctx.farmId, block_id, block_name: `Blok ${letter}` });
    blockIds.push(block_id);
  }
  const ponds: DemoPond[] = [];
  const count = Math.max(pondCount, DEMO_MIN_PONDS);
  // Blocks as even as can be (50 ponds: 13, 13, 12, 12), so every block has at least its 1 and 2.
  const slots = BLOCKS.flatMap((letter, b) => {
    const size = Math.floor(count / BLOCKS.length) + (b < count % BLOCKS.length ? 1 : 0);
    return Array.from({ length: size }, (_, n) => ({ b, name: `${letter}${n + 1}` }));
  });
  const seeded = seededPondNames();
  for (const [i, { b, name }] of slots.entries()) {
    const area = rng.int(40, 90) * 50;
    const pond_id = ctx.id(`pond:${i}`, origin);
    await ctx.api.call('POST', '/pond', { farm_id: ctx.farmId, block_id: blockIds[b], pond_id, name, area });
    const cycles = planCycles(rng, firstDay, ctx.today, { seeded: seeded.has(name) }).map((c) => {
      const cycle = { ...c, id: ctx.id(`cycle:${i}:${c.index}`, Date.parse(`${c.start}T00:00:00Z`)) };
      return { ...cycle, story: cycleStory(ctx.rngFor(`story:${i}:${c.index}`), area, cycle, ctx.today) };
    });
    ponds.push({ id: pond_id, name, area, cycles });
  }
  return ponds;
}
