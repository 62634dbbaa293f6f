import { describe, expect, it, vi } from 'vitest';
import type { User } from '#shared/contracts/account';
import { createSessionStore, type KeyValueStorage, SESSION_KEY } from './session-store.ts';

function memoryStorage(
  initial: Record<string, string> = {},
): KeyValueStorage & { data: Record<string, string> } {
  const data = { ...initial };
  return {
    data,
    getItem: (key) => data[key] ?? null,
    setItem: (key, value) => {
      data[key] = value;
    },
    removeItem: (key) => {
      delete data[key];
    },
  };
}

const user: User = {
  id: 'u1',
  pu_id: 'pu-1',
  username: 'Budi',
  email: 'budi@example.com',
  phone: null,
  city: null,
  photo: null,
  email_verified: true,
  is_system_admin: false,
  language: 'id',
};

describe('session store', () => {
  it('restores a stored user and token on start', () => {
    const storage = memoryStorage({ [SESSION_KEY]: JSON.stringify({ token: 't1', user }) });
    const store = createSessionStore(storage);
    expect(store.get()).toEqual({ token: 't1', user, pu_id: 'pu-1' });
  });

  it('treats a damaged or tokenless entry as logged out', () => {
    expect(createSessionStore(memoryStorage({ [SESSION_KEY]: '{oops' })).get()).toBeNull();
    expect(createSessionStore(memoryStorage({ [SESSION_KEY]: '{"user":null}' })).get()).toBeNull();
    expect(createSessionStore(memoryStorage({ [SESSION_KEY]: 'null' })).get()).toBeNull();
  });

  it('treats a token with a missing or damaged user as logged out, not as a login without a user', () => {
    const stored = (value: unknown) =>
      createSessionStore(
        memoryStorage({ [SESSION_KEY]: JSON.stringify({ token: 't1', ...(value as object) }) }),
      ).get();
    expect(stored({})).toBeNull();
    expect(stored({ user: null })).toBeNull();
    expect(stored({ user: 'Budi' })).toBeNull();
    expect(stored({ user: { username: 'Budi', pu_id: 'pu-1' } })).toBeNull();
    expect(stored({ user: { ...user, id: 7 } })).toBeNull();
    expect(stored({ user: { ...user, pu_id: undefined } })).toBeNull();
    // A user stored by an older version without the newer fields still signs in.
    const { language: _language, email_verified: _verified, ...older } = user;
    expect(stored({ user: older })?.user?.id).toBe('u1');
    expect(stored({ user, pu_id: 7 })?.pu_id).toBe('pu-1');
  });

  it('stores the session under tambak:session and notifies subscribers', () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage);
    const listener = vi.fn();
    store.subscribe(listener);
    store.set({ token: 't2', user, pu_id: user.pu_id });
    expect(JSON.parse(storage.data[SESSION_KEY]).token).toBe('t2');
    expect(listener).toHaveBeenCalledWith(expect.objectContaining({ token: 't2' }));
  });

  it('removes the entry on logout', () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage);
    store.set({ token: 't2', user, pu_id: user.pu_id });
    store.clear();
    expect(store.get()).toBeNull();
    expect(storage.data[SESSION_KEY]).toBeUndefined();
  });

  it('keeps an embed session in memory without overwriting the stored login', () => {
    const storage = memoryStorage({ [SESSION_KEY]: JSON.stringify({ token: 'mine', user }) });
    const store = createSessionStore(storage);
    store.setEmbed('embed-token', 'pu-9');
    expect(store.get()).toMatchObject({ token: 'embed-token', pu_id: 'pu-9', embed: true, user: null });
    expect(JSON.parse(storage.data[SESSION_KEY]).token).toBe('mine');
  });

  it('updates the user and keeps the token', () => {
    const store = createSessionStore(memoryStorage());
    store.set({ token: 't3', user, pu_id: user.pu_id });
    store.updateUser({ ...user, username: 'Budi S' });
    expect(store.get()).toMatchObject({ token: 't3', user: { username: 'Budi S' } });
  });

  it('tells expiry listeners and stops after unsubscribe', () => {
    const store = createSessionStore(null);
    const listener = vi.fn();
    const off = store.onExpired(listener);
    store.notifyExpired();
    off();
    store.notifyExpired();
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
