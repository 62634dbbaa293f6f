/**
 * Water-quality probes (issue 27, ADR 0066): the parameters a device may send, the units
 * each accepts and how they convert to the unit Tambak stores (the hand readings' unit),
 * and the physical range outside which a value is refused as impossible (not merely out
 * of the farm's standard).
 */

export const PROBE_PARAMETERS = ['do', 'temperature', 'ph', 'salinity'] as const;
export type ProbeParameter = (typeof PROBE_PARAMETERS)[number];

export function isProbeParameter(value: unknown): value is ProbeParameter {
  return typeof value === 'string' && (PROBE_PARAMETERS as readonly string[]).includes(value);
}

/** The stored unit of each parameter (the same as the hand readings'). */
export const PROBE_STORED_UNIT: Record<ProbeParameter, string> = {
  do: 'mg/L',
  temperature: '°C',
  ph: 'pH',
  salinity: 'ppt',
};

/** Units a device may send, per parameter (compared lower-case, without spaces). */
export const PROBE_UNITS: Record<ProbeParameter, readonly string[]> = {
  do: ['mg/L', '%'],
  temperature: ['°C', '°F'],
  ph: ['pH'],
  salinity: ['ppt', 'psu', 'g/L'],
};

/** Spellings devices use for the same unit. */
const UNIT_ALIASES: Record<string, string> = {
  'mg/l': 'mg/L',
  ppm: 'mg/L',
  '%': '%',
  '%sat': '%',
  '%saturation': '%',
  sat: '%',
  '°c': '°C',
  c: '°C',
  degc: '°C',
  celsius: '°C',
  '°f': '°F',
  f: '°F',
  degf: '°F',
  fahrenheit: '°F',
  ph: 'pH',
  '': 'pH',
  ppt: 'ppt',
  '‰': 'ppt',
  psu: 'psu',
  'g/l': 'g/L',
};

/** The canonical unit of a device's spelling for this parameter, or null when it is not one. */
export function canonicalUnit(parameter: ProbeParameter, unit: string | undefined): string | null {
  const spelled = (unit ?? PROBE_STORED_UNIT[parameter]).replaceAll(' ', '').toLowerCase();
  const canonical = UNIT_ALIASES[spelled];
  if (!canonical) return null;
  if (parameter === 'ph' && spelled === '') return 'pH';
  return PROBE_UNITS[parameter].includes(canonical) ? canonical : null;
}

/** Physically possible values in the stored unit: anything outside is a broken sensor. */
export const PROBE_PHYSICAL_RANGE: Record<ProbeParameter, { min: number; max: number }> = {
  do: { min: 0, max: 30 },
  temperature: { min: -5, max: 50 },
  ph: { min: 0, max: 14 },
  salinity: { min: 0, max: 70 },
};

/** Water temperature (°C) and salinity (ppt) assumed when a DO % arrives without them. */
export const DEFAULT_TEMPERATURE_C = 28;
export const DEFAULT_SALINITY_PPT = 20;

/**
 * Oxygen solubility of water at equilibrium with air (mg/L), Weiss (1970) with the
 * salinity term, for temperature in °C and salinity in ppt: 9.09 at 20 °C fresh, 6.76
 * at 30 °C and 20 ppt. 1 mL O₂ = 1.42905 mg.
 */
export function oxygenSaturationMgL(temperatureC: number, salinityPpt: number): number {
  const t = (temperatureC + 273.15) / 100;
  const lnMlL =
    -173.4292 +
    249.6339 / t +
    143.3483 * Math.log(t) -
    21.8492 * t +
    salinityPpt * (-0.033096 + 0.014259 * t - 0.0017 * t * t);
  return Math.exp(lnMlL) * 1.42905;
}

/** Context a conversion may need: the water's temperature and salinity at the time. */
export interface ConversionContext {
  temperatureC?: number;
  salinityPpt?: number;
}

/** A value in a canonical unit turned into the stored unit. */
export function toStoredUnit(
  parameter: ProbeParameter,
  unit: string,
  value: number,
  context: ConversionContext = {},
): number {
  if (parameter === 'temperature' && unit === '°F') return ((value - 32) * 5) / 9;
  if (parameter === 'do' && unit === '%') {
    const saturation = oxygenSaturationMgL(
      context.temperatureC ?? DEFAULT_TEMPERATURE_C,
      context.salinityPpt ?? DEFAULT_SALINITY_PPT,
    );
    return (value / 100) * saturation;
  }
  // ppt, psu and g/L are the same number for pond water (within the probes' accuracy).
  return value;
}

/** Rounded as stored: three decimals are well below any probe's accuracy. */
export function roundProbeValue(value: number): number {
  return Math.round(value * 1000) / 1000;
}
