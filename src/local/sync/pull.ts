import type { Clock } from '#local/clock';
import type { ServerRecord, SyncStateRow, TambakDb } from '#local/db';
import type { ResourceDescriptor } from '#local/resources';
import { holdForLogin } from '#local/sync/apply-answer';
import { applyHistory, applyPull } from '#local/sync/apply-rows';
import { errorOf } from '#local/sync/classify';
import type { Transport } from '#local/sync/transport';
import { HEADER_SYNC } from '#local/sync/worker-protocol';

/**
 * Refreshes mirrors with `GET <url>?farm_id=&since=`. The answer is ListEnvelope
 * (src/shared/contracts/envelope.ts): `{ message, data: T[], server_time }` (also read:
 * `{ data: { items, server_time } }`). With `since`, items include soft-deleted rows
 * (`deleted_at` set) so the device learns of deletions; `server_time` is the next `since`.
 *
 * Conflict rule (ADR 0002): local unsynced edits win on the device until synced, per
 * field. A pending or failed row is rebased: it takes the server's newer version for
 * every field, except the fields its own queued edit changes (the owning outbox entry's
 * body), and keeps the server's version as its `_base`, so discarding the local edit
 * shows what the server has now. The server merges the edit per field when it arrives.
 */

export type PullResult =
  | { kind: 'ok'; resource: string; applied: number }
  | { kind: 'network'; resource: string; message: string }
  | { kind: 'held'; resource: string }
  | { kind: 'error'; resource: string; status: number; code: string; message: string };

export interface PullOptions {
  db: TambakDb;
  transport: Transport;
  clock: Clock;
}

export function cursorKey(resource: string, farmId: string | null): string {
  return `cursor:${resource}:${farmId ?? '*'}`;
}

/** Set while a list's first pull came in part and the rest is still to come (ADR 0086). */
export function fillKey(resource: string, farmId: string | null): string {
  return `fill:${resource}:${farmId ?? '*'}`;
}

/**
 * 'first': a list's first pull, asked in part (`pull.first`); 'history': the rest of such
 * a list, asked whole after it; 'sync': every other pull.
 */
type Stage = 'first' | 'sync' | 'history';

/** A pull about to be asked for: the GET's URL and the cursor its answer moves. */
interface PreparedPull {
  resource: ResourceDescriptor;
  scope: string | null;
  cursor: string;
  incremental: boolean;
  since: string | undefined;
  stage: Stage;
  url: string;
  /** The day the list was asked from (`from`), when it was. */
  from: string | undefined;
  /** When it was asked (the clock's ms): rows taken in after it are not its to drop. */
  askedAt: number;
}

function scopeOf(resource: ResourceDescriptor, farmId: string | null): string | null {
  return resource.scope === 'farm' ? farmId : null;
}

/**
 * The cursors of `resources`, read in one go: a pull of every list asks for all of them,
 * and one read instead of one per list spares a cheap phone's start ~30 transactions.
 */
async function readCursors(
  db: TambakDb,
  resources: readonly ResourceDescriptor[],
  farmId: string | null,
): Promise<Map<string, string | undefined>> {
  const keys = resources.map((r) => cursorKey(r.name, scopeOf(r, farmId)));
  const rows = await db.syncState.bulkGet(keys);
  return new Map(keys.map((key, i) => [key, rows[i]?.since]));
}

function preparePull(
  options: PullOptions,
  resource: ResourceDescriptor,
  farmId: string | null,
  cursors: Map<string, string | undefined>,
  history = false,
): PreparedPull | null {
  const { clock } = options;
  if (!resource.pull) return null;
  const scope = scopeOf(resource, farmId);
  const cursor = cursorKey(resource.name, scope);
  const incremental = resource.pull.since !== false;
  const since = incremental && !history ? cursors.get(cursor) : undefined;
  const now = clock.now();
  const stage: Stage = history
    ? 'history'
    : incremental && since === undefined && resource.pull.first
      ? 'first'
      : 'sync';
  const query = new URLSearchParams({
    ...resource.pull.query?.(now),
    ...(stage === 'first' ? resource.pull.first?.(now) : undefined),
  });
  if (resource.scope === 'farm' && farmId) query.set('farm_id', farmId);
  if (since) query.set('since', since);
  // toString(), not .size: URLSearchParams.size is missing on the older Chromes pond phones run.
  const search = query.toString();
  const url = search ? `${resource.pull.url}?${search}` : resource.pull.url;
  const from = query.get('from') ?? undefined;
  return { resource, scope, cursor, incremental, since, stage, url, from, askedAt: now };
}

/**
 * Applies one list's answer to its mirror; the cursor rows its answer moves are added to
 * `moves`, for the caller to write (one write for a whole batch of lists: each write wakes
 * every live query on the sync state).
 */
