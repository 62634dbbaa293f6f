/**
 * Watchers of the rows this process writes: `watchTableWrites(['cycles'], fn)` calls `fn`
 * whenever a statement that inserts, updates or deletes rows of one of those tables is
 * sent (PreparingClient), before it runs. With the notice PostgreSQL sends when such a
 * statement commits (heard by every instance, a moment later), a cache of those rows is
 * emptied on this instance at once: the request that follows a write here never reads what
 * the write replaced (ADR 0104). Statements Kysely builds start with the verb and the
 * quoted table name; a write hidden in a CTE is heard through the notice only.
 */
interface Watcher {
  tables: Set<string>;
  onWrite: () => void;
}

const watchers = new Set<Watcher>();
const WRITE = /^\s*(?:insert\s+into|update|delete\s+from)\s+"?([a-z_][a-z0-9_]*)"?/i;

/** Starts watching; answers the function that stops it. */
export function watchTableWrites(tables: string[], onWrite: () => void): () => void {
  const watcher = { tables: new Set(tables), onWrite };
  watchers.add(watcher);
  return () => watchers.delete(watcher);
}

/** Called with every statement's text before it is sent. */
export function sawStatement(text: string): void {
  if (watchers.size === 0) return;
  // Most statements are reads: only i(nsert), u(pdate), d(elete), in either case, or
  // leading white space go on to the pattern.
  const code = text.charCodeAt(0);
  const lower = code | 0x20;
  if (code > 0x20 && lower !== 0x69 && lower !== 0x75 && lower !== 0x64) return;
  const table = WRITE.exec(text)?.[1]?.toLowerCase();
  if (!table) return;
  for (const w of watchers) if (w.tables.has(table)) w.onWrite();
}
