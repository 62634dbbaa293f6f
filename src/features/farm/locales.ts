/** Strings of the farm list, farm registration and farm home (namespace `farm`). */
const id = {
  opening: 'Membuka tambak…',
  registration: {
    title: 'Daftarkan tambak',
    intro: 'Beri nama tambak Anda. Blok dan kolam bisa ditambahkan sesudahnya di Pengaturan.',
    first:
      'Anda belum punya tambak. Daftarkan tambak pertama Anda, atau minta pemilik tambak mengundang Anda.',
    name: 'Nama tambak',
    nameHint: 'Contoh: Tambak Sumber Rejeki',
    submit: 'Daftarkan tambak',
    done: 'Tambak {{name}} berhasil didaftarkan.',
    signedInAs: 'Masuk sebagai {{name}}.',
    toProfile: 'Buka profil',
  },
  home: {
    role: 'Peran Anda: {{role}}',
    summary: 'Ringkasan tambak',
    info: {
      block_count: 'Blok',
      pond_count: 'Kolam',
      cycle_count: 'Siklus aktif',
      stock_count: 'Tebar aktif',
      user_count: 'Pengguna',
    },
    blocks: 'Blok dan kolam',
    noBlocks: 'Belum ada blok dan kolam.',
    noBlocksHint: 'Tambahkan blok lalu kolam di Pengaturan.',
    noPonds: 'Belum ada kolam di blok ini.',
    pondCount_one: '{{count}} kolam',
    pondCount_other: '{{count}} kolam',
    area: '{{area}} m²',
    openSettings: 'Buka pengaturan',
    addWaterQuality: 'Input kualitas air',
    viewOnly: 'Hanya lihat',
    enterOnly: 'Bisa input data',
    enterAndFixOwn: 'Input & ubah data sendiri 24 jam',
  },
  demo: {
    title: 'Ingin melihat-lihat dulu?',
    intro:
      'Buka tambak demo: 50 kolam dengan data dua tahun (kualitas air, siklus, dan lainnya). Hanya untuk dilihat, tidak bisa diubah.',
    open: 'Buka tambak demo',
    opening: 'Membuka tambak demo…',
  },
};

export type FarmCatalog = typeof id;

const en: FarmCatalog = {
  opening: 'Opening your farm…',
  registration: {
    title: 'Register a farm',
    intro: 'Name your farm. Blocks and ponds can be added afterwards in Settings.',
    first: 'You have no farm yet. Register your first farm, or ask a farm owner to invite you.',
    name: 'Farm name',
    nameHint: 'Example: Sumber Rejeki Farm',
    submit: 'Register farm',
    done: 'Farm {{name}} registered.',
    signedInAs: 'Signed in as {{name}}.',
    toProfile: 'Open profile',
  },
  home: {
    role: 'Your role: {{role}}',
    summary: 'Farm summary',
    info: {
      block_count: 'Blocks',
      pond_count: 'Ponds',
      cycle_count: 'Active cycles',
      stock_count: 'Active stockings',
      user_count: 'Users',
    },
    blocks: 'Blocks and ponds',
    noBlocks: 'No blocks and ponds yet.',
    noBlocksHint: 'Add a block, then ponds, in Settings.',
    noPonds: 'No ponds in this block yet.',
    pondCount_one: '{{count}} pond',
    pondCount_other: '{{count}} ponds',
    area: '{{area}} m²',
    openSettings: 'Open settings',
    addWaterQuality: 'Enter water quality',
    viewOnly: 'View only',
    enterOnly: 'Can enter data',
    enterAndFixOwn: 'Enter & fix own data 24 h',
  },
  demo: {
    title: 'Want to look around first?',
    intro:
      'Open the demo farm: 50 ponds with two years of data (water quality, cycles and more). View only; nothing can be changed.',
    open: 'Open the demo farm',
    opening: 'Opening the demo farm…',
  },
};

export const farmLocales = { id, en };
