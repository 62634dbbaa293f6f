import type { Language } from './language.ts';

/**
 * Texts of farm alerts (issue 18), worded on the server in each recipient's language and
 * stored with the notification, so the client never needs them: kept out of
 * messages.ts, which every first load carries. Same `{{param}}` syntax.
 */
const id = {
  alert: {
    'water-title': 'Kualitas air di luar standar',
    'water-low': '{{pond}}: {{parameter}} {{value}} {{unit}} di bawah standar (min {{limit}} {{unit}})',
    'water-high': '{{pond}}: {{parameter}} {{value}} {{unit}} di atas standar (maks {{limit}} {{unit}})',
    'invite-title': 'Undangan tambak',
    'invite-body': '{{inviter}} menambahkan Anda ke tambak {{farm}}.',
    'sync-title': 'Data belum terkirim',
    'sync-body':
      '{{count}} data di salah satu perangkat Anda gagal dikirim. Buka Status sinkronisasi di perangkat itu.',
    'death-title': 'Kematian udang tinggi',
    'death-body': '{{pond}}: {{count}} ekor mati (batas {{limit}}).',
    'disease-title': 'Penyakit tercatat',
    'disease-body': '{{pond}}: {{disease}}',
    'stock-title': 'Stok di bawah minimum',
    'stock-body': '{{item}}: sisa {{quantity}} (minimum {{minimum}}).',
  },
  'alert-param': {
    ph: 'pH',
    do: 'DO',
    temperature: 'Suhu',
    turbidity: 'Kecerahan',
    water_height: 'Tinggi air',
    salinity: 'Salinitas',
    oxygen: 'Saturasi O₂',
    orp: 'ORP',
    tom: 'TOM',
    alkalinity: 'Alkalinitas',
    po4: 'PO₄',
    no3: 'NO₃',
    no2: 'NO₂',
    nh4: 'NH₄',
    nh3: 'NH₃',
    tan: 'TAN',
    co3: 'CO₃',
    hco3: 'HCO₃',
    ca: 'Ca',
    mg: 'Mg',
    hard: 'Kesadahan',
    tbc: 'TBC',
    tvc: 'TVC',
    yvc: 'YVC',
    gvc: 'GVC',
    bvc: 'BVC',
    lvc: 'LVC',
    tbc_tvc: 'TBC/TVC',
    bga: 'BGA',
    ga: 'GA',
    gga: 'GGA',
    dino: 'Dino',
    pro: 'Pro',
    eug: 'Eug',
    plankton: 'Plankton',
  },
};

const en: typeof id = {
  alert: {
    'water-title': 'Water quality outside the standard',
    'water-low': '{{pond}}: {{parameter}} {{value}} {{unit}} below the standard (min {{limit}} {{unit}})',
    'water-high': '{{pond}}: {{parameter}} {{value}} {{unit}} above the standard (max {{limit}} {{unit}})',
    'invite-title': 'Farm invitation',
    'invite-body': '{{inviter}} added you to the farm {{farm}}.',
    'sync-title': 'Data not sent',
    'sync-body': '{{count}} records on one of your devices failed to send. Open Sync status on that device.',
    'death-title': 'High shrimp deaths',
    'death-body': '{{pond}}: {{count}} dead (threshold {{limit}}).',
    'disease-title': 'Disease recorded',
    'disease-body': '{{pond}}: {{disease}}',
    'stock-title': 'Stock below minimum',
    'stock-body': '{{item}}: {{quantity}} left (minimum {{minimum}}).',
  },
  'alert-param': {
    ph: 'pH',
    do: 'DO',
    temperature: 'Temperature',
    turbidity: 'Transparency',
    water_height: 'Water height',
    salinity: 'Salinity',
    oxygen: 'O₂ saturation',
    orp: 'ORP',
    tom: 'TOM',
    alkalinity: 'Alkalinity',
    po4: 'PO₄',
    no3: 'NO₃',
    no2: 'NO₂',
    nh4: 'NH₄',
    nh3: 'NH₃',
    tan: 'TAN',
    co3: 'CO₃',
    hco3: 'HCO₃',
    ca: 'Ca',
    mg: 'Mg',
    hard: 'Hardness',
    tbc: 'TBC',
    tvc: 'TVC',
    yvc: 'YVC',
    gvc: 'GVC',
    bvc: 'BVC',
    lvc: 'LVC',
    tbc_tvc: 'TBC/TVC',
    bga: 'BGA',
    ga: 'GA',
    gga: 'GGA',
    dino: 'Dino',
    pro: 'Pro',
    eug: 'Eug',
    plankton: 'Plankton',
  },
};

const CATALOG: Record<Language, typeof id> = { id, en };

/** Looks up `section.key` (`alert.water-low`, `alert-param.do`) and fills `{{param}}` placeholders. */
export function translateAlert(
  lang: Language,
  key: string,
  params: Record<string, string | number> = {},
): string {
  const [section, ...rest] = key.split('.');
  const catalog = CATALOG[lang] as unknown as Record<string, Record<string, string>>;
  const template = catalog[section]?.[rest.join('.')] ?? key;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}
