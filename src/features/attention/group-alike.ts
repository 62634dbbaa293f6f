import { FROM_BOARD } from '#components/entry-preset.ts';
import type { AttentionItem } from '#shared/contracts/attention';
import { DEFAULT_PRESET_TIMES, isTime, timeOfDay } from '#shared/domain/time-of-day';

/**
 * The board's items as a manager reads them: the same message for many ponds (no afternoon
 * reading yet, for 48 ponds after a skipped round) is one row naming the ponds, whose button
 * opens the entry for all of them at once, instead of 48 rows that bury the two critical
 * ones below the fold. Items that differ in anything but their pond stay rows of their own.
 */
export interface BoardRow {
  item: AttentionItem;
  /** The ponds of a grouped row, in the board's order (one: a row of its own). */
  ponds: { id: string; name: string }[];
}

/** Fewer alike items than this stay rows of their own. */
export const GROUP_FROM = 3;

/** The entry screens a row's button opens (`/farm/<id>/<entry>/add?…`); each takes several ponds (`?ponds=a,b`), as the keeper's Today opens them. */
const ENTRY_PATH = String.raw`^(/farm/[^/?]+/(?:water-quality|feed-tray|sampling|feed)/add)\?`;
const MANY_PONDS = new RegExp(`${ENTRY_PATH}pond_id=([^&]+)$`);

const sameness = (item: AttentionItem) => {
  const target = MANY_PONDS.exec(item.link);
  if (!item.pond_id || !target) return null;
  return JSON.stringify([item.kind, item.severity, item.reason, item.figures, target[1]]);
};

/** Groups alike items (GROUP_FROM or more) into one row at the place of the first; keeps the order. */
export function groupAlike(items: readonly AttentionItem[]): BoardRow[] {
  const groups = new Map<string, AttentionItem[]>();
  for (const item of items) {
    const key = sameness(item);
    if (key !== null) groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  const rows: BoardRow[] = [];
  const placed = new Set<string>();
  for (const item of items) {
    const key = sameness(item);
    const alike = key === null ? undefined : groups.get(key);
    if (key === null || !alike || alike.length < GROUP_FROM) {
      rows.push({ item, ponds: item.pond_id ? [{ id: item.pond_id, name: item.subject }] : [] });
      continue;
    }
    if (placed.has(key)) continue;
    placed.add(key);
    const ponds = alike.map((a) => ({ id: a.pond_id as string, name: a.subject }));
    const base = MANY_PONDS.exec(item.link)?.[1] ?? item.link;
    const link = `${base}?${new URLSearchParams({ ponds: ponds.map((p) => p.id).join(',') }).toString()}`;
    rows.push({ item: { ...item, link }, ponds });
  }
  return rows;
}

/**
 * A missed slot opens the water entry at that slot (the device's preset time in it, else the
 * default one) and, for yesterday's, on its day: entered late in the evening, the
 * afternoon's readings would otherwise be taken as the evening's, and yesterday's as
 * today's. A row naming several slots keeps the entry's own time.
 */
export function withSlotTime(item: AttentionItem, presets: readonly string[]): AttentionItem {
  const { slot, day } = item.figures;
  if (item.kind !== 'missed_slot' || typeof slot !== 'string') return item;
  const inSlot = (time: string) => timeOfDay(Number(time.slice(0, 2))) === slot;
  const time = presets.find((t) => isTime(t) && inSlot(t)) ?? DEFAULT_PRESET_TIMES.find(inSlot);
  if (!time) return item;
  const when: Record<string, string> = { time };
  if (item.reason === 'yesterday' && typeof day === 'string') when.date = day;
  return { ...item, link: `${item.link}&${new URLSearchParams(when).toString()}` };
}

const ENTRY = new RegExp(ENTRY_PATH);

/**
 * An entry opened from the board carries `?from=attention`: its save and back arrow return
 * to the board, where the manager goes on down the list, instead of to Today or the pond.
 */
export function fromBoard(item: AttentionItem): AttentionItem {
  if (!ENTRY.test(item.link)) return item;
  return { ...item, link: `${item.link}&${new URLSearchParams(FROM_BOARD).toString()}` };
}
