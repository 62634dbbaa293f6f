import type { Language } from './language.ts';

/**
 * Texts of farm alerts (issue 18). A notification is stored as a message key and its
 * values (issue 28 point 6), and worded here in the reader's language when it is shown
 * (the notification list, in the app's language) or sent (a push, in the device's
 * language): numbers and units in that language's format, counts with their plural form
 * (`key_one` / `key_other`, chosen by Intl.PluralRules). Kept out of messages.ts, which
 * every first load carries; the notification screen loads it with its own chunk. Same
 * `{{param}}` syntax.
 */
const id = {
  alert: {
    'water-title': 'Kualitas air di luar standar',
    'water-low': '{{pond}}: {{parameter}} {{value}} {{unit}} di bawah standar (min {{limit}} {{unit}})',
    'water-high': '{{pond}}: {{parameter}} {{value}} {{unit}} di atas standar (maks {{limit}} {{unit}})',
    'invite-title': 'Undangan tambak',
    'invite-body': '{{inviter}} menambahkan Anda ke tambak {{farm}}.',
    'sync-title': 'Data belum terkirim',
    'sync-body_one':
      '{{count}} data di salah satu perangkat Anda gagal dikirim. Buka Status sinkronisasi di perangkat itu.',
    'sync-body_other':
      '{{count}} data di salah satu perangkat Anda gagal dikirim. Buka Status sinkronisasi di perangkat itu.',
    'death-title': 'Kematian udang tinggi',
    'death-body': '{{pond}}: {{count}} ekor mati (batas {{limit}}).',
    'disease-title': 'Penyakit tercatat',
    'disease-body': '{{pond}}: {{disease}}',
    'stock-title': 'Stok di bawah minimum',
    'stock-body': '{{item}}: sisa {{quantity}} (minimum {{minimum}}).',
    'probe-title': 'Probe: kualitas air di luar standar',
    'probe-low':
      '{{pond}}: {{parameter}} {{value}} {{unit}} di bawah standar (min {{limit}} {{unit}}) selama {{minutes}} menit',
    'probe-high':
      '{{pond}}: {{parameter}} {{value}} {{unit}} di atas standar (maks {{limit}} {{unit}}) selama {{minutes}} menit',
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
    'sync-body_one':
      '{{count}} record on one of your devices failed to send. Open Sync status on that device.',
    'sync-body_other':
      '{{count}} records on one of your devices failed to send. Open Sync status on that device.',
    'death-title': 'High shrimp deaths',
    'death-body': '{{pond}}: {{count}} dead (threshold {{limit}}).',
    'disease-title': 'Disease recorded',
    'disease-body': '{{pond}}: {{disease}}',
    'stock-title': 'Stock below minimum',
    'stock-body': '{{item}}: {{quantity}} left (minimum {{minimum}}).',
    'probe-title': 'Probe: water quality outside the standard',
    'probe-low':
      '{{pond}}: {{parameter}} {{value}} {{unit}} below the standard (min {{limit}} {{unit}}) for {{minutes}} minutes',
    'probe-high':
      '{{pond}}: {{parameter}} {{value}} {{unit}} above the standard (max {{limit}} {{unit}}) for {{minutes}} minutes',
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

/**
 * Looks up `section.key` (`alert.water-low`, `alert-param.do`) and fills `{{param}}`
 * placeholders; with a `count` the plural form of the language is looked up first
 * (`alert.sync-body_one`), then the key itself (rows stored before plurals existed).
 */
export function translateAlert(
  lang: Language,
  key: string,
  params: Record<string, string | number> = {},
  count?: number,
): string {
  const [section, ...rest] = key.split('.');
  const catalog = CATALOG[lang] as unknown as Record<string, Record<string, string>>;
  const name = rest.join('.');
  const plural = count === undefined ? undefined : `${name}_${new Intl.PluralRules(lang).select(count)}`;
  const template =
    (plural ? (catalog[section]?.[plural] ?? catalog[section]?.[`${name}_other`]) : undefined) ??
    catalog[section]?.[name] ??
    key;
  return template.replace(/\{\{(\w+)\}\}/g, (_, p: string) => String(params[p] ?? ''));
}

/** A stored alert text: a message key and its values, as the rules (src/shared/domain/*-alerts.ts) make it. */
export interface AlertMessage {
  key: string;
  params?: Record<string, string | number> | null;
}

/** Built once: an Intl.NumberFormat costs more to make than a whole alert's wording. */
const ALERT_NUMBERS: Record<Language, Intl.NumberFormat> = {
  id: new Intl.NumberFormat('id-ID', { maximumFractionDigits: 2 }),
  en: new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }),
};

/**
 * Words an alert text in `lang`: a `parameter` names a water field, numbers are in the
 * language's format, `count` picks the plural form, a `name@<lang>` value replaces
 * `name` in that language (a product or disease name). `pond` is the pond's name.
 */
export function wordAlert(lang: Language, text: AlertMessage, pond = ''): string {
  const params: Record<string, string | number> = { pond };
  const numbers = ALERT_NUMBERS[lang];
  const all = text.params ?? {};
  for (const [name, value] of Object.entries(all)) {
    if (name.includes('@')) continue;
    const own = all[`${name}@${lang}`];
    if (own !== undefined) params[name] = own;
    else if (name === 'parameter') params[name] = translateAlert(lang, `alert-param.${value}`);
    else params[name] = typeof value === 'number' ? numbers.format(value) : value;
  }
  const count = typeof all.count === 'number' ? all.count : undefined;
  // An empty unit (pH) leaves no double space or "8,5 )".
  return translateAlert(lang, text.key, params, count).replace(/ {2,}/g, ' ').replace(/ \)/g, ')').trim();
}
