import { typingLanguage } from '#components/number-field';
import type { Anco, WaterChange } from '#shared/contracts/records';
import { ANCO_DEFAULT_TRAYS, ANCO_MAX_TRAYS, type AncoStatus } from '#shared/domain/anco';
import { readNumber } from '#shared/domain/number-input';

/** Today on this phone as YYYY-MM-DD (the farm's day: the phone is at the farm). */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function localTime(now: Date = new Date()): string {
  return `${String(now.getHours()).padStart(2, '0')}:${String(now.getMinutes()).padStart(2, '0')}`;
}

/** HH:mm, 00:00–23:59 (the server's pattern). */
export const isHhMm = (v: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(v);

/** The server's date rules, checked as he types: not after today, not before the cycle began. */
export function dayProblem(day: string, today: string, cycleStart?: string): 'future' | 'beforeCycle' | null {
  if (day > today) return 'future';
  if (cycleStart && day < cycleStart) return 'beforeCycle';
  return null;
}

// ── Anco ────────────────────────────────────────────────────────────────────────────

export interface AncoPond {
  trays: number;
  statuses: (AncoStatus | null)[];
}

export interface AncoEntryState {
  date: string;
  feeding: number;
  time: string;
  ponds: Record<string, AncoPond>;
}

export function ancoPond(state: AncoEntryState, pondId: string, trays = ANCO_DEFAULT_TRAYS): AncoPond {
  return state.ponds[pondId] ?? { trays, statuses: Array(trays).fill(null) };
}

/** Taps one tray's status; tapping the chosen status again clears it. */
export function tapTray(pond: AncoPond, tray: number, status: AncoStatus): AncoPond {
  const statuses = [...pond.statuses];
  statuses[tray] = statuses[tray] === status ? null : status;
  return { ...pond, statuses };
}

/** Changes the tray count (1..ANCO_MAX_TRAYS), keeping what was tapped on the trays kept. */
export function setTrays(pond: AncoPond, trays: number): AncoPond {
  const n = Math.max(1, Math.min(ANCO_MAX_TRAYS, trays));
  return { trays: n, statuses: Array.from({ length: n }, (_, i) => pond.statuses[i] ?? null) };
}

/** Every tray of the pond the same status ("all trays the same"); again on the same status clears them. */
export function allTrays(pond: AncoPond, status: AncoStatus): AncoPond {
  const same = pond.statuses.length === pond.trays && pond.statuses.every((s) => s === status);
  return { ...pond, statuses: Array(pond.trays).fill(same ? null : status) };
}

export const ancoTouched = (pond: AncoPond | undefined) => !!pond?.statuses.some((s) => s !== null);
export const ancoComplete = (pond: AncoPond) =>
  pond.statuses.length === pond.trays && pond.statuses.every((s) => s !== null);

/**
 * The checks one entry makes: one per pond whose trays all have a status; ponds touched
 * but not complete are returned so the form can name them (nothing half-filled is saved).
 */
export function ancoRecords(
  state: AncoEntryState,
  farmId: string,
  cycleOf: (pondId: string) => string | null,
): { records: Partial<Anco>[]; partial: string[] } {
  const records: Partial<Anco>[] = [];
  const partial: string[] = [];
  for (const [pondId, pond] of Object.entries(state.ponds)) {
    if (!ancoTouched(pond)) continue;
    if (!ancoComplete(pond)) {
      partial.push(pondId);
      continue;
    }
    records.push({
      farm_id: farmId,
      pond_id: pondId,
      cycle_id: cycleOf(pondId) ?? undefined,
      check_date: state.date,
      feeding_time: state.feeding,
      checked_at: state.time,
      data_anco: pond.statuses.map((status, i) => ({ tray: i + 1, status: status as AncoStatus })),
      note: null,
    });
  }
  return { records, partial };
}

export function ancoCounts(statuses: readonly (AncoStatus | null)[]) {
  return {
    habis: statuses.filter((s) => s === 'habis').length,
    sedikit: statuses.filter((s) => s === 'sisa_sedikit').length,
    banyak: statuses.filter((s) => s === 'sisa_banyak').length,
  };
}

// ── Water change ────────────────────────────────────────────────────────────────────

export interface WaterChangePond {
  percent: string;
  height: string;
  note: string;
}
export interface WaterChangeState {
  date: string;
  time: string;
  ponds: Record<string, WaterChangePond>;
}

export type WaterChangeProblem =
  | 'needOne'
  | 'range'
  | 'heightRange'
  | 'percentNumber'
  | 'heightNumber'
  | null;

/** A typed number read in the screen's language (the one reader): null when empty, NaN when refused. */
export const num = (raw: string, language: string = typingLanguage()): number | null => {
  const read = readNumber(raw, language);
  return 'problem' in read ? Number.NaN : read.value;
};

export const waterChangeTouched = (p: WaterChangePond | undefined) =>
  !!p && (p.percent.trim() !== '' || p.height.trim() !== '' || p.note.trim() !== '');

/** What is wrong with one pond's card, as he types. */
export function waterChangeProblem(p: WaterChangePond): WaterChangeProblem {
  const percent = num(p.percent);
  const height = num(p.height);
  if (percent === null && height === null) return 'needOne';
  if (Number.isNaN(percent)) return 'percentNumber';
  if (Number.isNaN(height)) return 'heightNumber';
  if (percent !== null && (percent < 0 || percent > 100)) return 'range';
  if (height !== null && (height < 0 || height > 500)) return 'heightRange';
  return null;
}

/**
 * Seed 000 §3 "total water": m³ changed, the pond's area (m²) × the height (cm / 100),
 * rounded to 2 decimals as the server keeps it (migration 0039); null without a clear
 * height in range or an area. Pure.
 */
export function waterChangeTotal(areaM2: number | undefined, heightText: string): number | null {
  const height = num(heightText);
  if (height === null || Number.isNaN(height) || height < 0 || height > 500 || !areaM2) return null;
  return Math.round(areaM2 * height) / 100;
}

export function waterChangeRecords(
  state: WaterChangeState,
  farmId: string,
  cycleOf: (pondId: string) => string | null,
): { records: Partial<WaterChange>[]; invalid: string[] } {
  const records: Partial<WaterChange>[] = [];
  const invalid: string[] = [];
  for (const [pondId, p] of Object.entries(state.ponds)) {
    if (!waterChangeTouched(p)) continue;
    if (waterChangeProblem(p)) {
      invalid.push(pondId);
      continue;
    }
    records.push({
      farm_id: farmId,
      pond_id: pondId,
      cycle_id: cycleOf(pondId) ?? undefined,
      change_date: state.date,
      change_time: state.time || null,
      percent: num(p.percent),
      height_cm: num(p.height),
      note: p.note.trim() || null,
    });
  }
  return { records, invalid };
}

// ── Notes ───────────────────────────────────────────────────────────────────────────

/** "alat, Pakan ,alat" → ['alat', 'Pakan']: trimmed, one copy each (case-insensitive). */
export function parseTagInput(raw: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const part of raw.split(',')) {
    const tag = part.trim().replace(/\s+/g, ' ');
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    out.push(tag);
  }
  return out;
}

export const tagsValid = (tags: string[]) => tags.length <= 10 && tags.every((t) => t.length <= 30);

/** Every tag used in the notes, most used first, then by name. */
export function tagsOf(notes: readonly { tags: string[] }[]): string[] {
  const count = new Map<string, number>();
  for (const n of notes) for (const t of n.tags) count.set(t, (count.get(t) ?? 0) + 1);
  return [...count.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([t]) => t);
}

/** Newest first by day, then by time when the record has one, then by creation. */
export function newestFirst<T extends { created_at?: string; id: string }>(
  rows: T[],
  day: keyof T,
  time?: keyof T,
): T[] {
  const key = (r: T) =>
    `${String(r[day] ?? '')} ${time ? String(r[time] ?? '') : ''} ${r.created_at ?? '~'} ${r.id}`;
  return [...rows].sort((a, b) => key(b).localeCompare(key(a)));
}
