/**
 * The problems the demo farm is seeded with, so the manager's attention board has
 * something true to show (issue 31 point 5), and the ponds that must show nothing. The
 * generators read this list; tests import it to check the board and the data. Every
 * pond named here exists in a demo of at least DEMO_MIN_PONDS ponds and has a cycle
 * running today; every day is relative to the day the demo is loaded ("today", WIB).
 *
 * Keep this export stable: other tests depend on its names and shape.
 */

/** The fewest ponds a demo farm has, so every pond named below exists (A1, A2, B1 … D2). */
export const DEMO_MIN_PONDS = 8;

export type SeededProblemKind =
  | 'low_do'
  | 'critical_do'
  | 'trays_left'
  | 'death_jump'
  | 'item_below_min'
  | 'missed_slot';

/** A warehouse item as its product is named in the starter catalogue (migration 0016). */
export interface SeededItem {
  product_id: string;
  name_id: string;
  name_en: string;
}

export type SeededProblem =
  /**
   * The pond's latest water reading (today, at `slot`) has DO `value` mg/L, below 4. The
   * slots below are those of a whole day; a demo loaded during the day puts its water
   * problems in the latest slot that has passed (seededProblems(lastSlot)).
   */
  | { kind: 'low_do'; pond: string; slot: string; value: number }
  /** The pond's latest water reading (today, at `slot`) has DO `value` mg/L, below 2 (lethal). */
  | { kind: 'critical_do'; pond: string; slot: string; value: number }
  /** The pond's last two anco checks (yesterday and today) say "a lot left" (sisa banyak) on every tray. */
  | { kind: 'trays_left'; pond: string }
  /** Today's deaths are about `factor` times the pond's daily average of the 7 days before. */
  | { kind: 'death_jump'; pond: string; factor: number }
  /** No water reading at `slot` today (the farm's last preset slot); every other slot of every pond has one. */
  | { kind: 'missed_slot'; pond: string; slot: string }
  /** The item's stock today is below its minimum, and above zero. */
  | { kind: 'item_below_min'; item: SeededItem };

const product = (n: number) => `01930000-0000-7000-8000-${String(n).padStart(12, '0')}`;

export const SEEDED_PROBLEMS: readonly SeededProblem[] = [
  { kind: 'low_do', pond: 'A2', slot: '22:00', value: 3.4 },
  { kind: 'critical_do', pond: 'B2', slot: '22:00', value: 1.8 },
  { kind: 'trays_left', pond: 'B1' },
  { kind: 'trays_left', pond: 'C1' },
  { kind: 'death_jump', pond: 'C2', factor: 8 },
  { kind: 'missed_slot', pond: 'D1', slot: '22:00' },
  {
    kind: 'item_below_min',
    item: { product_id: product(44), name_id: 'Vitamin C', name_en: 'Vitamin C' },
  },
  {
    kind: 'item_below_min',
    item: {
      product_id: product(20),
      name_id: 'Kaporit (kalsium hipoklorit 60 %)',
      name_en: 'Chlorine (calcium hypochlorite 60 %)',
    },
  },
];

/** Ponds with a running cycle and nothing to flag: water within the slot's standard, trays eaten, steady deaths. */
export const HEALTHY_PONDS: readonly string[] = ['A1', 'D2'];

/** The seeded problems of a demo whose last day ends after the water slot `lastSlot` (HH:mm). */
export function seededProblems(lastSlot: string): readonly SeededProblem[] {
  return SEEDED_PROBLEMS.map((p) => ('slot' in p ? { ...p, slot: lastSlot } : p));
}

/** The problems of one kind, typed by that kind (water slots: the day's `lastSlot`). */
export function seededOf<K extends SeededProblemKind>(
  kind: K,
  lastSlot = '22:00',
): Extract<SeededProblem, { kind: K }>[] {
  return seededProblems(lastSlot).filter((p): p is Extract<SeededProblem, { kind: K }> => p.kind === kind);
}

/** Ponds named by a seeded problem or as healthy: their cycle runs today, old enough to have a story. */
export function seededPondNames(): Set<string> {
  const names = new Set<string>(HEALTHY_PONDS);
  for (const p of SEEDED_PROBLEMS) if ('pond' in p) names.add(p.pond);
  return names;
}
