/**
 * The water-quality fields of seed 000 §3 as plain data: kinds, units, physical bounds,
 * the "not measured" sentinel and the times of day. No schema library here, so screens
 * can use the table without loading TypeBox; the API contracts (contracts/water.ts) build
 * their schemas from it.
 */
export const NOT_MEASURED = -99;

export const WATER_KINDS = ['general', 'chemical', 'biological'] as const;
export type WaterKind = (typeof WATER_KINDS)[number];

export interface WaterFieldSpec {
  unit: string;
  /** Physically possible range (not the good range: that is water-standards.ts). */
  min: number;
  max: number;
  /** Option ids (colour, weather) are whole numbers. */
  integer?: boolean;
}

const MG_L = 'mg/L';
const CFU = 'CFU/mL';
const CELLS = 'cells/mL';
const COUNT_MAX = 1e12;

export const WATER_FIELDS = {
  general: {
    ph: { unit: '', min: 0, max: 14 },
    do: { unit: MG_L, min: 0, max: 30 },
    temperature: { unit: '°C', min: 0, max: 50 },
    // Secchi transparency in cm on most farms; the bound also admits NTU meters.
    turbidity: { unit: 'cm', min: 0, max: 1000 },
    water_height: { unit: 'cm', min: 0, max: 1000 },
    salinity: { unit: 'ppt', min: 0, max: 80 },
    oxygen: { unit: '%', min: 0, max: 500 },
    // ORP can be negative; -99 still means not measured (the spec's sentinel wins).
    orp: { unit: 'mV', min: -2000, max: 2000 },
    color: { unit: '', min: 1, max: 17, integer: true },
    weather: { unit: '', min: 1, max: 7, integer: true },
  },
  chemical: {
    tom: { unit: MG_L, min: 0, max: 1000 },
    alkalinity: { unit: MG_L, min: 0, max: 1000 },
    po4: { unit: MG_L, min: 0, max: 100 },
    no3: { unit: MG_L, min: 0, max: 1000 },
    no2: { unit: MG_L, min: 0, max: 100 },
    nh4: { unit: MG_L, min: 0, max: 100 },
    nh3: { unit: MG_L, min: 0, max: 100 },
    tan: { unit: MG_L, min: 0, max: 100 },
    co3: { unit: MG_L, min: 0, max: 1000 },
    hco3: { unit: MG_L, min: 0, max: 2000 },
    ca: { unit: MG_L, min: 0, max: 5000 },
    mg: { unit: MG_L, min: 0, max: 10000 },
    hard: { unit: MG_L, min: 0, max: 20000 },
  },
  biological: {
    tbc: { unit: CFU, min: 0, max: COUNT_MAX },
    tvc: { unit: CFU, min: 0, max: COUNT_MAX },
    yvc: { unit: CFU, min: 0, max: COUNT_MAX },
    gvc: { unit: CFU, min: 0, max: COUNT_MAX },
    bvc: { unit: CFU, min: 0, max: COUNT_MAX },
    lvc: { unit: CFU, min: 0, max: COUNT_MAX },
    tbc_tvc: { unit: '', min: 0, max: COUNT_MAX },
    bga: { unit: CELLS, min: 0, max: COUNT_MAX },
    ga: { unit: CELLS, min: 0, max: COUNT_MAX },
    gga: { unit: CELLS, min: 0, max: COUNT_MAX },
    dino: { unit: CELLS, min: 0, max: COUNT_MAX },
    pro: { unit: CELLS, min: 0, max: COUNT_MAX },
    eug: { unit: CELLS, min: 0, max: COUNT_MAX },
    plankton: { unit: CELLS, min: 0, max: COUNT_MAX },
  },
} as const satisfies Record<WaterKind, Record<string, WaterFieldSpec>>;

export type WaterField<K extends WaterKind> = keyof (typeof WATER_FIELDS)[K] & string;
export type AnyWaterField = WaterField<'general'> | WaterField<'chemical'> | WaterField<'biological'>;

export const TIMES_OF_DAY = ['morning', 'afternoon', 'evening'] as const;

/** The order a pond keeper reads his meters in (the entry form's, the review table's). */
export const WATER_FIELD_ORDER: Record<WaterKind, readonly string[]> = {
  general: [
    'ph',
    'do',
    'temperature',
    'salinity',
    'turbidity',
    'water_height',
    'oxygen',
    'orp',
    'color',
    'weather',
  ],
  chemical: Object.keys(WATER_FIELDS.chemical),
  biological: Object.keys(WATER_FIELDS.biological),
};
