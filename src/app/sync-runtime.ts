import i18next from 'i18next';
import { ApiError, api } from '#local/api-client';
import { getDb, type TambakDb } from '#local/db';
import { clearLocalData, countUnsynced } from '#local/logout-guard';
import {
  type KeyValueStorage,
  type SessionStore,
  type StoredSession,
  sessionStore,
} from '#local/session-store';
import { holdForLogin } from '#local/sync/apply-answer';
import { createSyncEngine, type SyncEngine } from '#local/sync/engine';
import type { SyncEnv } from '#local/sync/env';
import { discardEntry, retryEntry } from '#local/sync/failed-actions';
import { emitSyncNotice, type SyncControl, setSyncStatus } from '#local/sync/status';
import { observeSummary } from '#local/sync/summary';
import { createFetchTransport, type Transport } from '#local/sync/transport';

/**
 * The page's sync runtime (loaded lazily by main.tsx): one engine per signed-in user.
 *
 * - A session appears: the engine starts (first pull fills the mirror). After a new
 *   login, or when the queue was held by a 401, the held queue is released and sent.
 * - The session goes (logout, expiry): the engine stops; the queue stays in Dexie.
 * - 401 from sync (`sync:auth-required`): the token is checked with GET /user. Expired →
 *   the API client tells the shell, which opens /login; the queue stays held and goes
 *   after the next login. Still valid (the worker replayed a request carrying an older
 *   token) → the queue is released once; a second 401 within a minute asks for a login.
 * - Records are owned by the user who typed them (`tambak:data-owner`). If another
 *   account signs in while some are unsent, nothing is sent or dropped until that user
 *   chooses (send with my account / sign out / discard): see ForeignQueueDialog.
 */
export const OWNER_KEY = 'tambak:data-owner';
const AUTO_RESUME_WINDOW_MS = 60_000;

interface Owner {
  userId: string;
  username: string;
}

export interface RuntimeDeps {
  db?: TambakDb;
  session?: SessionStore;
  transport?: Transport;
  env?: SyncEnv;
  storage?: KeyValueStorage | null;
  /** valid: the token works; expired: the server refused it; unknown: no answer. */
  checkSession?: () => Promise<'valid' | 'expired' | 'unknown'>;
  /**
   * The farm in the address bar when the engine starts, before the farm list has confirmed
   * it: its data is asked for in the first pull (a cold start then fills the farm screen in
   * one round of requests). Drafts are only cleared by a confirmed farm switch.
   */
  routeFarm?: () => string | undefined;
  /** Revokes the token on the server (logout); failures are ignored. */
  revoke?: () => Promise<unknown>;
  /**
   * What the engine's first run (pull and send) waits for: the shell passes "the first
   * screen has painted", so a cold start shows the farm from the local copy before the
   * pull's answers are written and rendered. Later starts (a new login) do not wait.
   */
  firstRunAfter?: Promise<unknown>;
}

export interface SyncRuntime extends SyncControl {
  dispose(): void;
}

async function checkWithServer(): Promise<'valid' | 'expired' | 'unknown'> {
  try {
    await api.get('/user');
    return 'valid';
  } catch (error) {
    return error instanceof ApiError && error.status === 401 ? 'expired' : 'unknown';
  }
}

