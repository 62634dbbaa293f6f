import type { User } from '#shared/contracts/account';

/**
 * The signed-in session (seed 000 §4: "logged in when a stored user with a token
 * exists"). Kept in localStorage under `tambak:session` so a pond keeper stays signed
 * in for months, also offline. This file runs in the page and is type-checked for the
 * service worker too, so it touches storage only through the small interface below.
 */
export interface StoredSession {
  token: string;
  /** Null for an embed session, which only knows the token and the chat uid. */
  user: User | null;
  pu_id: string;
  /** Embed sessions (output=embed links) live in memory only: see setEmbed. */
  embed?: boolean;
}

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const SESSION_KEY = 'tambak:session';

export type SessionListener = (session: StoredSession | null) => void;
export type ExpiredListener = () => void;

export interface SessionStore {
  get(): StoredSession | null;
  set(session: StoredSession): void;
  /** Replaces the stored user (profile edits) and keeps the token. */
  updateUser(user: User): void;
  /** Embed links hand over a token for one tab; it never overwrites the stored login. */
  setEmbed(token: string, puId: string): void;
  clear(): void;
  subscribe(listener: SessionListener): () => void;
  /** The API answered 401: the UI decides what to do (redirect to /login). */
  notifyExpired(): void;
  onExpired(listener: ExpiredListener): () => void;
}

/** The fields every screen and the sync engine read from the signed-in user. */
function isStoredUser(user: unknown): user is User {
  if (!user || typeof user !== 'object') return false;
  const { id, username, pu_id } = user as Record<string, unknown>;
  return typeof id === 'string' && id !== '' && typeof username === 'string' && typeof pu_id === 'string';
}

/**
 * A stored login needs a token and a user (seed 000 §4): an entry without either, or with
 * a damaged user, is no login, so the person is asked to sign in instead of waiting on a
 * farm list that a session without a user never pulls. Embed sessions are never stored.
 */
function parse(raw: string | null): StoredSession | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredSession> | null;
    if (!value || typeof value.token !== 'string' || !value.token) return null;
    if (!isStoredUser(value.user)) return null;
    const puId = typeof value.pu_id === 'string' && value.pu_id ? value.pu_id : value.user.pu_id;
    return { token: value.token, user: value.user, pu_id: puId };
  } catch {
    return null;
  }
}

export function createSessionStore(storage: KeyValueStorage | null): SessionStore {
  let current = parse(storage?.getItem(SESSION_KEY) ?? null);
  const listeners = new Set<SessionListener>();
  const expiredListeners = new Set<ExpiredListener>();

  const emit = () => {
    for (const listener of [...listeners]) listener(current);
  };
  const write = (session: StoredSession | null) => {
    current = session;
    if (session && !session.embed) storage?.setItem(SESSION_KEY, JSON.stringify(session));
    else if (!session) storage?.removeItem(SESSION_KEY);
    emit();
  };

  return {
    get: () => current,
    set: (session) => write({ ...session, embed: false }),
    updateUser: (user) => {
      if (!current) return;
      write({ ...current, user, pu_id: user.pu_id });
    },
    setEmbed: (token, puId) => write({ token, user: null, pu_id: puId, embed: true }),
    clear: () => write(null),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    notifyExpired: () => {
      for (const listener of [...expiredListeners]) listener();
    },
    onExpired: (listener) => {
      expiredListeners.add(listener);
      return () => expiredListeners.delete(listener);
    },
  };
}

/** localStorage when the page has one (not in the worker, not in private modes that throw). */
export function browserStorage(): KeyValueStorage | null {
  try {
    const storage = (globalThis as { localStorage?: KeyValueStorage }).localStorage;
    return storage ?? null;
  } catch {
    return null;
  }
}

export const sessionStore: SessionStore = createSessionStore(browserStorage());
