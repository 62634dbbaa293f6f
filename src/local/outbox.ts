import { type Clock, systemClock } from '#local/clock';
import type { AnyRow, HttpMethod, OutboxEntry, ServerRecord, TambakDb } from '#local/db';
import { deviceId } from '#local/device';
import { newId } from '#local/ids';
import { bodyOf, type ResourceDescriptor, serverFields } from '#local/resources';
import { withRoom } from '#local/storage-keep';
import { sameValue } from '#shared/sync/field-merge';

/**
 * The write path. Every function here writes the mirror row(s) AND the outbox entry in
 * ONE Dexie transaction. Why it must be atomic: the moment the promise resolves is the
 * "saved" the pond keeper sees, and it must imply the upload is queued. With two
 * separate writes a crash (a dying battery, the OS killing the tab) between them would
 * either lose the upload (row without entry: shown as pending forever, never sent) or
 * orphan it (entry without row: sent, but invisible and not discardable).
 *
 * Invariant: a row has at most one entry that owns it (`_outboxId`) and only the answer
 * to that entry may settle the row. A new edit folds into the owning entry while that
 * entry is still on the device (queued, failed or held), so the server sees the latest
 * values once; while the entry is on the wire ('sending', 'in-worker') the edit gets a
 * new entry behind it and takes over ownership.
 */

export class LocalWriteError extends Error {
  constructor(
    readonly code: 'not-found' | 'deleted' | 'not-supported',
    message: string,
  ) {
    super(message);
    this.name = 'LocalWriteError';
  }
}

const ON_DEVICE = new Set<OutboxEntry['status']>(['queued', 'failed', 'held']);

export function newEntry(
  fields: Pick<OutboxEntry, 'kind' | 'method' | 'url' | 'body' | 'bulk' | 'recordIds'> & { table?: string },
  clock: Clock,
): OutboxEntry {
  const now = clock.now();
  return {
    id: newId(),
    createdAt: now,
    attempts: 0,
    nextAttemptAt: now,
    status: 'queued',
    revision: 0,
    ...fields,
  };
}

/** A changed body or a user's retry is a new request: new Idempotency-Key, fresh attempts. */
export function requeue(entry: OutboxEntry, clock: Clock): OutboxEntry {
  const next: OutboxEntry = { ...entry, revision: entry.revision + 1 };
  if (entry.status === 'failed') {
    Object.assign(next, { status: 'queued', attempts: 0, nextAttemptAt: clock.now() });
    delete next.lastError;
  }
  return next;
}

function pending(row: AnyRow, entryId: string): AnyRow {
  const next: AnyRow = { ...row, _status: 'pending', _outboxId: entryId };
  delete next._error;
  return next;
}

/** The mirror rows and outbox entries of new records (ids made on the device when missing). */
export function prepareCreates(
  db: TambakDb,
  resource: ResourceDescriptor,
  records: ServerRecord[],
  clock: Clock = systemClock,
): { rows: AnyRow[]; entries: OutboxEntry[] } {
  const create = resource.create;
  if (!create) throw new LocalWriteError('not-supported', `${resource.name} cannot be created offline`);
  const key = db.keyOf(resource.table);
  const rows: AnyRow[] = [];
  const entries: OutboxEntry[] = [];
  for (const record of records) {
    const id = typeof record[key] === 'string' ? (record[key] as string) : newId();
    const fields = { ...serverFields(record), [key]: id };
    const body = bodyOf(resource, fields, 'create');
    const entry = newEntry(
      {
        kind: 'create',
        method: 'POST',
        url: create.url,
        body,
        bulk: create.bulk,
        table: resource.table,
        recordIds: [id],
      },
      clock,
    );
    entries.push(entry);
    rows.push({ ...fields, _status: 'pending', _outboxId: entry.id, _base: null });
  }
  return { rows, entries };
}

/**
 * Creates records (ids made on the device when missing); returns the outbox entry ids. A
 * full phone rejects with StorageFullError after freeing what it can (storage-keep.ts).
 */
export function saveRecords(
  db: TambakDb,
  resource: ResourceDescriptor,
  records: ServerRecord[],
  clock: Clock = systemClock,
): Promise<string[]> {
  return withRoom(db, () => saveRecordsNow(db, resource, records, clock));
}