async function applyPullAnswer(
  options: PullOptions,
  pull: PreparedPull,
  answer: { status: number; body: unknown },
  moves: SyncStateRow[],
): Promise<PullResult> {
  const { db, clock } = options;
  const name = pull.resource.name;
  if (answer.status === 401) {
    await holdForLogin(db);
    return { kind: 'held', resource: name };
  }
  const parsed = answer.status >= 200 && answer.status < 300 ? parsePull(answer.body) : undefined;
  if (!parsed) {
    const error = errorOf(answer.status, answer.body);
    return { kind: 'error', resource: name, status: answer.status, ...error };
  }
  const shape = pull.resource.fromServer;
  const items = shape ? parsed.items.map((item) => shape(item, pull.scope)) : parsed.items;
  if (pull.stage === 'history') {
    const applied = await applyHistory(db, pull.resource, items);
    await historyIn(db, pull, parsed.serverTime);
    return { kind: 'ok', resource: name, applied };
  }
  const applied = await applyPull(db, pull.resource, pull.scope, items, pull.since === undefined, {
    from: pull.from,
    askedAt: pull.askedAt,
  });
  if (parsed.serverTime && pull.incremental) {
    const moved = { key: pull.cursor, since: parsed.serverTime, pulledAt: clock.now() };
    // With its cursor, in one write: a first pull that came in part leaves the rest to fill.
    moves.push(moved);
    if (pull.stage === 'first') moves.push({ key: fillKey(name, pull.scope) });
  } else if (!pull.incremental) {
    // Whole-list pulls need no `since`, but the UI must tell "never pulled" (show loading,
    // or a retry when offline) from "pulled, and the list is empty" (e.g. no farms yet).
    moves.push({ key: pull.cursor, pulledAt: clock.now() });
  }
  return { kind: 'ok', resource: name, applied };
}

/**
 * The rest of a list is in: its `fill:` mark goes, and its cursor moves back to the
 * rest's read time when that is earlier. A record deleted after that read was missing
 * from the rest's answer but may have been re-added by it, if the regular pull had
 * already removed it; the next pull reads the changes since then again and removes it.
 */
async function historyIn(db: TambakDb, pull: PreparedPull, readAt: string | undefined): Promise<void> {
  await db.transaction('rw', db.syncState, async () => {
    const cursor = await db.syncState.get(pull.cursor);
    if (readAt && cursor?.since && readAt < cursor.since)
      await db.syncState.put({ ...cursor, since: readAt });
    await db.syncState.delete(fillKey(pull.resource.name, pull.scope));
  });
}

/**
 * The lists whose first pull came in part, asked for whole (ADR 0086): the device was
 * ready with the day's records; older ones follow here, in the background. Returns no
 * result when nothing is left to fill.
 */
export async function fillHistory(
  options: PullOptions,
  resources: readonly ResourceDescriptor[],
  farmId: string | null,
): Promise<PullResult[]> {
  const staged = resources.filter((r) => r.pull?.first);
  const marks = await options.db.syncState.bulkGet(staged.map((r) => fillKey(r.name, scopeOf(r, farmId))));
  const due = staged.filter((_, i) => marks[i] !== undefined);
  return due.length === 0 ? [] : pullResources(options, due, farmId, true);
}

/** One list by its own GET (a screen that refreshes one mirror). */
export async function pullResource(
  options: PullOptions,
  resource: ResourceDescriptor,
  farmId: string | null,
): Promise<PullResult> {
  const pull = preparePull(options, resource, farmId, await readCursors(options.db, [resource], farmId));
  if (!pull) return { kind: 'ok', resource: resource.name, applied: 0 };
  let answer: { status: number; body: unknown };
  try {
    answer = await options.transport({ method: 'GET', url: pull.url, headers: { [HEADER_SYNC]: 'pull' } });
  } catch (error) {
    return { kind: 'network', resource: pull.resource.name, message: messageOf(error) };
  }
  const moves: SyncStateRow[] = [];
  const result = await applyPullAnswer(options, pull, answer, moves);
  if (moves.length > 0) await options.db.syncState.bulkPut(moves);
  return result;
}

/** The batched pull's route (src/shared/contracts/sync-pull.ts). */
export const SYNC_PULL_URL = '/api/sync/pull';
/** Rounds of `pending` lists asked again before the rest waits for the next pull. */
const MAX_ROUNDS = 8;

/**
 * Every list in one request (ADR 0065): the GETs `pullResource` would make, sent as one
 * `POST /api/sync/pull`; each answer is applied as its own GET's would be, in the order
 * asked (parents first), each in its own transaction with its own cursor. Lists the
 * server left `pending` (its answer reached the size budget) are asked for again. One
 * request instead of 26 spends one of the user's rate limit, and a screen's own read
 * does not queue behind a pull holding the browser's connections.
 */
