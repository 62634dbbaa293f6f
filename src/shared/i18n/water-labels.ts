/**
 * Labels of the water colour and weather options (src/shared/domain/water-options.ts)
 * and of the reading times of day, Indonesian first. Load as i18next resources:
 * `waterColor.<key>`, `weather.<key>`, `timeOfDay.<key>`.
 */
const id = {
  waterColor: {
    brown: 'Coklat',
    light_brown: 'Coklat Muda',
    green_brown: 'Coklat Kehijauan',
    yellow_brown: 'Coklat Kekuningan',
    red_brown: 'Coklat Kemerahan',
    milk_brown: 'Coklat Susu',
    dark_brown: 'Coklat Tua',
    green: 'Hijau',
    blue_green: 'Hijau Kebiruan',
    dark_green: 'Hijau Tua',
    light_green: 'Hijau Muda',
    red: 'Merah',
    pink: 'Merah Muda',
    black: 'Hitam',
    luminous: 'Bercahaya',
    shiny: 'Mengkilap',
    brown_green: 'Hijau Kecoklatan',
  },
  weather: {
    heavy_rain: 'Hujan Lebat',
    rain: 'Hujan',
    drizzle: 'Gerimis',
    cloudy: 'Mendung',
    cloudy_sunny: 'Cerah Berawan',
    sunny: 'Cerah',
    hot: 'Panas Terik',
  },
  timeOfDay: { morning: 'Pagi', afternoon: 'Siang', evening: 'Malam' },
};

export type WaterLabels = typeof id;

const en: WaterLabels = {
  waterColor: {
    brown: 'Brown',
    light_brown: 'Light Brown',
    green_brown: 'Green Brown',
    yellow_brown: 'Yellow Brown',
    red_brown: 'Red Brown',
    milk_brown: 'Milk Brown',
    dark_brown: 'Dark Brown',
    green: 'Green',
    blue_green: 'Blue Green',
    dark_green: 'Dark Green',
    light_green: 'Light Green',
    red: 'Red',
    pink: 'Pink',
    black: 'Black',
    luminous: 'Luminous',
    shiny: 'Shiny',
    brown_green: 'Brown Green',
  },
  weather: {
    heavy_rain: 'Heavy Rain',
    rain: 'Rain',
    drizzle: 'Drizzle',
    cloudy: 'Cloudy',
    cloudy_sunny: 'Cloudy Sunny',
    sunny: 'Sunny',
    hot: 'Hot',
  },
  timeOfDay: { morning: 'Morning', afternoon: 'Afternoon', evening: 'Evening' },
};

export const WATER_LABELS = { id, en };
