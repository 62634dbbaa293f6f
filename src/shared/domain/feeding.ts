/**
 * The feeding programme (DOMAIN.md "Feeding"): blind feeding by the programme table
 * before DOC 30, then biomass × FR %, FR looked up by ABW in the farm's table, adjusted
 * by the last feed-tray (anco) check. Pure, shared: the server answers the
 * recommendation and the feed form shows the same figure beside what is entered.
 */

/** One row of a farm's FR table: from this ABW (g) the feed rate is `fr` % of biomass a day. */
export interface FrPoint {
  abw: number;
  fr: number;
}

/**
 * DOMAIN.md's typical vannamei curve: <0.1 g 30 %, 0.1–1 g 25→11 %, 1–3 g 11→7 %,
 * >3 g 7→3 % by 12 g. Between two rows the rate is interpolated linearly; below the
 * first row it is the first row's, above the last the last's.
 */
export const DEFAULT_FR_TABLE: readonly FrPoint[] = [
  { abw: 0, fr: 30 },
  { abw: 0.1, fr: 25 },
  { abw: 1, fr: 11 },
  { abw: 3, fr: 7 },
  { abw: 12, fr: 3 },
];

export type AncoStatus = 'empty' | 'little' | 'lot';

/** The per-farm programme settings (`/feedIdxSetting`). */
export interface FeedProgramme {
  /** Blind feeding runs while DOC is below this day. */
  blind_until_doc: number;
  /** Blind feeding, day 1: kg of feed per 100,000 PL stocked. */
  blind_start_kg: number;
  /** Feed index: kg per 100,000 PL added each day of blind feeding (typically 0.2–0.5). */
  feed_index: number;
  /** Feedings a day the daily ration is split into. */
  feedings_per_day: number;
  /** Percent change of the ration after a feed-tray check: mostly empty trays, a little left, a lot left. */
  anco_empty_pct: number;
  anco_little_pct: number;
  anco_lot_pct: number;
  /** A pond is due for a sampling this many days after its last one (the keeper's Today list). */
  sampling_every_days: number;
}

export const DEFAULT_FEED_PROGRAMME: FeedProgramme = {
  blind_until_doc: 30,
  blind_start_kg: 1,
  feed_index: 0.3,
  feedings_per_day: 4,
  anco_empty_pct: 5,
  anco_little_pct: 0,
  anco_lot_pct: -10,
  sampling_every_days: 7,
};

/** The feed form's and the Today list's feeding times: 4 a day are 06:00, 10:00, 14:00, 18:00. */
export const DEFAULT_FEEDING_TIMES = ['06:00', '10:00', '14:00', '18:00'];

/** `n` feeding times a day: the default four, else spread over 06:00–20:00. */
export function feedingTimes(n: number): string[] {
  if (n === 4) return [...DEFAULT_FEEDING_TIMES];
  if (n <= 1) return ['07:00'];
  const step = Math.floor((14 * 60) / (n - 1));
  return Array.from({ length: n }, (_, i) => {
    const minutes = 6 * 60 + i * step;
    return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  });
}

/** Bounds each setting is validated against (server and form). */
export const FEED_PROGRAMME_BOUNDS: Record<
  keyof FeedProgramme,
  { min: number; max: number; integer?: boolean }
> = {
  blind_until_doc: { min: 1, max: 90, integer: true },
  blind_start_kg: { min: 0, max: 100 },
  feed_index: { min: 0, max: 10 },
  feedings_per_day: { min: 1, max: 12, integer: true },
  anco_empty_pct: { min: -100, max: 100 },
  anco_little_pct: { min: -100, max: 100 },
  anco_lot_pct: { min: -100, max: 100 },
  sampling_every_days: { min: 1, max: 60, integer: true },
};

export const FR_BOUNDS = { abw: { min: 0, max: 100 }, fr: { min: 0, max: 100 }, maxRows: 50 } as const;

/** FR (%) for an ABW (g) in a table sorted by ABW (interpolated; see DEFAULT_FR_TABLE). */
export function frFor(table: readonly FrPoint[], abw: number): number | null {
  if (table.length === 0 || !Number.isFinite(abw) || abw < 0) return null;
  const rows = [...table].sort((a, b) => a.abw - b.abw);
  if (abw <= rows[0].abw) return rows[0].fr;
  for (let i = 1; i < rows.length; i++) {
    const lo = rows[i - 1];
    const hi = rows[i];
    if (abw <= hi.abw) {
      if (hi.abw === lo.abw) return hi.fr;
      return lo.fr + ((hi.fr - lo.fr) * (abw - lo.abw)) / (hi.abw - lo.abw);
    }
  }
  return rows[rows.length - 1].fr;
}

export interface RationInput {
  /** Days of culture on the day fed (DOC = days since stocking + 1). */
  doc: number;
  /** Shrimp alive now (stocked − deaths − harvested, as the population source knows it). */
  population: number;
  /** Latest average body weight in grams, null before the first sampling. */
  abw: number | null;
  /** Latest feed-tray result, null when none. */
  anco: AncoStatus | null;
}

export interface Ration {
  mode: 'blind' | 'fr' | 'no-sampling';
  /** Daily ration in kg (3 decimals), null when it cannot be computed (no sampling after blind feeding). */
  daily_kg: number | null;
  /** One feeding's share, kg (3 decimals). */
  per_feeding_kg: number | null;
  /** FR used (%), fr mode only. */
  fr: number | null;
  /** Biomass (kg) the ration is based on, fr mode only. */
  biomass_kg: number | null;
  /** Anco adjustment applied, percent. */
  anco_pct: number;
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

export function ancoAdjustment(p: FeedProgramme, anco: AncoStatus | null): number {
  if (anco === 'empty') return p.anco_empty_pct;
  if (anco === 'little') return p.anco_little_pct;
  if (anco === 'lot') return p.anco_lot_pct;
  return 0;
}

/** The recommended ration of one pond on one day. */
export function recommendedRation(input: RationInput, p: FeedProgramme, table: readonly FrPoint[]): Ration {
  const population = Math.max(0, input.population);
  const split = (daily: number) => round3(daily / Math.max(1, p.feedings_per_day));
  if (input.doc < p.blind_until_doc) {
    const perHundredK = p.blind_start_kg + Math.max(0, input.doc - 1) * p.feed_index;
    const daily = round3((population / 100_000) * perHundredK);
    return {
      mode: 'blind',
      daily_kg: daily,
      per_feeding_kg: split(daily),
      fr: null,
      biomass_kg: null,
      anco_pct: 0,
    };
  }
  const fr = input.abw === null ? null : frFor(table, input.abw);
  if (input.abw === null || fr === null) {
    return {
      mode: 'no-sampling',
      daily_kg: null,
      per_feeding_kg: null,
      fr: null,
      biomass_kg: null,
      anco_pct: 0,
    };
  }
  const biomass = (population * input.abw) / 1000;
  const anco = ancoAdjustment(p, input.anco);
  const daily = round3(biomass * (fr / 100) * (1 + anco / 100));
  return {
    mode: 'fr',
    daily_kg: daily,
    per_feeding_kg: split(daily),
    fr: Math.round(fr * 100) / 100,
    biomass_kg: round3(biomass),
    anco_pct: anco,
  };
}
