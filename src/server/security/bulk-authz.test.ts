import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFarm, type FarmSetup, type QuickUser, quickUser } from '#test/helpers/farm-fixtures';
import { createTestApp } from '#test/helpers/test-app';
import type { App } from '../app.ts';

/**
 * API1 (BOLA) inside bulk bodies: authorization is checked per item, so a batch that mixes
 * the caller's ponds with another farm's stores only the caller's rows and reports each
 * foreign item as not-found (never as forbidden, which would confirm the id exists).
 */
let app: App;
let alice: QuickUser;
let bob: QuickUser;
let mine: FarmSetup;
let theirs: FarmSetup;
beforeAll(async () => {
  app = await createTestApp();
  alice = await quickUser(app, 'alice');
  bob = await quickUser(app, 'bob');
  mine = await createFarm(app, alice, 2);
  theirs = await createFarm(app, bob, 2);
});
afterAll(() => app.close());

const reading = (pondId: string, extra: Record<string, unknown> = {}) => ({
  id: uuidv7(),
  pond_id: pondId,
  measured_at: '2025-03-01T06:00:00+07:00',
  ph: 8.1,
  do: 5.2,
  temperature: 29.5,
  salinity: 18,
  color: 8,
  weather: 6,
  ...extra,
});

describe('bulk water bodies mixing farms', () => {
  it('stores only the caller’s items and answers not-found for the other farm’s', async () => {
    const items = [
      reading(mine.pondIds[0]),
      reading(theirs.pondIds[0]),
      reading(mine.pondIds[1]),
      reading(theirs.pondIds[1]),
      reading(uuidv7()),
    ];
    const res = await app.inject({
      method: 'POST',
      url: '/api/water/general/bulk?lang=en',
      headers: alice.auth,
      payload: { items },
    });
    expect(res.statusCode).toBe(200);
    const results = res.json().data.results as { id: string; status: string; code?: string }[];
    expect(results.map((r) => r.id)).toEqual(items.map((i) => i.id));
    expect(results.map((r) => r.code ?? r.status)).toEqual([
      'ok',
      'not-found',
      'ok',
      'not-found',
      'not-found',
    ]);

    const rows = await app.ctx.db
      .selectFrom('water_general')
      .select(['id', 'farm_id', 'pond_id', 'created_by'])
      .where(
        'id',
        'in',
        items.map((i) => i.id),
      )
      .execute();
    expect(rows.map((r) => r.id).sort()).toEqual([items[0].id, items[2].id].sort());
    for (const row of rows) {
      expect(row.farm_id).toBe(mine.farmId);
      expect(row.created_by).toBe(alice.id);
    }
    const foreign = await app.ctx.db
      .selectFrom('water_general')
      .select('id')
      .where('farm_id', '=', theirs.farmId)
      .execute();
    expect(foreign).toEqual([]);
  });

  it('cannot overwrite another farm’s reading by reusing its id with an own pond', async () => {
    const bobs = reading(theirs.pondIds[0]);
    const first = await app.inject({
      method: 'POST',
      url: '/api/water/general/bulk',
      headers: bob.auth,
      payload: { items: [bobs] },
    });
    expect(first.json().data.results[0].status).toBe('ok');
    const hijack = await app.inject({
      method: 'POST',
      url: '/api/water/general/bulk',
      headers: alice.auth,
      payload: { items: [{ ...bobs, pond_id: mine.pondIds[0], ph: 4 }] },
    });
    expect(hijack.json().data.results[0].status).toBe('error');
    const row = await app.ctx.db
      .selectFrom('water_general')
      .selectAll()
      .where('id', '=', bobs.id)
      .executeTakeFirstOrThrow();
    expect(row.farm_id).toBe(theirs.farmId);
    expect(Number(row.ph)).toBe(8.1);
  });
});
