import type { Clock } from '#local/clock';
import type { ServerRecord, TambakDb } from '#local/db';
import type { ResourceDescriptor } from '#local/resources';
import { holdForLogin } from '#local/sync/apply-answer';
import { applyPull } from '#local/sync/apply-rows';
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

export async function pullResource(
  options: PullOptions,
  resource: ResourceDescriptor,
  farmId: string | null,
): Promise<PullResult> {
  const { db, transport, clock } = options;
  const name = resource.name;
  if (!resource.pull) return { kind: 'ok', resource: name, applied: 0 };
  const cursor = cursorKey(name, resource.scope === 'farm' ? farmId : null);
  const incremental = resource.pull.since !== false;
  const since = incremental ? (await db.syncState.get(cursor))?.since : undefined;
  const query = new URLSearchParams(resource.pull.query?.(clock.now()));
  if (resource.scope === 'farm' && farmId) query.set('farm_id', farmId);
  if (since) query.set('since', since);
  // toString(), not .size: URLSearchParams.size is missing on the older Chromes pond phones run.
  const search = query.toString();
  const url = search ? `${resource.pull.url}?${search}` : resource.pull.url;
  let answer: { status: number; body: unknown };
  try {
    answer = await transport({ method: 'GET', url, headers: { [HEADER_SYNC]: 'pull' } });
  } catch (error) {
    return {
      kind: 'network',
      resource: name,
      message: error instanceof Error ? error.message : String(error),
    };
  }
  if (answer.status === 401) {
    await holdForLogin(db);
    return { kind: 'held', resource: name };
  }
  const parsed = answer.status >= 200 && answer.status < 300 ? parsePull(answer.body) : undefined;
  if (!parsed) {
    const error = errorOf(answer.status, answer.body);
    return { kind: 'error', resource: name, status: answer.status, ...error };
  }
  const scope = resource.scope === 'farm' ? farmId : null;
  const shape = resource.fromServer;
  const items = shape ? parsed.items.map((item) => shape(item, scope)) : parsed.items;
  const applied = await applyPull(db, resource, scope, items, since === undefined);
  if (parsed.serverTime && incremental) {
    await db.syncState.put({ key: cursor, since: parsed.serverTime, pulledAt: clock.now() });
  } else if (!incremental) {
    // Whole-list pulls need no `since`, but the UI must tell "never pulled" (show loading,
    // or a retry when offline) from "pulled, and the list is empty" (e.g. no farms yet).
    await db.syncState.put({ key: cursor, pulledAt: clock.now() });
  }
  return { kind: 'ok', resource: name, applied };
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
