import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  type FarmSetup,
  ownerWithFarm,
  type QuickUser,
  quickUser,
} from '#test/helpers/farm-fixtures';
import { createTestApp } from '#test/helpers/test-app';
import type { App } from '../app.ts';
import type { FarmAccessRepository } from './farm-access.repository.ts';
import { FarmAccess } from './farm-access.ts';
import { MembershipCache } from './membership-cache.ts';

/** A repository that answers one admin membership and counts how often it was asked. */
function countingRepo() {
  const calls = { membership: 0 };
  const repo = {
    findMembership: async () => {
      calls.membership += 1;
      return {
        user_farm_id: 'uf',
        role_id: 1,
        status: 0,
        is_hide_finance: false,
        db_now: new Date(),
        permission_rows: [],
      };
    },
    pondAccess: async () => [],
  } as unknown as FarmAccessRepository;
  return { repo, calls };
}

describe('membership cache (unit)', () => {
  it('does not keep a membership read before a change and answered after it', async () => {
    let release: () => void = () => undefined;
    let slow = true;
    const calls = { membership: 0 };
    const repo = {
      findMembership: async () => {
        calls.membership += 1;
        if (slow) await new Promise<void>((r) => (release = r));
        return {
          user_farm_id: 'uf',
          role_id: 3,
          status: 0,
          is_hide_finance: false,
          db_now: new Date(),
          permission_rows: [],
        };
      },
      pondAccess: async () => [],
    } as unknown as FarmAccessRepository;
    const access = new FarmAccess(repo, new MembershipCache(() => true));
    const inFlight = access.membership('u', 'f');
    // The permission changes while that read is on its way.
    access.changed();
    slow = false;
    release();
    await inFlight;
    await access.membership('u', 'f');
    // The read from before the change was not kept: the next request read again.
    expect(calls.membership).toBe(2);
  });

  it('reads a membership once within the time it is kept, and again after a change', async () => {
    const { repo, calls } = countingRepo();
    const access = new FarmAccess(repo, new MembershipCache(() => true));
    const first = await access.membership('u', 'f');
    expect(await access.membership('u', 'f')).toBe(first);
    expect(calls.membership).toBe(1);
    access.changed();
    await access.membership('u', 'f');
    expect(calls.membership).toBe(2);
  });

  it('keeps nothing while changes from other instances cannot be heard, nor past its time', async () => {
    const { repo, calls } = countingRepo();
    let listening = false;
    const cache = new MembershipCache(() => listening, 1_000);
    const access = new FarmAccess(repo, cache);
    await access.membership('u', 'f');
    await access.membership('u', 'f');
    expect(calls.membership).toBe(2);
    listening = true;
    const m = await access.membership('u', 'f');
    expect(cache.get('u', 'f', Date.now() + 999)).toBe(m);
    expect(cache.get('u', 'f', Date.now() + 1_001)).toBeUndefined();
  });
});

describe('membership cache on a running server', () => {
  let app: App;
  let owner: QuickUser;
  let farm: FarmSetup;
  beforeAll(async () => {
    ({ app, owner, farm } = await ownerWithFarm(2, () => createTestApp()));
  });
  afterAll(() => app.close());

  const ponds = (user: QuickUser) =>
    app.inject({ method: 'GET', url: `/api/pond?farm_id=${farm.farmId}`, headers: user.auth });

  it('listens for access notices, as a deployed server does', () => {
    expect(app.ctx.listener.listening).toBe(true);
  });

  it('a member removed by an admin is refused on their very next request', async () => {
    const keeper = await quickUser(app, 'keeper');
    const userFarmId = await addMember(app, farm.farmId, keeper, 2);
    expect((await ponds(keeper)).statusCode).toBe(200);
    expect((await ponds(keeper)).statusCode).toBe(200); // now from the cache
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/userFarm/${userFarmId}/delete`,
      headers: owner.auth,
    });
    expect(removed.statusCode).toBe(200);
    expect((await ponds(keeper)).statusCode).toBe(404);
  });

  it("a change another instance wrote reaches this one through PostgreSQL's notice", async () => {
    const keeper = await quickUser(app, 'keeper');
    const userFarmId = await addMember(app, farm.farmId, keeper, 2);
    expect((await ponds(keeper)).statusCode).toBe(200);
    // Written straight to the database: nothing on this instance called changed().
    await app.ctx.db
      .updateTable('user_farms')
      .set({ deleted_at: new Date() })
      .where('id', '=', userFarmId)
      .execute();
    await expect.poll(async () => (await ponds(keeper)).statusCode).toBe(404);
  });
});
