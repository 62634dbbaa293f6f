import type { AnyRow, OutboxEntry, TambakDb } from '#local/db';
import { type RecordLabel, recordLabel } from './record-label.ts';

/**
 * What the /sync screen lists: every outbox entry (one record or action each) with the
 * rows it still owns and the names a farmer recognises (pond, block, farm), read from
 * the mirror in one live query so the list follows every send, failure and edit.
 */
export interface SyncItem {
  entry: OutboxEntry;
  row: AnyRow | undefined;
  /** The record's own name (pond, block), else its pond's name; '' when none. */
  title: string;
  farmId: string | undefined;
  farmName: string | undefined;
  pondId: string | undefined;
  /** What kind of record, its slot and day ("Pakan · Kolam A3 · 06:00"). */
  label: RecordLabel;
}

const str = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

export async function listSyncItems(db: TambakDb): Promise<SyncItem[]> {
  const entries = await db.outbox.orderBy('id').toArray();
  const rows = await Promise.all(
    entries.map(async (entry) => {
      if (!entry.table || entry.recordIds.length === 0) return undefined;
      const found = await db.mirror(entry.table).bulkGet(entry.recordIds);
      return found.find((row) => row && row._outboxId === entry.id) ?? found.find(Boolean) ?? undefined;
    }),
  );
  const pondIds = [...new Set(rows.map((row) => str(row?.pond_id)).filter((id): id is string => !!id))];
  const ponds = new Map((await db.ponds.bulkGet(pondIds)).flatMap((p) => (p ? [[p.pond_id, p.name]] : [])));
  const farms = new Map((await db.farms.toArray()).map((farm) => [farm.farm_id, farm.name]));
  // A warehouse use is "feed" when its item is a feed.
  const itemIds = [
    ...new Set(
      entries.flatMap((entry, i) =>
        entry.table === 'warehouseMovements' ? [str(rows[i]?.warehouse_id)] : [],
      ),
    ),
  ].filter((id): id is string => !!id);
  const items = new Map(
    (await db.warehouseItems.bulkGet(itemIds)).flatMap((item) =>
      item ? [[item.warehouse_id, item.category_id]] : [],
    ),
  );
  return entries.map((entry, i) => {
    const row = rows[i];
    const pondId = str(row?.pond_id);
    const farmId = str(row?.farm_id);
    const own =
      entry.table === 'blocks' ? str(row?.block_name) : entry.table === 'ponds' ? str(row?.name) : undefined;
    return {
      entry,
      row,
      title: own ?? (pondId ? (ponds.get(pondId) ?? '') : ''),
      farmId,
      farmName: farmId ? farms.get(farmId) : undefined,
      pondId,
      label: recordLabel(entry.table, row, { itemCategory: items.get(str(row?.warehouse_id) ?? '') }),
    };
  });
}

const PRODUCTION_FORMS: Record<string, { path: string; key: string }> = {
  stocks: { path: 'stock', key: 'stock_id' },
  harvests: { path: 'harvest', key: 'harvest_id' },
  deaths: { path: 'death', key: 'death_id' },
};

/** Where the user fixes a record: the settings tab for structure, the pond for readings and cycles. */
export function editTarget(item: SyncItem): string | null {
  if (item.entry.kind === 'delete' || !item.farmId) return null;
  const farm = `/farm/${encodeURIComponent(item.farmId)}`;
  if (item.entry.table === 'blocks') return `${farm}/settings?tab=blocks`;
  if (item.entry.table === 'ponds') return `${farm}/settings?tab=ponds`;
  const first = item.entry.recordIds[0];
  if (item.entry.table === 'financeTransactions' && first)
    return `${farm}/finance?tab=transactions&transaction_id=${encodeURIComponent(first)}`;
  // Production records open their own form, filled with what was saved.
  const form = PRODUCTION_FORMS[item.entry.table ?? ''];
  const id = item.entry.recordIds[0];
  if (form && item.pondId && id)
    return `${farm}/${form.path}/add?pond_id=${encodeURIComponent(item.pondId)}&${form.key}=${encodeURIComponent(id)}`;
  if (item.pondId) return `${farm}/pond/${encodeURIComponent(item.pondId)}`;
  return farm;
}
