import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { saveRecords } from '#local/outbox';
import { BLOCKS } from '#local/resources';
import { createSessionStore, type KeyValueStorage, type SessionStore } from '#local/session-store';
import { getSyncStatus, resetSyncStatusForTests } from '#local/sync/status';
import { FakeServer, status, TestEnv, testDb } from '#local/test-kit';
import type { User } from '#shared/contracts/account';
import { createSyncRuntime, OWNER_KEY, type SyncRuntime } from './sync-runtime.ts';

const FARM = '01950000-0000-7000-8000-00000000000f';
const user = (id: string, username: string): User => ({
  id,
  pu_id: `pu-${id}`,
  username,
  email: null,
  phone: null,
  city: null,
  photo: null,
  email_verified: true,
  is_system_admin: false,
  language: 'id',
});
const ANI = user('u-ani', 'Ani');
const BUDI = user('u-budi', 'Budi');

function memoryStorage(): KeyValueStorage {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

const until = async (check: () => Promise<boolean> | boolean, what: string) => {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out: ${what}`);
};

let runtime: SyncRuntime | undefined;
afterEach(() => {
  runtime?.dispose();
  runtime = undefined;
  resetSyncStatusForTests();
});

function setup(
  options: { session?: SessionStore; storage?: KeyValueStorage; firstRunAfter?: Promise<unknown> } = {},
) {
  const db = testDb();
  const session = options.session ?? createSessionStore(null);
  const storage = options.storage ?? memoryStorage();
  const server = new FakeServer();
  const tokens: (string | undefined)[] = [];
  let sessionCheck: 'valid' | 'expired' | 'unknown' = 'valid';
  runtime = createSyncRuntime({
    db,
    session,
    storage,
    env: new TestEnv(),
    transport: (request) => {
      // The token each write went out with (the batched pull is a POST too, but no write).
      if (request.method !== 'GET' && !request.url.includes('/sync/pull')) tokens.push(session.get()?.token);
      return server.transport(request);
    },
    checkSession: async () => sessionCheck,
    revoke: async () => undefined,
    firstRunAfter: options.firstRunAfter,
  });
  const posts = () => server.requests.filter((r) => r.method !== 'GET');
  return {
    db,
    session,
    storage,
    server,
    tokens,
    posts,
    setCheck: (v: typeof sessionCheck) => (sessionCheck = v),
  };
}

const block = (name: string) => ({ farm_id: FARM, block_name: name });

describe('sync runtime: session and logout rules', () => {
  it('starts with the session and sends what was saved', async () => {
    const t = setup();
    t.session.set({ token: 'ani-1', user: ANI, pu_id: ANI.pu_id });
    await until(() => getSyncStatus().active, 'engine started');
    await saveRecords(t.db, BLOCKS, [block('Blok A')]);
    await until(async () => (await t.db.outbox.count()) === 0, 'sent');
    expect(t.tokens).toEqual(['ani-1']);
    expect(JSON.parse(t.storage.getItem(OWNER_KEY) ?? '{}')).toMatchObject({ userId: 'u-ani' });
  });

  it('the first run waits for the first screen to paint, then pulls and sends', async () => {
    let painted: () => void = () => {};
    const t = setup({ firstRunAfter: new Promise<void>((resolve) => (painted = resolve)) });
    t.session.set({ token: 'ani-1', user: ANI, pu_id: ANI.pu_id });
    await until(() => getSyncStatus().active, 'engine created');
    await saveRecords(t.db, BLOCKS, [block('Blok A')]);
    // Several turns of the event loop: nothing goes out while the screen is not up.
    for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 10));
    expect(t.server.requests).toEqual([]);
    painted();
    await until(async () => (await t.db.outbox.count()) === 0, 'sent after the paint');
    // The engine pushes, then pulls: the pull may still be on its way when the outbox is empty.
    await until(() => t.server.requests.some((r) => r.method === 'GET'), 'pulled after the paint');
  });

  it('logout "keep" leaves unsent records on the phone, held, and sends them after the next login', async () => {
    const t = setup();
    t.session.set({ token: 'ani-1', user: ANI, pu_id: ANI.pu_id });
    await until(() => getSyncStatus().active, 'engine started');
    t.server.handler = status(503);
    await saveRecords(t.db, BLOCKS, [block('Blok Malam')]);
    await until(async () => (await t.db.outbox.toArray())[0]?.attempts === 1, 'first attempt failed');
    await t.db.farms.put({ farm_id: FARM, name: 'Tambak', _status: 'synced' } as never);

    expect(await runtime?.countUnsent()).toBe(1);
    await runtime?.signOut('keep');
    expect(t.session.get()).toBeNull();
    expect(await t.db.farms.count()).toBe(0); // the next person must not see this farm
    expect((await t.db.outbox.toArray()).map((e) => e.status)).toEqual(['held']);
    expect(await t.db.blocks.count()).toBe(1);

    t.server.handler = (await import('#local/test-kit')).bulkOk;
    t.session.set({ token: 'ani-2', user: ANI, pu_id: ANI.pu_id });
    await until(async () => (await t.db.outbox.count()) === 0, 'sent after login');
    expect(t.tokens.at(-1)).toBe('ani-2');
  });

  it('logout "discard" drops them and forgets the owner', async () => {
    const t = setup();
    t.session.set({ token: 'ani-1', user: ANI, pu_id: ANI.pu_id });
    await until(() => getSyncStatus().active, 'engine started');
    t.server.handler = status(503);
    await saveRecords(t.db, BLOCKS, [block('Blok X')]);
    await runtime?.signOut('discard');
    expect(await t.db.outbox.count()).toBe(0);
    expect(await t.db.blocks.count()).toBe(0);
    expect(t.storage.getItem(OWNER_KEY)).toBeNull();
  });

  it('asks before another account sends the last one’s records; "send" sends them with the new token', async () => {
    const t = setup();
    t.session.set({ token: 'ani-1', user: ANI, pu_id: ANI.pu_id });
    await until(() => getSyncStatus().active, 'engine started');
    t.server.handler = status(503);
    await saveRecords(t.db, BLOCKS, [block('Blok Ani')]);
    await runtime?.signOut('keep');
    t.server.handler = (await import('#local/test-kit')).bulkOk;
    const sentBefore = t.posts().length;

    t.session.set({ token: 'budi-1', user: BUDI, pu_id: BUDI.pu_id });
    await until(() => getSyncStatus().foreign !== null, 'asked');
    expect(getSyncStatus().foreign).toEqual({ username: 'Ani', count: 1 });
    expect(getSyncStatus().active).toBe(false);
    expect(t.posts().length).toBe(sentBefore); // nothing sent before the choice

    await runtime?.resolveForeign('send');
    await until(async () => (await t.db.outbox.count()) === 0, 'sent');
    expect(t.tokens.at(-1)).toBe('budi-1');
    expect(getSyncStatus().foreign).toBeNull();
  });

  it('a 401 holds the queue and sends the user to login without dropping it; a new login releases it', async () => {
    const t = setup();
    const expired: string[] = [];
    t.session.onExpired(() => {
      expired.push('expired');
      t.session.clear(); // what the shell does (root-layout): toast, /login?redirect=…
    });
    t.session.set({ token: 'ani-1', user: ANI, pu_id: ANI.pu_id });
    await until(() => getSyncStatus().active, 'engine started');
    t.setCheck('valid');
    t.server.handler = status(401, { message: 'Sesi berakhir', code: 'unauthenticated' });
    await saveRecords(t.db, BLOCKS, [block('Blok 401')]);
    // First 401 with a token the server still accepts (a stale replay): released once;
    // the second 401 within a minute asks for a login.
    await until(() => expired.length === 1, 'sent to login');
    expect(t.session.get()).toBeNull();
    expect((await t.db.outbox.toArray()).map((e) => e.status)).toEqual(['held']);

    t.server.handler = (await import('#local/test-kit')).bulkOk;
    t.session.set({ token: 'ani-2', user: ANI, pu_id: ANI.pu_id });
    await until(async () => (await t.db.outbox.count()) === 0, 'sent after login');
    expect(t.tokens.at(-1)).toBe('ani-2');
  });
});
