import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFarm, type FarmSetup, type QuickUser, quickUser } from '#test/helpers/farm-fixtures';
import { createTestApp } from '#test/helpers/test-app';
import type { App } from '../../app.ts';

/**
 * Found by the sync fault-injection harness (tests/chaos): the device's edit of a synced
 * reading sends the whole mirrored row (src/local/outbox.ts updateRecord), so a reading
 * taken while its pond had no active cycle carries `cycle_id: null`. The update schema
 * took only a uuid there, so every such edit ended failed with `validation-failed`.
 * `null` must mean "keep the cycle", as an absent field does.
 */
let app: App;
let owner: QuickUser;
let farm: FarmSetup;
beforeAll(async () => {
  app = await createTestApp();
  owner = await quickUser(app, 'owner');
  farm = await createFarm(app, owner, 1);
});
afterAll(() => app.close());

describe('PUT /api/water/<kind>/:id/update with the body a device sends', () => {
  for (const [kind, field] of [
    ['general', 'ph'],
    ['chemical', 'tom'],
  ] as const) {
    it(`${kind}: accepts cycle_id null (a reading outside any cycle) and keeps the cycle`, async () => {
      const id = uuidv7();
      const bulk = await app.inject({
        method: 'POST',
        url: `/api/water/${kind}/bulk`,
        headers: owner.auth,
        payload: {
          items: [{ id, pond_id: farm.pondIds[0], measured_at: '2025-04-01T06:00:00+07:00', [field]: 7 }],
        },
      });
      expect(bulk.json().data.results[0].status, bulk.body).toBe('ok');
      const list = await app.inject({
        method: 'GET',
        url: `/api/water/${kind}?farm_id=${farm.farmId}`,
        headers: owner.auth,
      });
      const row = list.json().data.find((r: { id: string }) => r.id === id);
      expect(row.cycle_id).toBeNull();
      const res = await app.inject({
        method: 'PUT',
        url: `/api/water/${kind}/${id}/update`,
        headers: owner.auth,
        payload: { ...row, [field]: 8 },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ [field]: 8, cycle_id: null });
    });
  }
});
