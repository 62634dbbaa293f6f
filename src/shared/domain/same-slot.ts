import type { AttentionItem } from '../contracts/attention.ts';

/**
 * Same-slot readings (issue 29 point 6, ADR 0063): two keepers on two phones record the
 * same pond in the same farm day and slot, each offline; after sync both readings are
 * stored. A slot of one reading kind holding two or more live readings is a "double"
 * until a person resolves it: keep both (each reading gets `slot_kept_at`), keep one
 * (the other soft-deleted) or merge per field (one reading edited, the other deleted).
 * The devices judge their mirror with this and the attention board the server's rows:
 * one rule.
 */

/** What the rule reads of a reading, on the device (mirror row) and on the server. */
export interface SlotReading {
  id: string;
  pond_id: string;
  /** ISO 8601 with the offset it was taken at: its first ten characters are the farm day. */
  measured_at: string;
  time_of_day: string;
  slot_kept_at: string | null;
}

export interface SameSlotGroup<T extends SlotReading> {
  pond_id: string;
  /** YYYY-MM-DD on the keeper's clock. */
  day: string;
  slot: string;
  /** Oldest first (by measured_at, then id): two devices list them alike. */
  readings: T[];
}

/** The farm day of a reading: the date the keeper's phone showed. */
export const slotDay = (measuredAt: string) => measuredAt.slice(0, 10);

const slotKey = (r: SlotReading) => `${r.pond_id}|${slotDay(r.measured_at)}|${r.time_of_day}`;

/** Whether every reading is of one pond, farm day and slot. */
export function inOneSlot(readings: readonly SlotReading[]): boolean {
  return readings.length > 0 && readings.every((r) => slotKey(r) === slotKey(readings[0]));
}

/**
 * The doubles among live readings of ONE kind: slots with two or more readings where at
 * least one has not been kept on purpose. A third reading after a "keep both" flags the
 * slot again (it was not part of that decision).
 */
export function sameSlotGroups<T extends SlotReading>(readings: readonly T[]): SameSlotGroup<T>[] {
  const bySlot = new Map<string, T[]>();
  for (const r of readings) bySlot.set(slotKey(r), [...(bySlot.get(slotKey(r)) ?? []), r]);
  const out: SameSlotGroup<T>[] = [];
  for (const rows of bySlot.values()) {
    if (rows.length < 2 || rows.every((r) => r.slot_kept_at !== null)) continue;
    const sorted = [...rows].sort(
      (a, b) => a.measured_at.localeCompare(b.measured_at) || a.id.localeCompare(b.id),
    );
    const first = sorted[0];
    out.push({
      pond_id: first.pond_id,
      day: slotDay(first.measured_at),
      slot: first.time_of_day,
      readings: sorted,
    });
  }
  return out.sort((a, b) => b.day.localeCompare(a.day) || a.pond_id.localeCompare(b.pond_id));
}

/**
 * Merge per field: the values the kept reading must take so it holds, for each field,
 * the value chosen (`choice[field]` = id of the reading whose value wins). Only fields
 * that change are returned: the edit carries what the person changed (ADR 0002).
 */
export function mergedChanges(
  keep: Record<string, unknown>,
  readings: readonly Record<string, unknown>[],
  choice: Readonly<Record<string, string>>,
): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const [field, fromId] of Object.entries(choice)) {
    const source = readings.find((r) => r.id === fromId);
    if (!source || source.id === keep.id) continue;
    if (source[field] !== keep[field]) changes[field] = source[field];
  }
  return changes;
}

/** A double the board reports: one kind's readings of a pond, day and slot. */
export interface SameSlotFact extends SlotReading {
  kind: string;
}

/**
 * The attention board's items (kind `same_slot`): one per pond, reading kind, day and
 * slot still flagged, the newest day first, linking to the water entry screen of the pond
 * where the choice is offered.
 */
export function sameSlotItems(
  farmId: string,
  ponds: readonly { id: string; name: string }[],
  facts: readonly SameSlotFact[],
): AttentionItem[] {
  const names = new Map(ponds.map((p) => [p.id, p.name]));
  const out: AttentionItem[] = [];
  for (const kind of [...new Set(facts.map((f) => f.kind))].sort()) {
    for (const group of sameSlotGroups(facts.filter((f) => f.kind === kind && names.has(f.pond_id)))) {
      out.push({
        kind: 'same_slot',
        severity: 'warning',
        subject: names.get(group.pond_id) as string,
        pond_id: group.pond_id,
        reason: 'double',
        figures: { count: group.readings.length, reading: kind, slot: group.slot, day: group.day },
        link: `/farm/${farmId}/water-quality/add?pond_id=${group.pond_id}`,
      });
    }
  }
  return out;
}
