import type { Local } from '#local/db';
import type { Movement, WarehouseItem } from '#shared/contracts/warehouse';
import { categoryRank, type StockState, stockState } from '#shared/domain/warehouse';

/**
 * What the warehouse screens show, from the mirror: the server's stock plus what this
 * device recorded and has not sent yet, in exact thousandths (a scale a farmer reads
 * to the gram must not drift by float sums).
 */
const milli = (qty: number) => Math.round(qty * 1000);
const sign = (kind: string) => (kind === 'store' ? 1 : -1);

/** The movements' effect the server's `qty` does not include yet (pending creates, edits, deletes). */
export function unsentEffect(movements: readonly Local<Movement>[]): number {
  let sum = 0;
  for (const m of movements) {
    if (m._status === 'synced' && !m._deleted) continue;
    const base = m._base as Movement | null | undefined;
    if (m._deleted) {
      if (base) sum -= sign(base.kind) * milli(base.qty);
    } else if (!base) sum += sign(m.kind) * milli(m.qty);
    else sum += sign(m.kind) * (milli(m.qty) - milli(base.qty));
  }
  return sum;
}

export interface ShownItem {
  item: Local<WarehouseItem>;
  /** Thousandths. */
  qtyMilli: number;
  state: StockState;
}

export function shownItems(
  items: readonly Local<WarehouseItem>[],
  movements: readonly Local<Movement>[],
): ShownItem[] {
  const byItem = new Map<string, Local<Movement>[]>();
  for (const m of movements) {
    const list = byItem.get(m.warehouse_id) ?? [];
    list.push(m);
    byItem.set(m.warehouse_id, list);
  }
  return items.map((item) => {
    const qtyMilli = milli(item.qty) + unsentEffect(byItem.get(item.warehouse_id) ?? []);
    return { item, qtyMilli, state: stockState(qtyMilli, milli(item.minimum_stock)) };
  });
}

const byName = (a: ShownItem, b: ShownItem) =>
  a.item.product_name.localeCompare(b.item.product_name, undefined, { numeric: true, sensitivity: 'base' });

/**
 * The warehouse screen's order (issue 15 point 6): items needing attention first
 * (negative, then below minimum), then every category in the spec's order.
 */
export function arrange(shown: readonly ShownItem[]): {
  attention: ShownItem[];
  categories: { categoryId: number; items: ShownItem[] }[];
} {
  const attention = shown
    .filter((s) => s.state !== 'ok')
    .sort((a, b) => (a.state === b.state ? byName(a, b) : a.state === 'negative' ? -1 : 1));
  const groups = new Map<number, ShownItem[]>();
  for (const s of shown) {
    if (s.state !== 'ok') continue;
    const list = groups.get(s.item.category_id) ?? [];
    list.push(s);
    groups.set(s.item.category_id, list);
  }
  const categories = [...groups.entries()]
    .sort(([a], [b]) => categoryRank(a) - categoryRank(b))
    .map(([categoryId, items]) => ({ categoryId, items: items.sort(byName) }));
  return { attention, categories };
}
