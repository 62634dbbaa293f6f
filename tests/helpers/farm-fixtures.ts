import { randomUUID } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import type { App } from '../../src/server/app.ts';

export interface QuickUser {
  id: string;
  email: string;
  auth: { authorization: string };
}

export interface FarmSetup {
  farmId: string;
  blockId: string;
  pondIds: string[];
  ownerUserFarmId: string;
}

/**
 * Farms, members and ponds written straight into the database, so module tests do not
 * depend on the farm module's routes, and users made without argon2 so files stay fast.
 */
export async function quickUser(app: App, name = 'user'): Promise<QuickUser> {
  const email = `${name}.${randomUUID().slice(0, 8)}@example.com`.toLowerCase();
  const user = await app.ctx.users.insert({
    id: uuidv7(),
    username: name,
    email,
    phone: null,
    password_hash: null,
  });
  const token = await app.ctx.sessions.create(user.id, 'fixture');
  return { id: user.id, email, auth: { authorization: `Bearer ${token}` } };
}

/** A farm whose admin (role 1) is `owner`, with one block and `ponds` ponds. */
export async function createFarm(app: App, owner: { id: string }, ponds = 2): Promise<FarmSetup> {
  const db = app.ctx.db;
  const farmId = uuidv7();
  const blockId = uuidv7();
  await db
    .insertInto('farms')
    .values({ id: farmId, name: `Farm ${farmId.slice(-6)}`, created_by: owner.id })
    .execute();
  await db.insertInto('blocks').values({ id: blockId, farm_id: farmId, block_name: 'Blok A' }).execute();
  const pondIds = Array.from({ length: ponds }, () => uuidv7());
  if (ponds > 0) {
    await db
      .insertInto('ponds')
      .values(
        pondIds.map((id, i) => ({
          id,
          farm_id: farmId,
          block_id: blockId,
          name: `Kolam ${i + 1}`,
          area: 1000,
        })),
      )
      .execute();
  }
  const ownerUserFarmId = await addMember(app, farmId, owner, 1);
  return { farmId, blockId, pondIds, ownerUserFarmId };
}

/**
 * Makes `user` a member with `roleId`; `ponds` maps pond id → access level (0 view,
 * 1 insert, 2 all), which only counts for role ids above 2.
 */
export async function addMember(
  app: App,
  farmId: string,
  user: { id: string },
  roleId: number,
  ponds: Record<string, number> = {},
): Promise<string> {
  const db = app.ctx.db;
  const id = uuidv7();
  await db
    .insertInto('user_farms')
    .values({ id, farm_id: farmId, user_id: user.id, role_id: roleId })
    .execute();
  const rows = Object.entries(ponds).map(([pond_id, access_level]) => ({
    user_farm_id: id,
    pond_id,
    farm_id: farmId,
    access_level,
  }));
  if (rows.length > 0) await db.insertInto('user_farm_ponds').values(rows).execute();
  // As the services do after changing access: this instance forgets the memberships it kept.
  app.ctx.farmAccess.changed();
  return id;
}

/** Overrides one permission row of a role on a farm (defaults apply otherwise). */
export async function setPermission(
  app: App,
  farmId: string,
  roleId: number,
  feature: string,
  action: number,
): Promise<void> {
  await app.ctx.db
    .insertInto('farm_permissions')
    .values({ farm_id: farmId, role_id: roleId, feature_name: feature, action })
    .onConflict((oc) => oc.columns(['farm_id', 'role_id', 'feature_name']).doUpdateSet({ action }))
    .execute();
  app.ctx.farmAccess.changed();
}

/**
 * The usual start of a server test file: a fresh app, an owner and a farm with `ponds`
 * ponds. Call inside beforeAll; close the app in afterAll.
 */
export async function ownerWithFarm(
  ponds: number,
  createApp: () => Promise<App>,
): Promise<{ app: App; owner: QuickUser; farm: FarmSetup }> {
  const app = await createApp();
  const owner = await quickUser(app, 'owner');
  return { app, owner, farm: await createFarm(app, owner, ponds) };
}

/**
 * Puts `users` in one new farm (the first as admin, the others as managers), so they are
 * each other's chat contacts (src/server/chat/contacts.ts). No ponds, no farm chat group.
 */
export async function shareFarm(app: App, ...users: { id: string }[]): Promise<string> {
  const [first, ...rest] = users;
  if (!first) throw new Error('shareFarm needs a user');
  const { farmId } = await createFarm(app, first, 0);
  for (const user of rest) await addMember(app, farmId, user, 2);
  return farmId;
}

/**
 * Stocks a pond through the API and records one sampling of its new cycle straight in the
 * database (a forecast's smallest input); answers the cycle id.
 */
/** Stocks `pondId` through POST /api/stock; the new cycle's id. */
export async function stockPond(
  app: App,
  owner: QuickUser,
  pondId: string,
  stock: { stockDate: string; seed: number },
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/stock',
    headers: owner.auth,
    payload: {
      stock_id: uuidv7(),
      pond_id: pondId,
      stock_date: stock.stockDate,
      seed_net: stock.seed,
      seed_actual: stock.seed,
    },
  });
  if (res.statusCode !== 201) throw new Error(`stock: ${res.body}`);
  const { cycle_id } = await app.ctx.db
    .selectFrom('stocks')
    .select('cycle_id')
    .where('id', '=', res.json().data.stock_id)
    .executeTakeFirstOrThrow();
  return cycle_id;
}

export async function stockWithSampling(
  app: App,
  owner: QuickUser,
  farm: { farmId: string; pondId: string },
  stock: { stockDate: string; seed: number },
  sampling: { sampledOn: string; count: number; weight: number },
): Promise<string> {
  const cycle_id = await stockPond(app, owner, farm.pondId, stock);
  await app.ctx.db
    .insertInto('samplings')
    .values({
      id: uuidv7(),
      farm_id: farm.farmId,
      pond_id: farm.pondId,
      cycle_id,
      sampled_on: sampling.sampledOn,
      shrimp_count: sampling.count,
      sample_weight: sampling.weight,
    })
    .execute();
  return cycle_id;
}