/** saveRecords inside a caller's transaction (the caller handles a full storage). */
export async function saveRecordsNow(
  db: TambakDb,
  resource: ResourceDescriptor,
  records: ServerRecord[],
  clock: Clock = systemClock,
): Promise<string[]> {
  const { rows, entries } = prepareCreates(db, resource, records, clock);
  // One transaction for rows and entries (see the file comment). bulkAdd: an id that
  // already exists aborts the whole save instead of silently overwriting a record.
  await db.transaction('rw', db.mirror(resource.table), db.outbox, async () => {
    await db.mirror(resource.table).bulkAdd(rows);
    await db.outbox.bulkAdd(entries);
  });
  return entries.map((e) => e.id);
}

/**
 * Whether the server may hold what an entry sent: it went on the wire (its answer may be
 * lost) and was not refused. The server stores a create's first body only (a resent create
 * answers the stored record), so such a create is never rewritten or forgotten on the device.
 */
function mayBeOnServer(entry: OutboxEntry): boolean {
  if (entry.status === 'failed') return false;
  return entry.sent === true || entry.attempts > 0;
}

async function ownerOf(db: TambakDb, row: AnyRow): Promise<OutboxEntry | undefined> {
  return row._outboxId ? db.outbox.get(row._outboxId) : undefined;
}

async function liveRow(db: TambakDb, table: string, id: string): Promise<AnyRow> {
  const row = await db.mirror(table).get(id);
  if (!row) throw new LocalWriteError('not-found', `${table}/${id} is not on this device`);
  if (row._deleted) throw new LocalWriteError('deleted', `${table}/${id} was deleted`);
  return row;
}

/** The fields of `changes` whose value differs from the row's (what the user changed). */
export function changedFields(row: ServerRecord, changes: ServerRecord): ServerRecord {
  const out: ServerRecord = {};
  for (const [field, value] of Object.entries(serverFields(changes))) {
    if (value !== undefined && !sameValue(row[field], value)) out[field] = value;
  }
  return out;
}

/** The server version a row's edits start from: the last version this device saw. */
function versionOf(row: AnyRow): number {
  const version = (row._base ?? row).version;
  return typeof version === 'number' ? version : 1;
}

/**
 * Edits a record (also a failed one: the edit requeues it). Only the fields whose value
 * changed are queued, with the version the edit started from (ADR 0002: the server
 * merges per field). Folding into an entry still on the device merges the field sets
 * and keeps the entry's base version; an edit behind an entry on the wire starts from
 * the same base, since the user has not seen the server's answer yet.
 */
export async function updateRecord(
  db: TambakDb,
  resource: ResourceDescriptor,
  id: string,
  changes: ServerRecord,
  clock: Clock = systemClock,
): Promise<void> {
  const key = db.keyOf(resource.table);
  await db.transaction('rw', db.mirror(resource.table), db.outbox, db.syncState, async () => {
    const row = await liveRow(db, resource.table, id);
    const changed = changedFields(row, changes);
    delete changed[key];
    if (Object.keys(changed).length === 0) return;
    const merged: AnyRow = { ...row, ...changed, [key]: id };
    const owner = await ownerOf(db, row);
    const now = clock.now();
    // A create the server cannot hold yet takes the edit into its body; one that may be
    // there already (sent, its answer lost) keeps its body and the edit goes behind it.
    if (owner && ON_DEVICE.has(owner.status) && owner.kind === 'create' && !mayBeOnServer(owner)) {
      await db.outbox.put({ ...requeue(owner, clock), body: bodyOf(resource, merged, 'create') });
      await db.mirror(resource.table).put(pending(merged, owner.id));
      return;
    }
    const body = updateBody(resource, merged, changed);
    if (Object.keys(body).length === 0) {
      // Only local display fields changed: nothing for the server, the row's state stays.
      await db.mirror(resource.table).put(merged);
      return;
    }
    if (owner && ON_DEVICE.has(owner.status) && owner.kind === 'update') {
      const patch = owner.patch && { ...owner.patch, editedAt: now };
      await db.outbox.put({
        ...requeue(owner, clock),
        body: { ...(owner.body as ServerRecord), ...body },
        ...(patch ? { patch } : {}),
      });
      await db.mirror(resource.table).put(pending(merged, owner.id));
      return;
    }
    if (!resource.updateUrl) throw new LocalWriteError('not-supported', `${resource.name} cannot be updated`);
    const url = resource.updateUrl(id);
    const entry = newEntry(
      { kind: 'update', method: 'PUT', url, body, bulk: false, table: resource.table, recordIds: [id] },
      clock,
    );
    entry.patch = {
      baseVersion: owner?.kind === 'update' && owner.patch ? owner.patch.baseVersion : versionOf(row),
      editedAt: now,
      device: await deviceId(db),
    };
    const base = row._status === 'synced' && !owner ? serverFields(row) : row._base;
    await db.outbox.add(entry);
    await db.mirror(resource.table).put({ ...pending(merged, entry.id), _base: base });
  });
}

