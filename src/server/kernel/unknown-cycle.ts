/**
 * What a record create does with a `cycle_id` that names no live cycle (fuzz of the API,
 * 2026-12: the nil uuid and random uuids were stored under the pond's active cycle, while
 * a cycle of another farm is 404). Used by every create that labels a pond record with a
 * cycle (records, water readings, samplings, uses of warehouse items).
 *
 * - No `cycle_id`: the pond's active cycle. A device that knows no cycle of the pond yet
 *   sends none (the forms send `cycleOf(pond) ?? undefined`).
 * - A UUIDv7 that names no live cycle: the pond's active cycle too. Every cycle id is a
 *   UUIDv7 made on a device (src/local/ids.ts) or by the server, and such an id is missing
 *   when that cycle's start was refused (two phones started one on the same pond offline;
 *   chaos seed 116, commit e10bb32) or the cycle was deleted while the record waited in a
 *   phone's outbox. The record belongs to the pond; the cycle is only its label, and
 *   refusing it would leave the keeper a record no screen can repair.
 * - Any other id (the nil uuid, a v4 uuid): no device made it, so it can only be a wrong
 *   id. It is refused as a cycle of another farm is, with 404 not-found (a cycle the
 *   caller may not see and one that does not exist look alike), never relabelled.
 *
 * A cycle that exists but has ended is not this rule's: it answers 409 cycle-ended as
 * before, and a replay of a create already stored is answered ok before any cycle check.
 */
const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** True when an unknown `cycle_id` may fall back to the pond's active cycle (see above). */
export function mayBeOfflineCycle(id: string): boolean {
  return UUID_V7.test(id);
}
