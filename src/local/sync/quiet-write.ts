import { RangeSet } from 'dexie';
import type { AnyRow, ServerRecord, TambakDb } from '#local/db';

/**
 * Long writes into a mirror table that the page can type between (ADR 0133): a new phone's
 * first sync and the rest of its history (ADR 0086) are tens of thousands of rows. Written
 * through Dexie in one transaction, they held a cheap phone's main thread for seconds;
 * written through Dexie in slices, every slice woke every live query over the table
 * (hundreds of runs of the farm-wide figures). So the rows go straight to IndexedDB, in
 * slices of about SLICE_MS with the page given its turn between two, and the live queries
 * over the table are told once, when the whole list is in (`announceTable`).
 */

/** Rows in a long write's first slice; later ones are sized to about SLICE_MS. */
const FIRST_SLICE = 200;
const MIN_SLICE = 50;
const MAX_SLICE = 4000;
/** A slice's time (its transaction, start to commit): short enough that a keystroke between two is answered at once. */
const SLICE_MS = 25;
/** The longest the next slice waits for an idle moment. */
const IDLE_WAIT_MS = 1000;

type IdleCallback = (run: () => void, options: { timeout: number }) => number;

/**
 * Lets the page answer input and paint between two slices: the next slice waits for an
 * idle moment (at most IDLE_WAIT_MS), or a task where there is no idle callback. A hidden
 * page has no one typing, and its timers are throttled (to one a minute after a few minutes
 * in Chromium): it goes on at once.
 */
export const yieldToPage = (): Promise<void> =>
  new Promise((resolve) => {
    const page = (globalThis as { document?: { visibilityState?: string } }).document;
    if (page?.visibilityState === 'hidden') return resolve();
    // Not in every context this module compiles for (Node, the service worker).
    const idle = (globalThis as { requestIdleCallback?: IdleCallback }).requestIdleCallback;
    if (idle) idle.call(globalThis, () => resolve(), { timeout: IDLE_WAIT_MS });
    else setTimeout(resolve, 0);
  });

/**
 * Calls `write` (each call its own transaction) on slices of `rows` of about SLICE_MS,
 * `pause` between them; answers the sum of what the calls answer.
 */
export async function inSlices<T>(
  rows: readonly T[],
  write: (slice: T[]) => Promise<number>,
  pause: () => Promise<void> = yieldToPage,
): Promise<number> {
  let written = 0;
  let size = FIRST_SLICE;
  for (let start = 0; start < rows.length; ) {
    if (start > 0) await pause();
    const slice = rows.slice(start, start + size);
    const began = performance.now();
    written += await write(slice);
    start += slice.length;
    size = nextSlice(slice.length, performance.now() - began);
  }
  return written;
}

/** The next slice's rows: scaled toward SLICE_MS by how long `rows` took, at most doubled. */
export function nextSlice(rows: number, ms: number): number {
  const scaled = ms > 0 ? Math.floor((rows * SLICE_MS) / ms) : rows * 2;
  return Math.max(MIN_SLICE, Math.min(MAX_SLICE, rows * 2, scaled));
}

/**
 * What a row of the write becomes, given what the table holds under its key (undefined:
 * nothing); undefined: the row is not written.
 */
export type Choose = (item: ServerRecord, local: AnyRow | undefined) => AnyRow | undefined;

/**
 * Writes `items` into `table` in slices, straight through IndexedDB: each item's stored
 * row is read in the slice's own transaction and what `choose` makes of the two is written
 * (an edit made between two slices is seen); with no `choose` (a table known empty), each
 * item is written as it is, without a read. The table's live queries are told once at the
 * end, if anything was written. Answers the rows written.
 */
export async function writeQuietly(
  db: TambakDb,
  table: string,
  items: readonly ServerRecord[],
  choose?: Choose,
  pause?: () => Promise<void>,
): Promise<number> {
  if (items.length === 0) return 0;
  if (!db.isOpen()) await db.open();
  const key = db.keyOf(table);
  const written = await inSlices(
    items,
    (slice) => writeSlice(db.backendDB(), table, key, slice, choose),
    pause,
  );
  if (written > 0) announceTable(db, table);
  return written;
}

function writeSlice(
  idb: IDBDatabase,
  table: string,
  key: string,
  slice: readonly ServerRecord[],
  choose: Choose | undefined,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const tx = idb.transaction(table, 'readwrite');
    const store = tx.objectStore(table);
    let written = 0;
    const put = (row: ServerRecord | undefined) => {
      if (!row) return;
      store.put(row);
      written += 1;
    };
    for (const item of slice) {
      if (!choose) {
        put(item);
        continue;
      }
      const read = store.get(item[key] as string);
      read.onsuccess = () => put(choose(item, read.result as AnyRow | undefined));
    }
    tx.oncomplete = () => resolve(written);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new Error(`the write into ${table} was aborted`));
  });
}

/** Dexie's channel for changes made elsewhere (another tab, a worker): the name its own code listens on. */
const DEXIE_CHANGES_CHANNEL = 'x-storagemutated-1';

/**
 * Tells the live queries over `table`, in this page and every other one, that all of it
 * may have changed: Dexie drops its cached answers over the table and runs the queries
 * again, as after a change made in another tab. Delivered as a message, so a moment later.
 */
export function announceTable(db: TambakDb, table: string): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const everything = () => new RangeSet(-Infinity, [[[]]]);
  const base = `idb://${db.name}/${table}/`;
  const parts: Record<string, RangeSet> = { [base]: everything(), [`${base}:dels`]: everything() };
  for (const index of db.table(table).schema.indexes) if (index.name) parts[base + index.name] = everything();
  const channel = new BroadcastChannel(DEXIE_CHANGES_CHANNEL);
  channel.postMessage(parts);
  channel.close();
}
