import { randomUUID } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import type { App } from '../app.ts';
import type { AuthzModule, FarmFixture, FixtureUser } from './types.ts';

/**
 * A user with a session, made through the account repositories rather than sign-up:
 * fixtures need many users, and argon2 on every one would slow each test file down.
 */
export async function quickUser(app: App, name = 'user'): Promise<FixtureUser> {
  const email = `${name}.${randomUUID().slice(0, 8)}@example.com`.toLowerCase();
  const user = await app.ctx.users.insert({
    id: uuidv7(),
    username: name,
    email,
    phone: null,
    password_hash: null,
  });
  return sessionOf(app, user.id, email);
}

/** A fresh session (token) for an existing user. */
export async function sessionOf(app: App, userId: string, email: string): Promise<FixtureUser> {
  const token = await app.ctx.sessions.create(userId, 'fixture');
  return { id: userId, email, auth: { authorization: `Bearer ${token}` } };
}

async function post(app: App, user: FixtureUser, url: string, payload: Record<string, unknown>) {
  const res = await app.inject({ method: 'POST', url, headers: user.auth, payload });
  if (res.statusCode !== 201) throw new Error(`fixture ${url} failed: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

/** A farm owned by `owner` with one block and one pond, made through the API. */
export async function createFarmFixture(app: App, owner: FixtureUser, label: string): Promise<FarmFixture> {
  const tag = randomUUID().slice(0, 8);
  const farm = await post(app, owner, '/api/farm/add', { name: `Farm ${label} ${tag}` });
  const block = await post(app, owner, '/api/block', {
    farm_id: farm.farm_id,
    block_name: `Block ${label} ${tag}`,
  });
  const pond = await post(app, owner, '/api/pond', {
    farm_id: farm.farm_id,
    block_id: block.block_id,
    name: `Pond ${label} ${tag}`,
    area: 1200,
  });
  const members = await app.inject({
    method: 'GET',
    url: `/api/userFarm?farm_id=${farm.farm_id}`,
    headers: owner.auth,
  });
  return {
    farmId: farm.farm_id,
    farmName: farm.name,
    blockId: block.block_id,
    blockName: block.block_name,
    pondId: pond.pond_id,
    pondName: pond.name,
    userFarmId: members.json().data[0].user_farm_id,
    ownerId: owner.id,
    extra: {},
  };
}

export interface AuthzFixture {
  a: FixtureUser;
  b: FixtureUser;
  A: FarmFixture;
  B: FarmFixture;
}

/** Two farms, A (admin a) and B (admin b), each seeded by every module that asks. */
export async function createAuthzFixture(app: App, modules: AuthzModule[]): Promise<AuthzFixture> {
  const a = await quickUser(app, 'a');
  const b = await quickUser(app, 'b');
  const A = await createFarmFixture(app, a, 'A');
  const B = await createFarmFixture(app, b, 'B');
  for (const m of modules) {
    if (!m.seed) continue;
    Object.assign(A.extra, await m.seed(app, a, A));
    Object.assign(B.extra, await m.seed(app, b, B));
  }
  return { a, b, A, B };
}