export async function pullResources(
  options: PullOptions,
  resources: readonly ResourceDescriptor[],
  farmId: string | null,
  history = false,
): Promise<PullResult[]> {
  const prepared: PreparedPull[] = [];
  const results = new Map<string, PullResult>();
  const cursors = history
    ? new Map<string, string | undefined>()
    : await readCursors(options.db, resources, farmId);
  for (const resource of resources) {
    const pull = preparePull(options, resource, farmId, cursors, history);
    if (pull) prepared.push(pull);
    else results.set(resource.name, { kind: 'ok', resource: resource.name, applied: 0 });
  }
  const ask = (asked: PreparedPull[]) =>
    options.transport({
      method: 'POST',
      url: SYNC_PULL_URL,
      body: { requests: asked.map((p) => ({ key: p.resource.name, url: p.url })) },
      headers: { [HEADER_SYNC]: 'pull' },
    });
  let asked = prepared;
  // The next page is asked for before this one is applied: the server builds it while
  // the device writes (a first sync of a big farm is several pages; ADR 0082).
  let inFlight = asked.length > 0 ? ask(asked) : undefined;
  for (let round = 0; inFlight && round < MAX_ROUNDS; round++) {
    const current = asked;
    const request = inFlight;
    inFlight = undefined;
    const fail = (result: (name: string) => PullResult) => {
      for (const p of current) results.set(p.resource.name, result(p.resource.name));
    };
    let answer: { status: number; body: unknown };
    try {
      answer = await request;
    } catch (error) {
      fail((resource) => ({ kind: 'network', resource, message: messageOf(error) }));
      break;
    }
    if (answer.status === 401) {
      await holdForLogin(options.db);
      fail((resource) => ({ kind: 'held', resource }));
      break;
    }
    const batch = answer.status >= 200 && answer.status < 300 ? parseBatch(answer.body) : undefined;
    if (!batch) {
      const error = errorOf(answer.status, answer.body);
      // A 429 or 5xx of the whole batch is the network's kind of failure: tried again later.
      if (answer.status === 429 || answer.status >= 500)
        fail((resource) => ({ kind: 'network', resource, message: error.message }));
      else fail((resource) => ({ kind: 'error', resource, status: answer.status, ...error }));
      break;
    }
    const answered = new Set(batch.answers.map((a) => a.key));
    const pending = new Set(batch.pending);
    asked = current.filter((p) => pending.has(p.resource.name) && !answered.has(p.resource.name));
    if (asked.length > 0 && round + 1 < MAX_ROUNDS) {
      inFlight = ask(asked);
      // Its failure is met when it is awaited, in the next round.
      inFlight.catch(() => undefined);
    }
    const byName = new Map(current.map((p) => [p.resource.name, p]));
    const moves: SyncStateRow[] = [];
    for (const a of batch.answers) {
      const pull = byName.get(a.key);
      if (!pull || results.has(a.key)) continue;
      results.set(a.key, await applyPullAnswer(options, pull, a, moves));
    }
    // The round's cursors move together, after their lists' rows are in: a page closed
    // before this write asks for the same rows again, and writing them twice changes nothing.
    if (moves.length > 0) await options.db.syncState.bulkPut(moves);
  }
  // A page asked for after a failure is not waited for (its rows come with the next pull).
  // Left unanswered (more rounds than allowed, or an answer the server skipped): next pull.
  for (const p of prepared) {
    if (!results.has(p.resource.name))
      results.set(p.resource.name, { kind: 'network', resource: p.resource.name, message: 'not answered' });
  }
  return resources.map((r) => results.get(r.name) as PullResult);
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

function parseBatch(
  body: unknown,
): { answers: { key: string; status: number; body: unknown }[]; pending: string[] } | undefined {
  const data = (body as { data?: unknown } | null)?.data as
    | { answers?: unknown; pending?: unknown }
    | undefined;
  if (!data || !Array.isArray(data.answers)) return undefined;
  const answers = data.answers.filter(
    (a): a is { key: string; status: number; body: unknown } =>
      typeof a === 'object' && a !== null && typeof a.key === 'string' && typeof a.status === 'number',
  );
  const pending = Array.isArray(data.pending)
    ? data.pending.filter((k): k is string => typeof k === 'string')
    : [];
  return { answers, pending };
}

function parsePull(body: unknown): { items: ServerRecord[]; serverTime?: string } | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { data, server_time: topTime } = body as { data?: unknown; server_time?: unknown };
  const inner = (typeof data === 'object' && data !== null && !Array.isArray(data) ? data : {}) as {
    items?: unknown;
    server_time?: unknown;
  };
  const items = Array.isArray(data) ? data : inner.items;
  if (!Array.isArray(items)) return undefined;
  const time = inner.server_time ?? topTime;
  return { items: items as ServerRecord[], serverTime: typeof time === 'string' ? time : undefined };
}
