/** What other modules may take from water-setting: a farm's water standards (probes read them). */
export type { WaterSettingRepository } from './water-setting.repository.ts';
