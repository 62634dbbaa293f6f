/**
 * Rows grouped by a key, each group in the rows' order: what `rows.filter((r) => key(r) ===
 * k)` answers for every k at once, in one pass instead of one per key (a farm's records
 * handed out to its 200 ponds).
 */
export function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}
