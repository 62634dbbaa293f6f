import type { Clock } from '#local/clock';
import type { AnyRow, OutboxEntry, ServerRecord, SyncError, TambakDb } from '#local/db';
import { resourceNamed, serverFields } from '#local/resources';
import { applyPull } from '#local/sync/apply-rows';
import { retryDelay } from '#local/sync/backoff';
import { type Answer, classify, errorOf } from '#local/sync/classify';
import type { ApplyOutcome, EntryRef, FailedRecord, RecordRef } from '#local/sync/worker-protocol';

/**
 * Applies one server answer (or network failure) to the outbox entries that were sent
 * and the rows they own. The page's drain and the service worker's replay both call
 * this, so a result means the same thing whoever received it.
 *
 * Replays are harmless by construction: an answer only touches entries that are still
 * on the wire with the revision that was sent ('sending' or 'in-worker'), and only rows
 * those entries still own. A second copy of the same answer, or an old answer after the
 * user edited the record again, finds nothing to apply and returns 'stale'.
 */

type ItemResult = { ok: true } | { ok: false; error: SyncError };

export async function applyAnswer(
  db: TambakDb,
  refs: EntryRef[],
  answer: Answer,
  clock: Clock,
): Promise<ApplyOutcome> {
  // One transaction over the outbox and every mirror: entries and rows change together
  // or not at all, so a crash mid-apply leaves the entry on the wire and it is resent.
  return db.transaction('rw', db.tables, async () => {
    const live = await liveEntries(db, refs, ['sending', 'in-worker']);
    if (live.length === 0) return { verdict: 'stale', synced: [], failed: [] };
    const verdict = classify(answer, live[0].method);
    const outcome: ApplyOutcome = { verdict: verdict.kind, synced: [], failed: [] };
    const now = clock.now();
    if (verdict.kind === 'ok') {
      const body = answer.kind === 'response' ? answer.body : null;
      const results = live[0].bulk ? bulkResults(body) : undefined;
      for (const entry of live) await settle(db, entry, itemResult(results), dataOf(body), outcome);
      await applyRelated(db, body);
    } else if (verdict.kind === 'reject') {
      for (const entry of live)
        await settle(db, entry, () => ({ ok: false, error: verdict.error }), null, outcome);
    } else if (verdict.kind === 'retry') {
      for (const entry of live) {
        const attempts = entry.attempts + 1;
        const nextAttemptAt = now + retryDelay(attempts, clock.random());
        await db.outbox.put(
          onDevice({ ...entry, status: 'queued', attempts, nextAttemptAt, lastError: verdict.error }),
        );
      }
    } else if (verdict.kind === 'in-worker') {
      for (const entry of live) {
        if (entry.status === 'sending') await db.outbox.put({ ...entry, status: 'in-worker', since: now });
      }
    } else {
      await holdQueue(db, live, verdict.error);
    }
    return outcome;
  });
}

/** Entries of `refs` that still exist with the sent revision and one of `statuses`. */
export async function liveEntries(
  db: TambakDb,
  refs: EntryRef[],
  statuses: OutboxEntry['status'][],
): Promise<OutboxEntry[]> {
  const entries = await db.outbox.bulkGet(refs.map((r) => r.id));
  return entries.filter(
    (e, i): e is OutboxEntry => !!e && e.revision === refs[i].revision && statuses.includes(e.status),
  );
}

/** The worker took over requests the network refused: the page must not resend them. */
export async function markInWorker(db: TambakDb, refs: EntryRef[], now: number): Promise<string[]> {
  return db.transaction('rw', db.outbox, async () => {
    const live = await liveEntries(db, refs, ['sending']);
    for (const entry of live) await db.outbox.put({ ...entry, status: 'in-worker', since: now });
    return live.map((e) => e.id);
  });
}

async function holdQueue(db: TambakDb, live: OutboxEntry[], error: SyncError): Promise<void> {
  for (const entry of live) await db.outbox.put(onDevice({ ...entry, status: 'held', lastError: error }));
  await holdForLogin(db);
}

/** 401: every unsent entry waits for resumeAfterLogin(); the flag stops drains in every tab. */
export async function holdForLogin(db: TambakDb): Promise<void> {
  await db.transaction('rw', db.outbox, db.syncState, async () => {
    await db.outbox.where('status').equals('queued').modify({ status: 'held' });
    await db.syncState.put({ key: 'auth', held: true });
  });
}

