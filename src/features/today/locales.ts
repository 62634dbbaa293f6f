/** Strings of the keeper's Today list (issue 31). */
const id = {
  title: 'Hari ini',
  summary: '{{done}} dari {{total}} tugas selesai',
  allDone: 'Semua tugas hari ini selesai.',
  kind: {
    feed: 'Pakan',
    anco: 'Anco',
    water: 'Kualitas air',
    sampling: 'Sampling',
  },
  slot: '{{kind}} {{time}}',
  progress: '{{done}}/{{total}} kolam',
  state: {
    done: 'Selesai',
    notYet: 'Belum',
    late: 'Terlambat',
  },
  slotLabel: '{{name}}: {{progress}}, {{state}}',
  noAccess: {
    title: 'Belum ada kolam untuk Anda',
    body: 'Anda belum diberi akses mengisi data kolam mana pun di tambak ini. Minta admin atau manajer tambak membuka akses untuk Anda di Pengaturan → Pengguna → Akses kolam.',
  },
  noCycle: 'Tidak ada kolam dengan siklus aktif yang bisa Anda isi. Mulai siklus di halaman kolam.',
  other: 'Catat lainnya',
  entry: {
    water: 'Kualitas air',
    feed: 'Pakan',
    anco: 'Anco',
    sampling: 'Sampling',
    waterChange: 'Ganti air',
    useItem: 'Pemakaian barang',
    death: 'Kematian',
    disease: 'Penyakit',
    note: 'Catatan',
    harvest: 'Panen',
    stock: 'Tebar benur',
  },
  farmPage: 'Kolam & blok',
  sameSlot: {
    title: 'Data air tercatat dua kali',
    item: '{{pond}}: {{slot}} {{date}} ({{count}} data)',
    choose: 'Pilih yang dipakai',
    slots: { morning: 'pagi', afternoon: 'siang', evening: 'malam' },
  },
};

const en: typeof id = {
  title: 'Today',
  summary: '{{done}} of {{total}} tasks done',
  allDone: 'Every task of today is done.',
  kind: {
    feed: 'Feed',
    anco: 'Feed tray',
    water: 'Water quality',
    sampling: 'Sampling',
  },
  slot: '{{kind}} {{time}}',
  progress: '{{done}}/{{total}} ponds',
  state: {
    done: 'Done',
    notYet: 'Not yet',
    late: 'Late',
  },
  slotLabel: '{{name}}: {{progress}}, {{state}}',
  noAccess: {
    title: 'No ponds for you yet',
    body: 'You may not enter data for any pond of this farm yet. Ask the farm’s admin or manager to give you access under Settings → Users → Pond access.',
  },
  noCycle: 'No pond you may enter data for has an active cycle. Start a cycle on the pond’s page.',
  other: 'Other records',
  entry: {
    water: 'Water quality',
    feed: 'Feed',
    anco: 'Feed tray',
    sampling: 'Sampling',
    waterChange: 'Water change',
    useItem: 'Item use',
    death: 'Deaths',
    disease: 'Disease',
    note: 'Note',
    harvest: 'Harvest',
    stock: 'Stocking',
  },
  farmPage: 'Ponds & blocks',
  sameSlot: {
    title: 'Water readings recorded twice',
    item: '{{pond}}: {{slot}} of {{date}} ({{count}} readings)',
    choose: 'Choose what to keep',
    slots: { morning: 'morning', afternoon: 'afternoon', evening: 'evening' },
  },
};

export const todayLocales = { id, en };
