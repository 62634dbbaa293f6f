/** Strings of the pond charts (namespace `charts`), Indonesian first. */
const id = {
  tab: 'Grafik',
  from: 'Dari',
  to: 'Sampai',
  rangeTitle: 'Rentang tanggal',
  rangeLast: '{{days}} hari terakhir',
  parameter: 'Parameter',
  water: {
    title: 'Kualitas air',
    label: 'Grafik {{parameter}} kolam {{pond}}',
    standard: 'Standar {{range}}',
    noStandard: 'Belum ada standar untuk parameter ini.',
    outside: 'Di luar standar',
    probe: 'Probe',
    empty: 'Belum ada data {{parameter}} pada rentang ini.',
  },
  sampling: {
    title: 'Sampling: ABW',
    label: 'Grafik ABW kolam {{pond}}',
    abw: 'ABW',
    adg: 'ADG {{value}} g/hari',
    size: 'Size {{value}} ekor/kg',
    empty: 'Belum ada sampling pada rentang ini.',
  },
  feed: {
    title: 'Pakan',
    daily: 'Pakan harian',
    cumulative: 'Pakan kumulatif siklus',
    dailyLabel: 'Grafik pakan harian kolam {{pond}}',
    cumulativeLabel: 'Grafik pakan kumulatif kolam {{pond}}',
    total: 'Total pada rentang: {{value}} kg',
    empty: 'Belum ada pemakaian pakan pada rentang ini.',
  },
  axis: {
    date: 'Tanggal',
    valueUnit: '{{label}} ({{unit}})',
  },
  tooltip: {
    value: '{{value}} {{unit}}',
  },
  points_one: '{{count}} titik data',
  points_other: '{{count}} titik data',
  offline: {
    title: 'Grafik perlu koneksi internet',
    body: 'Grafik dibaca langsung dari server. Data yang Anda catat tetap tersimpan di perangkat dan terkirim saat online.',
  },
  rangeError: {
    'from-after-to': 'Tanggal awal tidak boleh setelah tanggal akhir.',
    'range-too-long': 'Rentang paling panjang {{max}} hari.',
  },
};

const en: typeof id = {
  tab: 'Charts',
  from: 'From',
  to: 'To',
  rangeTitle: 'Date range',
  rangeLast: 'Last {{days}} days',
  parameter: 'Parameter',
  water: {
    title: 'Water quality',
    label: '{{parameter}} chart of pond {{pond}}',
    standard: 'Standard {{range}}',
    noStandard: 'No standard for this parameter yet.',
    outside: 'Out of standard',
    probe: 'Probe',
    empty: 'No {{parameter}} data in this range yet.',
  },
  sampling: {
    title: 'Sampling: ABW',
    label: 'ABW chart of pond {{pond}}',
    abw: 'ABW',
    adg: 'ADG {{value}} g/day',
    size: 'Size {{value}} per kg',
    empty: 'No sampling in this range yet.',
  },
  feed: {
    title: 'Feed',
    daily: 'Daily feed',
    cumulative: 'Cycle’s cumulative feed',
    dailyLabel: 'Daily feed chart of pond {{pond}}',
    cumulativeLabel: 'Cumulative feed chart of pond {{pond}}',
    total: 'Total in this range: {{value}} kg',
    empty: 'No feed used in this range yet.',
  },
  axis: {
    date: 'Date',
    valueUnit: '{{label}} ({{unit}})',
  },
  tooltip: {
    value: '{{value}} {{unit}}',
  },
  points_one: '{{count}} data point',
  points_other: '{{count}} data points',
  offline: {
    title: 'Charts need an internet connection',
    body: 'Charts are read from the server. What you record stays on this device and is sent when you are online.',
  },
  rangeError: {
    'from-after-to': 'The start date cannot be after the end date.',
    'range-too-long': 'The range is at most {{max}} days.',
  },
};

export const chartsLocales = { id, en };