async function settle(
  db: TambakDb,
  entry: OutboxEntry,
  resultOf: (recordId: string) => ItemResult,
  data: unknown,
  outcome: ApplyOutcome,
): Promise<void> {
  let error: SyncError | undefined;
  let owned = 0;
  for (const id of entry.recordIds) {
    const result = resultOf(id);
    if (!result.ok) error ??= result.error;
    const table = entry.table ? db.mirror(entry.table) : undefined;
    const row = table ? await table.get(id) : undefined;
    if (!table || !row) continue;
    if (row._outboxId !== entry.id) {
      // Superseded by a newer local change (an edit or delete made while this was on the
      // wire): what the server accepted becomes that change's base, so a refused newer
      // change falls back to it instead of dropping a record the server holds.
      if (result.ok && entry.kind !== 'delete' && entry.method !== 'DELETE') {
        const accepted = serverVersion(data, db.keyOf(entry.table as string), id);
        const base = accepted ? serverFields(accepted) : (row._base ?? serverFields(row));
        await table.put({ ...row, _base: base });
      }
      continue;
    }
    owned++;
    const ref: RecordRef = { table: entry.table as string, id, entryId: entry.id };
    if (!result.ok) {
      await table.put({ ...row, _status: 'failed', _error: result.error });
      outcome.failed.push({ ...ref, error: result.error } satisfies FailedRecord);
    } else if (entry.kind === 'delete' || row._deleted) {
      // A delete, or an action that removes its row (a restock's DELETE): gone once acknowledged.
      await table.delete(id);
      outcome.synced.push(ref);
    } else {
      await table.put(synced(row, serverVersion(data, db.keyOf(entry.table as string), id)));
      outcome.synced.push(ref);
    }
  }
  // A refused entry stays (dead letter) while the user has something to fix, retry or
  // discard; one whose rows were all superseded by newer edits has nothing left to say.
  if (error && (owned > 0 || entry.kind === 'action')) {
    await db.outbox.put(onDevice({ ...entry, status: 'failed', lastError: error }));
  } else {
    await db.outbox.delete(entry.id);
  }
}

function synced(row: AnyRow, server: ServerRecord | undefined): AnyRow {
  const next: AnyRow = { ...row, ...server, _status: 'synced' };
  for (const field of ['_error', '_outboxId', '_base', '_deleted'] as const) delete next[field];
  return next;
}

/**
 * A single create/update may answer the stored record, an action on several records (a
 * same-slot "keep both") the list of them: the server's version of this one wins.
 */
function serverVersion(data: unknown, key: string, id: string): ServerRecord | undefined {
  const records = (Array.isArray(data) ? data : [data]) as (ServerRecord | null)[];
  return (
    records.find((r) => r !== null && typeof r === 'object' && !Array.isArray(r) && r[key] === id) ??
    undefined
  );
}

function onDevice(entry: OutboxEntry): OutboxEntry {
  const next = { ...entry };
  delete next.since;
  return next;
}

/**
 * The records a write's answer names under `related` (EnvelopeWithRelated: a restock
 * answers its item with the new stock) go into their mirrors in the acknowledgement's
 * transaction, the way a pull writes them: the screens never see the movement as sent
 * while the item still shows the stock from before it.
 */
async function applyRelated(db: TambakDb, body: unknown): Promise<void> {
  const related = isRecord(body) ? body.related : undefined;
  if (!isRecord(related)) return;
  for (const [name, rows] of Object.entries(related)) {
    const resource = resourceNamed(name);
    if (!resource || !Array.isArray(rows)) continue;
    const records = rows
      .filter(isRecord)
      .map((row) =>
        resource.fromServer
          ? resource.fromServer(row, typeof row.farm_id === 'string' ? row.farm_id : null)
          : row,
      );
    await applyPull(db, resource, null, records, false);
  }
}

function isRecord(value: unknown): value is ServerRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function dataOf(body: unknown): unknown {
  return typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : undefined;
}

/** `{ data: { results: [{ id, status: 'ok' } | { id, status: 'error', code, message, errors? }] } }` */
function bulkResults(body: unknown): Map<string, ItemResult> | undefined {
  const results = (dataOf(body) as { results?: unknown } | undefined)?.results;
  if (!Array.isArray(results)) return undefined;
  const map = new Map<string, ItemResult>();
  for (const r of results as Record<string, unknown>[]) {
    if (typeof r?.id !== 'string') continue;
    if (r.status === 'ok') {
      map.set(r.id, { ok: true });
      continue;
    }
    map.set(r.id, { ok: false, error: errorOf(422, r) });
  }
  return map;
}

/**
 * A 2xx bulk answer without a results list accepted everything; with a list, an item the
 * server did not mention is failed ('missing-result') rather than assumed stored.
 */
function itemResult(results: Map<string, ItemResult> | undefined) {
  return (id: string): ItemResult =>
    !results
      ? { ok: true }
      : (results.get(id) ?? {
          ok: false,
          error: { code: 'missing-result', message: 'The server did not answer this record.' },
        });
}
