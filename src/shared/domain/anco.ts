/**
 * Feed trays (anco, seed 000 §3; DOMAIN.md): 2.5–3.5 % of a feeding's ration goes into
 * each tray, checked 1.5–3 h later. What is left tells whether the shrimp ate all they
 * were given: mostly empty trays mean raise the feed, a lot left means cut it.
 */
export const ANCO_STATUSES = ['habis', 'sisa_sedikit', 'sisa_banyak'] as const;
export type AncoStatus = (typeof ANCO_STATUSES)[number];

/** Trays one pond may have checked in one feeding (seed 000: the pond's `anco` count). */
export const ANCO_MAX_TRAYS = 12;
export const ANCO_DEFAULT_TRAYS = 4;
/** Feedings a day are numbered 1..ANCO_MAX_FEEDINGS (most farms feed 4–6 times). */
export const ANCO_MAX_FEEDINGS = 8;

export interface AncoTray {
  tray: number;
  status: AncoStatus;
}

export type AncoAdvice = 'raise' | 'keep' | 'cut' | 'none';

/**
 * Advice for the next feeding from one check's trays (DOMAIN.md: mostly empty → raise,
 * a lot left → cut). Rule of thumb farm technicians use:
 * - a quarter or more of the trays with a lot left: cut the ration;
 * - two thirds or more of the trays empty: raise it (about 5 %);
 * - more than half the trays with something left: cut;
 * - otherwise keep it. No tray checked yet: no advice.
 */
export function ancoAdvice(statuses: readonly (AncoStatus | null | undefined)[]): AncoAdvice {
  const done = statuses.filter((s): s is AncoStatus => !!s);
  const n = done.length;
  if (n === 0) return 'none';
  const empty = done.filter((s) => s === 'habis').length;
  const lot = done.filter((s) => s === 'sisa_banyak').length;
  if (lot > 0 && lot * 4 >= n) return 'cut';
  if (empty * 3 >= n * 2) return 'raise';
  if ((n - empty) * 2 > n) return 'cut';
  return 'keep';
}