export function createSyncRuntime(deps: RuntimeDeps = {}): SyncRuntime {
  const db = deps.db ?? getDb();
  const session = deps.session ?? sessionStore;
  const storage = deps.storage === undefined ? globalThis.localStorage : deps.storage;
  const transport =
    deps.transport ??
    createFetchTransport({ getToken: () => session.get()?.token, getLanguage: () => i18next.language });
  const checkSession = deps.checkSession ?? checkWithServer;
  // The push subscription goes before the token: a shared phone must stop showing the
  // previous user's messages (removing it needs the token).
  const revoke =
    deps.revoke ??
    (async () => {
      // Loaded at sign-out only: not part of the app's first download.
      await import('#local/push-subscription')
        .then(({ unsubscribePush }) => unsubscribePush(api))
        .catch(() => undefined);
      return api.post('/logout');
    });
  let engine: SyncEngine | undefined;
  let engineUser: string | undefined;
  let offs: Array<() => void> = [];
  let farmId: string | undefined;
  let pulledThisRun = false;
  let running = false;
  let lastAutoResume = Number.NEGATIVE_INFINITY;

  const readOwner = (): Owner | null => {
    try {
      const value = JSON.parse(storage?.getItem(OWNER_KEY) ?? 'null') as Owner | null;
      return value && typeof value.userId === 'string' ? value : null;
    } catch {
      return null;
    }
  };
  const writeOwner = (owner: Owner | null) => {
    if (owner) storage?.setItem(OWNER_KEY, JSON.stringify(owner));
    else storage?.removeItem(OWNER_KEY);
  };

  const summary = observeSummary(db).subscribe({ next: (value) => setSyncStatus({ summary: value }) });
  const onOnline = () => setSyncStatus({ online: true });
  const onOffline = () => setSyncStatus({ online: false });
  globalThis.addEventListener?.('online', onOnline);
  globalThis.addEventListener?.('offline', onOffline);

  async function authRequired(): Promise<void> {
    const verdict = await checkSession();
    if (verdict === 'valid') {
      if (Date.now() - lastAutoResume < AUTO_RESUME_WINDOW_MS) {
        session.notifyExpired();
        return;
      }
      lastAutoResume = Date.now();
      await engine?.resumeAfterLogin();
    } else if (verdict === 'unknown') {
      // No answer (offline): look again once the network is back.
      globalThis.addEventListener?.('online', () => void authRequired(), { once: true });
    }
    // expired: the API client already told the shell (toast, /login?redirect=…).
  }

  function stopEngine(): void {
    engine?.stop();
    for (const off of offs.splice(0)) off();
    engine = undefined;
    engineUser = undefined;
    running = false;
    setSyncStatus({ active: false, running: false });
  }

  async function startEngine(userId: string, resume: boolean): Promise<void> {
    const next = createSyncEngine({ db, transport, env: deps.env });
    engine = next;
    engineUser = userId;
    offs = [
      next.on('sync:state', (state) => {
        if (state.running && !running) pulledThisRun = false;
        const finished = running && !state.running;
        running = state.running;
        setSyncStatus({
          running: state.running,
          held: state.held,
          online: state.online,
          ...(finished ? { pullFailed: !pulledThisRun } : {}),
        });
      }),
      next.on('sync:pulled', () => {
        pulledThisRun = true;
        setSyncStatus({ lastSyncedAt: Date.now(), pullFailed: false });
      }),
      next.on('sync:record-failed', (failed) =>
        emitSyncNotice({ kind: 'failed', ...failed, message: failed.error.message }),
      ),
      next.on('sync:auth-required', () => {
        authRequired().catch((error: unknown) => console.error('session check failed', error));
      }),
    ];
    setSyncStatus({ active: true, foreign: null });
    globalThis.navigator?.serviceWorker?.startMessages?.();
    await deps.firstRunAfter;
    if (engine !== next) return; // the session changed meanwhile
    // Release first, so the start-up run does not stop at the held queue and ask for a login.
    const resumed = resume ? next.resumeAfterLogin() : undefined;
    // The farm on screen goes with the start: one pull brings the farms and its data.
    await next.start(farmId ?? deps.routeFarm?.());
    if (farmId) await next.setFarm(farmId);
    await resumed;
  }

  async function onSession(current: StoredSession | null, newLogin: boolean): Promise<void> {
    const user = current && !current.embed ? current.user : null;
    // Embed links (reports inside other apps) only read: no engine, no queue of their own.
    if (!user) return stopEngine();
    if (engineUser === user.id) return; // a profile edit, not a new session
    stopEngine();
    const owner = readOwner();
    if (owner && owner.userId !== user.id) {
      // The last account's mirror must not show to this one; its unsent records stay.
      await clearLocalData(db, { keepOutbox: true });
      const { total } = await countUnsynced(db);
      if (total > 0) {
        await holdForLogin(db);
        setSyncStatus({ foreign: { username: owner.username, count: total }, lastSyncedAt: null });
        return;
      }
    }
    writeOwner({ userId: user.id, username: user.username });
    const held = (await db.syncState.get('auth'))?.held === true;
    await startEngine(user.id, newLogin || held);
  }

  let previous = session.get();
  // Session changes are handled one after the other: a login right after a logout must
  // not start while the logout is still stopping and clearing.
  let chain: Promise<void> = Promise.resolve();
  const run = (current: StoredSession | null, newLogin: boolean) => {
    chain = chain
      .then(() => onSession(current, newLogin))
      .catch((error: unknown) => console.error('sync start failed', error));
    return chain;
  };
  const offSession = session.subscribe((current) => {
    const newLogin = previous === null && current !== null;
    previous = current;
    void run(current, newLogin);
  });
  void run(previous, false);

  const currentUser = () => session.get()?.user ?? null;

  return {
    async syncNow() {
      // A tap on "sync now" means now: queued records skip their backoff wait.
      await db.outbox.where('status').equals('queued').modify({ nextAttemptAt: 0 });
      await engine?.sync('manual');
    },
    async setFarm(id) {
      if (farmId === id) return;
      farmId = id;
      await engine?.setFarm(id);
    },
    async retry(entryId) {
      if (engine) await engine.retry(entryId);
      else await retryEntry(db, entryId);
    },
    async discard(entryId) {
      if (engine) await engine.discard(entryId);
      else await discardEntry(db, entryId);
    },
    async countUnsent() {
      return (await countUnsynced(db)).total;
    },
    async signOut(mode) {
      const { total } = await countUnsynced(db);
      const keep = mode === 'keep' && total > 0;
      stopEngine();
      await revoke().catch(() => undefined);
      await clearLocalData(db, { keepOutbox: keep });
      // Kept records wait for a login (never sent with nobody signed in); the owner stays,
      // so another account signing in next is asked before anything is sent.
      if (keep) await holdForLogin(db);
      else writeOwner(null);
      farmId = undefined;
      setSyncStatus({ lastSyncedAt: null, pullFailed: false });
      session.clear();
    },
    async resolveForeign(choice) {
      const user = currentUser();
      if (!user) return;
      if (choice === 'sign-out') {
        setSyncStatus({ foreign: null });
        await revoke().catch(() => undefined);
        session.clear();
        return;
      }
      if (choice === 'discard') await clearLocalData(db, { keepOutbox: false });
      writeOwner({ userId: user.id, username: user.username });
      await startEngine(user.id, true);
    },
    dispose() {
      stopEngine();
      offSession();
      summary.unsubscribe();
      globalThis.removeEventListener?.('online', onOnline);
      globalThis.removeEventListener?.('offline', onOffline);
    },
  };
}
