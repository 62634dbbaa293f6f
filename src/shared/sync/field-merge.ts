/**
 * THE per-field merge of an edit into a stored record (ADR 0002). The server runs it for
 * every update of a synced record type (src/server/sync/record-merge.ts); the property
 * tests' fake server runs the same function, so what they prove holds for the server.
 *
 * An edit (a "patch") carries only the fields the user changed, the record version it
 * started from (`baseVersion`), when the user made it (`editedAt`) and the device that
 * made it. For each field of the patch:
 * - nobody else changed the field since `baseVersion` (or only this same device did):
 *   the edit applies; it is an ordinary sequential change;
 * - another device changed it since (both edited from the same version): a collision.
 *   The later edit (by `editedAt`, then device id, a total order) wins; the other value
 *   is recorded as lost: in the history and as an open conflict on the record, naming
 *   the device that wrote it, so that device can show both values and restore its own.
 * Fields nobody else touched merge whatever the order. A conflict stays open until the
 * device that lost writes the field again (restore, or a new value).
 *
 * Pure and deterministic: no clock but `now`, no I/O.
 */

/** Request headers of an edit (PUT …/update) that let the server merge per field. */
export const MERGE_HEADERS = {
  baseVersion: 'x-base-version',
  editedAt: 'x-edited-at',
  device: 'x-device-id',
} as const;

/** Who wrote a field value, and when the user made the edit (ISO 8601, clamped to the server clock). */
export interface FieldAuthor {
  by: string | null;
  by_name: string | null;
  device: string | null;
  edited_at: string;
}

/** The latest accepted change of one field: its record version and author. */
export interface FieldClock extends FieldAuthor {
  version: number;
  /** Other devices that wrote the same value meanwhile: it is theirs too if it is overwritten. */
  also?: FieldAuthor[];
}

/** A value that lost a collision, and the value that was kept at that moment. */
export interface FieldConflict {
  field: string;
  lost: FieldAuthor & { value: unknown };
  kept: FieldAuthor & { value: unknown };
}

export interface PatchMeta {
  /** The record version the edit started from; null: unknown (a plain API call), never a collision. */
  baseVersion: number | null;
  editedAt: string;
  device: string | null;
  userId: string | null;
  userName: string | null;
}

/** One line of a record's history: every accepted or lost field value. */
export interface FieldHistoryEntry {
  field: string;
  old_value: unknown;
  new_value: unknown;
  /** true: this value lost a collision (it is not the record's value). */
  lost: boolean;
  author: FieldAuthor;
  version: number;
}

export interface MergeState {
  /** The record's current field values, in the API's shape (what a device sees). */
  values: Record<string, unknown>;
  version: number;
  clocks: Record<string, FieldClock>;
  conflicts: FieldConflict[];
}

export interface MergeResult {
  /** Fields to write (API shape): the patch's winning, changed fields. */
  changes: Record<string, unknown>;
  version: number;
  clocks: Record<string, FieldClock>;
  conflicts: FieldConflict[];
  history: FieldHistoryEntry[];
  /** Values of this patch that lost (the answer tells the device that sent them). */
  lost: FieldConflict[];
  /** Whether anything changed (values, conflicts): the version and updated_at move. */
  changed: boolean;
}

/** Equality of API values (numbers, strings, booleans, null; plain objects/arrays by JSON). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** An edit time the server can trust: not after `now` (a phone's clock running ahead cannot win forever). */
export function clampEditedAt(raw: string | undefined | null, now: Date): string {
  const at = raw ? Date.parse(raw) : Number.NaN;
  if (Number.isNaN(at) || at > now.getTime()) return now.toISOString();
  return new Date(at).toISOString();
}

/** Whether `a` was written after `b`: edit time, then device id (a total order, so every replica agrees). */
function later(a: FieldAuthor, b: FieldAuthor): boolean {
  const ta = Date.parse(a.edited_at);
  const tb = Date.parse(b.edited_at);
  if (ta !== tb) return ta > tb;
  return (a.device ?? '') > (b.device ?? '');
}

function collides(clock: FieldClock | undefined, meta: PatchMeta): boolean {
  if (!clock || meta.baseVersion === null) return false;
  if (clock.version <= meta.baseVersion) return false;
  // A device's own edits reach the server in order (its outbox is FIFO): never a conflict.
  return clock.device === null || clock.device !== meta.device;
}

export function mergePatch(state: MergeState, patch: Record<string, unknown>, meta: PatchMeta): MergeResult {
  const version = state.version + 1;
  const author: FieldAuthor = {
    by: meta.userId,
    by_name: meta.userName,
    device: meta.device,
    edited_at: meta.editedAt,
  };
  const changes: Record<string, unknown> = {};
  const clocks = { ...state.clocks };
  let conflicts = [...state.conflicts];
  const history: FieldHistoryEntry[] = [];
  const lost: FieldConflict[] = [];
  const mine = (c: FieldConflict, field: string) =>
    c.field === field && meta.device !== null && c.lost.device === meta.device;

  for (const [field, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    const current = state.values[field];
    const clock = clocks[field];
    if (sameValue(current, value)) {
      // Nothing to write, but the value is now this device's too (a later collision that
      // overwrites it must name this device as well), and its own conflict is settled.
      conflicts = conflicts.filter((c) => !mine(c, field));
      if (!clock) clocks[field] = { ...author, version };
      else if (clock.device !== meta.device && !clock.also?.some((a) => a.device === meta.device))
        clocks[field] = { ...clock, also: [...(clock.also ?? []), author] };
      history.push(entry(field, current, value, false, author, version));
      continue;
    }
    if (!collides(clock, meta) || later(author, clock as FieldClock)) {
      if (collides(clock, meta)) {
        const { version: _v, also = [], ...holder } = clock as FieldClock;
        for (const writer of [holder, ...also])
          if (writer.device !== meta.device)
            conflicts.push({ field, lost: { ...writer, value: current }, kept: { ...author, value } });
      }
      conflicts = conflicts.filter((c) => !mine(c, field));
      changes[field] = value;
      clocks[field] = { ...author, version };
      history.push(entry(field, current, value, false, author, version));
      continue;
    }
    // This edit is the earlier one of a collision: the stored value stays.
    const { version: _v, also: _also, ...holder } = clock as FieldClock;
    const conflict: FieldConflict = {
      field,
      lost: { ...author, value },
      kept: { ...holder, value: current },
    };
    conflicts = conflicts.filter((c) => !mine(c, field));
    conflicts.push(conflict);
    lost.push(conflict);
    history.push(entry(field, current, value, true, author, version));
  }
  const changed = history.length > 0;
  return {
    changes,
    version: changed ? version : state.version,
    clocks,
    conflicts,
    history,
    lost,
    changed,
  };
}

function entry(
  field: string,
  oldValue: unknown,
  newValue: unknown,
  isLost: boolean,
  author: FieldAuthor,
  version: number,
): FieldHistoryEntry {
  return { field, old_value: oldValue, new_value: newValue, lost: isLost, author, version };
}
