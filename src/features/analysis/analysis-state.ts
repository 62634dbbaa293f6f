/**
 * The analysis screen's choice per farm (seed 000 §3 "Analysis state per farm": products,
 * water_quality, anco, sampling, date): the tab, the day and the ponds. It is a view
 * preference of this device, not a farm record, so it lives in localStorage under one key
 * per farm (read synchronously on the first render: the screen opens where it was left)
 * and is never synced: another person, or another phone, keeps their own.
 */
export const ANALYSIS_TABS = ['status', 'water', 'anco', 'sampling', 'products'] as const;
export type AnalysisTab = (typeof ANALYSIS_TABS)[number];
export const PRODUCT_MODES = ['day', 'cumulative', 'weekly'] as const;
export type ProductMode = (typeof PRODUCT_MODES)[number];
export const WATER_KIND_CHOICES = ['general', 'chemical', 'biological'] as const;
export type WaterKindChoice = (typeof WATER_KIND_CHOICES)[number];

export interface AnalysisState {
  tab: AnalysisTab;
  /** The farm day shown (YYYY-MM-DD). */
  date: string;
  /** Chosen pond ids; empty = every pond the person may see. */
  ponds: string[];
  kind: WaterKindChoice;
  productMode: ProductMode;
  feedOnly: boolean;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MAX_PONDS = 100;

export const stateKey = (farmId: string) => `tambak.analysis.${farmId}`;

export function defaultState(today: string): AnalysisState {
  return { tab: 'status', date: today, ponds: [], kind: 'general', productMode: 'day', feedOnly: false };
}

const oneOf = <T extends string>(list: readonly T[], value: unknown, fallback: T): T =>
  typeof value === 'string' && (list as readonly string[]).includes(value) ? (value as T) : fallback;

/**
 * A stored state, checked field by field: whatever is missing, malformed or from an older
 * build falls back to the default, and a day after today becomes today.
 */
export function parseState(raw: string | null, today: string): AnalysisState {
  const base = defaultState(today);
  if (!raw) return base;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return base;
  }
  if (!value || typeof value !== 'object') return base;
  const v = value as Record<string, unknown>;
  const date = typeof v.date === 'string' && DAY.test(v.date) && v.date <= today ? v.date : today;
  const ponds = Array.isArray(v.ponds)
    ? [...new Set(v.ponds.filter((p): p is string => typeof p === 'string' && p.length <= 64))].slice(
        0,
        MAX_PONDS,
      )
    : [];
  return {
    tab: oneOf(ANALYSIS_TABS, v.tab, base.tab),
    date,
    ponds,
    kind: oneOf(WATER_KIND_CHOICES, v.kind, base.kind),
    productMode: oneOf(PRODUCT_MODES, v.productMode, base.productMode),
    feedOnly: v.feedOnly === true,
  };
}

/** The chosen ponds that still exist and may be seen (a deleted pond drops out). */
export function livePonds(chosen: readonly string[], visible: readonly string[]): string[] {
  const set = new Set(visible);
  return chosen.filter((id) => set.has(id));
}

export function loadState(
  farmId: string,
  today: string,
  storage: Storage | undefined = globalThis.localStorage,
) {
  try {
    return parseState(storage?.getItem(stateKey(farmId)) ?? null, today);
  } catch {
    return defaultState(today);
  }
}

export function saveState(
  farmId: string,
  state: AnalysisState,
  storage: Storage | undefined = globalThis.localStorage,
) {
  try {
    storage?.setItem(stateKey(farmId), JSON.stringify(state));
  } catch {
    // Storage full or blocked (private mode): the choice is simply not remembered.
  }
}
