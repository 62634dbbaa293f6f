import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoApi } from '../../scripts/demo/api.ts';
import { demoEnd } from '../../scripts/demo/calendar.ts';
import type { DemoContext } from '../../scripts/demo/context.ts';
import { finance } from '../../scripts/demo/finance.ts';
import { demoId } from '../../scripts/demo/ids.ts';
import { Rng } from '../../scripts/lib/prng.ts';
import type { App } from '../../src/server/app.ts';
import { type FarmSetup, ownerWithFarm, type QuickUser } from '../helpers/farm-fixtures.ts';
import { createTestApp } from '../helpers/test-app.ts';

let app: App;
let owner: QuickUser;
let farm: FarmSetup;
beforeAll(async () => {
  ({ app, owner, farm } = await ownerWithFarm(2, createTestApp));
});
afterAll(() => app.close());

function context(): DemoContext {
  const token = owner.auth.authorization.replace(/^Bearer /, '');
  const story = { stocked: 100_000, growth: 1, survival: 0.8, harvestDoc: 110, lastDoc: 100 };
  return {
    api: new DemoApi(app, token),
    seed: 7,
    farmId: farm.farmId,
    ...demoEnd(new Date(), '2025-06-30'),
    happened: () => true,
    id: (key, at) => demoId(7, key, at),
    rngFor: (name) => new Rng([...name].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7)),
    log: () => {},
    ponds: farm.pondIds.map((id, i) => ({
      id,
      name: `Kolam ${i + 1}`,
      area: 1000,
      cycles: [
        { index: 0, start: '2025-01-10', end: '2025-04-30', harvestDoc: 111, id: `c-${i}-0`, story },
        { index: 1, start: '2025-05-20', end: null, harvestDoc: 110, id: `c-${i}-1`, story },
      ],
    })),
  };
}

describe('finance demo generator', () => {
  it('books accounts, monthly costs, rounds and harvest sales; a second run books nothing twice', async () => {
    const run = async () => {
      const ctx = context();
      await finance.once?.(ctx);
      for (const index of [0, 1])
        await finance.round?.(
          ctx,
          ctx.ponds.map((pond) => ({ pond, cycle: pond.cycles[index] })),
        );
    };
    await run();
    const count = async () =>
      (
        await app.ctx.db
          .selectFrom('finance_transactions')
          .select('id')
          .where('farm_id', '=', farm.farmId)
          .execute()
      ).length;
    const first = await count();
    expect(first).toBeGreaterThan(30);
    const total = await app.inject({
      method: 'GET',
      url: `/api/totalTransaction?farm_id=${farm.farmId}`,
      headers: owner.auth,
    });
    const t = total.json().data;
    expect(BigInt(t.income)).toBeGreaterThan(0n);
    expect(BigInt(t.expenses)).toBeGreaterThan(0n);
    await run();
    expect(await count()).toBe(first);
  });
});
