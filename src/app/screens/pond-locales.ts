/** Strings of the pond detail page (namespace `pond`). */
const id = {
  area: '{{area}} m²',
  notFound: 'Kolam tidak ditemukan atau Anda tidak punya akses.',
  addReading: 'Input kualitas air',
  viewOnly: 'Hanya lihat',
  records: 'Data kolam',
  charts: 'Grafik',
};

export type PondCatalog = typeof id;

const en: PondCatalog = {
  area: '{{area}} m²',
  notFound: 'Pond not found, or you have no access to it.',
  addReading: 'Add water quality',
  viewOnly: 'View only',
  records: 'Pond records',
  charts: 'Charts',
};

export const pondLocales = { id, en };
