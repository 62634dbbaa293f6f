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
  also?: Omit<FieldClock, 'also'>[];
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

/**
 * The writers of a field's current value this edit has not seen (changed after its base
 * version). A device's own edits reach the server in order (its outbox is FIFO): never
 * a rival of itself.
 */
function rivalsOf(clock: FieldClock | undefined, meta: PatchMeta): Omit<FieldClock, 'also'>[] {
  if (!clock || meta.baseVersion === null) return [];
  const { also = [], ...holder } = clock;
  const base = meta.baseVersion;
  return [holder, ...also].filter((w) => w.version > base && (w.device === null || w.device !== meta.device));
}

const authorOf = ({ by, by_name, device, edited_at }: FieldAuthor): FieldAuthor => ({
  by,
  by_name,
  device,
  edited_at,
});

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
      // (A device sending again a value it already wrote changes nothing.)
      const before = conflicts.length;
      conflicts = conflicts.filter((c) => !mine(c, field));
      let news = conflicts.length !== before;
      if (!clock) {
        clocks[field] = { ...author, version };
        news = true;
      } else if (clock.device !== meta.device && !clock.also?.some((w) => w.device === meta.device)) {
        clocks[field] = { ...clock, also: [...(clock.also ?? []), { ...author, version }] };
        news = true;
      }
      if (news) history.push(entry(field, current, value, false, author, version));
      continue;
    }
    const rivals = rivalsOf(clock, meta);
    if (rivals.every((rival) => later(author, rival))) {
      // No rival, or this edit is the latest: it wins; rivals' value is kept as theirs.
      for (const rival of rivals)
        conflicts.push({ field, lost: { ...authorOf(rival), value: current }, kept: { ...author, value } });
      // A conflict whose lost value is the record's value again is no longer a loss: its
      // device becomes a co-writer of the value (named again if it is overwritten later).
      const regained = conflicts.filter(
        (c) => c.field === field && sameValue(c.lost.value, value) && c.lost.device !== meta.device,
      );
      conflicts = conflicts.filter((c) => !mine(c, field) && !regained.includes(c));
      changes[field] = value;
      clocks[field] = { ...author, version };
      if (regained.length > 0) clocks[field].also = regained.map((c) => ({ ...authorOf(c.lost), version }));
      history.push(entry(field, current, value, false, author, version));
      continue;
    }
    // This edit is the earlier one of a collision: the stored value stays.
    const latest = rivals.reduce((a, b) => (later(b, a) ? b : a));
    const conflict: FieldConflict = {
      field,
      lost: { ...author, value },
      kept: { ...authorOf(latest), value: current },
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