/**
 * An update's body: only the changed fields the API takes (`updateFields`), shaped by the
 * resource's `toBody` when it has one. Changed local-only fields (display data) stay out.
 */
function updateBody(resource: ResourceDescriptor, merged: ServerRecord, changed: ServerRecord): ServerRecord {
  const shaped = bodyOf(resource, merged, 'update') as ServerRecord;
  const allowed = resource.updateFields;
  const out: ServerRecord = {};
  for (const field of Object.keys(changed))
    if (field in shaped && (!allowed || allowed.includes(field))) out[field] = shaped[field];
  return out;
}

/** Deletes a record: at once when the server never had it, otherwise through the outbox. */
export async function deleteRecord(
  db: TambakDb,
  resource: ResourceDescriptor,
  id: string,
  clock: Clock = systemClock,
): Promise<void> {
  await db.transaction('rw', db.mirror(resource.table), db.outbox, async () => {
    const table = db.mirror(resource.table);
    const row = await table.get(id);
    if (!row || row._deleted) return;
    const owner = await ownerOf(db, row);
    const onDevice = owner && ON_DEVICE.has(owner.status);
    // A create never attempted, or rejected, never reached the server's tables: forget it.
    if (onDevice && owner.kind === 'create' && !mayBeOnServer(owner)) {
      await db.outbox.delete(owner.id);
      await table.delete(id);
      return;
    }
    if (!resource.deleteUrl) throw new LocalWriteError('not-supported', `${resource.name} cannot be deleted`);
    const url = resource.deleteUrl(id, row);
    let entryId: string;
    if (onDevice && owner.kind !== 'action') {
      entryId = owner.id;
      await db.outbox.put({
        ...requeue(owner, clock),
        kind: 'delete',
        method: 'DELETE',
        url,
        body: null,
        bulk: false,
      });
    } else {
      const entry = newEntry(
        {
          kind: 'delete',
          method: 'DELETE',
          url,
          body: null,
          bulk: false,
          table: resource.table,
          recordIds: [id],
        },
        clock,
      );
      entryId = entry.id;
      await db.outbox.add(entry);
    }
    const base = row._status === 'synced' && !owner ? serverFields(row) : row._base;
    await table.put({ ...pending(row, entryId), _deleted: true, _base: base });
  });
}

/**
 * A state-changing call that is not a plain create/update/delete (end a cycle, save the
 * water standards, warehouse store/remove). Sent in FIFO order with an Idempotency-Key.
 * `rows` are the local effect (merged into existing rows by primary key, or added),
 * written in the same transaction and marked pending until the server answers.
 */
export async function enqueueAction(
  db: TambakDb,
  action: { method: HttpMethod; url: string; body?: unknown; table?: string; rows?: ServerRecord[] },
  clock: Clock = systemClock,
): Promise<string> {
  const table = action.table ? db.mirror(action.table) : undefined;
  const key = action.table ? db.keyOf(action.table) : '';
  const rows = action.rows ?? [];
  const recordIds = rows.map((row) => String(row[key]));
  const entry = newEntry(
    {
      kind: 'action',
      method: action.method,
      url: action.url,
      body: action.body ?? null,
      bulk: false,
      recordIds,
    },
    clock,
  );
  if (action.table) entry.table = action.table;
  await db.transaction('rw', table ? [db.outbox, table] : [db.outbox], async () => {
    await db.outbox.add(entry);
    if (!table) return;
    const existing = await table.bulkGet(recordIds);
    const puts = rows.map((change, i) => {
      const row = existing[i];
      const base = !row ? null : row._status === 'synced' && !row._outboxId ? serverFields(row) : row._base;
      const next = { ...pending({ ...row, ...serverFields(change) } as AnyRow, entry.id), _base: base };
      // An action that removes its record (a restock's DELETE) hides the row until the server answers.
      return change._deleted === true ? ({ ...next, _deleted: true } as AnyRow) : next;
    });
    await table.bulkPut(puts);
  });
  return entry.id;
}
