/** Strings of a pond's cycles (namespace `cycle`). Free farms say "stok" for a cycle. */
const id = {
  title: { cycle: 'Siklus', stock: 'Stok' },
  label: { cycle: 'Siklus {{n}}', stock: 'Stok {{n}}' },
  active: 'Aktif',
  ended: 'Selesai',
  doc: 'DOC {{doc}}',
  started: 'Mulai {{date}}',
  endedOn: 'Selesai {{date}}',
  empty: 'Belum ada siklus di kolam ini.',
  start: { cycle: 'Mulai siklus', stock: 'Mulai stok' },
  startDate: 'Tanggal mulai',
  endDate: 'Tanggal selesai',
  edit: 'Ubah tanggal',
  end: { cycle: 'Akhiri siklus', stock: 'Akhiri stok' },
  endExplain: '{{name}} diakhiri pada tanggal ini. Data baru kolam ini tidak lagi masuk ke {{name}}.',
  deleteConfirm: 'Hapus {{name}} beserta datanya dari daftar?',
  saved: 'Tersimpan di ponsel, menunggu sinyal.',
  deleted: '{{name}} dihapus.',
  problems: {
    'active-exists': 'Kolam ini masih punya siklus aktif. Akhiri dulu sebelum memulai yang baru.',
    'end-before-start': 'Tanggal selesai tidak boleh sebelum tanggal mulai.',
    'before-last-end': 'Tanggal mulai tidak boleh sebelum siklus sebelumnya selesai.',
  },
  saveFailed: 'Gagal menyimpan di ponsel. Coba lagi.',
};

export type CycleCatalog = typeof id;

const en: CycleCatalog = {
  title: { cycle: 'Cycles', stock: 'Stocks' },
  label: { cycle: 'Cycle {{n}}', stock: 'Stock {{n}}' },
  active: 'Active',
  ended: 'Ended',
  doc: 'DOC {{doc}}',
  started: 'Started {{date}}',
  endedOn: 'Ended {{date}}',
  empty: 'This pond has no cycles yet.',
  start: { cycle: 'Start a cycle', stock: 'Start a stock' },
  startDate: 'Start date',
  endDate: 'End date',
  edit: 'Edit dates',
  end: { cycle: 'End cycle', stock: 'End stock' },
  endExplain: '{{name}} ends on this date. New records of this pond no longer go into {{name}}.',
  deleteConfirm: 'Delete {{name}} and its data from the list?',
  saved: 'Saved on this phone, waiting for signal.',
  deleted: '{{name}} deleted.',
  problems: {
    'active-exists': 'This pond still has an active cycle. End it before starting a new one.',
    'end-before-start': 'The end date cannot be before the start date.',
    'before-last-end': 'The start date cannot be before the previous cycle ended.',
  },
  saveFailed: 'Could not save on this phone. Try again.',
};

export const cycleLocales = { id, en };
