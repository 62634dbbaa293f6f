/** Warehouse labels both sides print (category names, movement kinds, units). */
const id = {
  category: {
    feed: 'Pakan',
    probiotics: 'Probiotik',
    chemical: 'Kimia',
    lab: 'Lab',
    equipment: 'Peralatan',
    electric: 'Listrik',
    more: 'Lainnya',
  },
  kind: { store: 'Tambah stok', remove: 'Pengeluaran', use: 'Pemakaian' },
};
export type WarehouseLabels = typeof id;
const en: WarehouseLabels = {
  category: {
    feed: 'Feed',
    probiotics: 'Probiotics',
    chemical: 'Chemical',
    lab: 'Lab',
    equipment: 'Equipment',
    electric: 'Electric',
    more: 'More',
  },
  kind: { store: 'Restock', remove: 'Removal', use: 'Use' },
};
export const WAREHOUSE_LABELS = { id, en };
