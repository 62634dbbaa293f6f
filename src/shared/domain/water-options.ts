/**
 * Water colour and weather options of seed 000 §3. The id is what a reading stores; the
 * key names the label in src/shared/i18n/water-labels.ts (`waterColor.<key>`, `weather.<key>`).
 */
export interface WaterOption {
  id: number;
  key: string;
}

export const WATER_COLORS: readonly WaterOption[] = [
  { id: 1, key: 'brown' },
  { id: 2, key: 'light_brown' },
  { id: 3, key: 'green_brown' },
  { id: 4, key: 'yellow_brown' },
  { id: 5, key: 'red_brown' },
  { id: 6, key: 'milk_brown' },
  { id: 7, key: 'dark_brown' },
  { id: 8, key: 'green' },
  { id: 9, key: 'blue_green' },
  { id: 10, key: 'dark_green' },
  { id: 11, key: 'light_green' },
  { id: 12, key: 'red' },
  { id: 13, key: 'pink' },
  { id: 14, key: 'black' },
  { id: 15, key: 'luminous' },
  { id: 16, key: 'shiny' },
  { id: 17, key: 'brown_green' },
];

export const WEATHERS: readonly WaterOption[] = [
  { id: 1, key: 'heavy_rain' },
  { id: 2, key: 'rain' },
  { id: 3, key: 'drizzle' },
  { id: 4, key: 'cloudy' },
  { id: 5, key: 'cloudy_sunny' },
  { id: 6, key: 'sunny' },
  { id: 7, key: 'hot' },
];

/** i18n key of a colour id, or undefined for -99 / unknown ids. */
export function waterColorKey(id: number | null | undefined): string | undefined {
  const option = WATER_COLORS.find((o) => o.id === id);
  return option ? `waterColor.${option.key}` : undefined;
}

export function weatherKey(id: number | null | undefined): string | undefined {
  const option = WEATHERS.find((o) => o.id === id);
  return option ? `weather.${option.key}` : undefined;
}

/** i18n key of a colour or weather option (`field` 'color' or 'weather'), or undefined. */
export function optionLabelKey(field: string, id: number | null | undefined): string | undefined {
  return field === 'color' ? waterColorKey(id) : weatherKey(id);
}
