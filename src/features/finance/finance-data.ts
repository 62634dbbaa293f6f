import { useEffect, useState } from 'react';
import { useLiveMirror } from '#components/use-live-mirror.ts';
import { useServerDay } from '#components/use-server-day';
import { api } from '#local/api-client';
import { keepServerRow } from '#local/day-coverage';
import type { Local, TambakDb } from '#local/db';
import { getDb } from '#local/db';
import { enqueueAction } from '#local/outbox';
import { type NewPhoto, saveRecordsWithPhotos } from '#local/photos';
import { createRepository } from '#local/repository';
import {
  FINANCE_ACCOUNTS,
  FINANCE_CATEGORIES,
  FINANCE_TRANSACTIONS,
  RECENT_FINANCE_DAYS,
} from '#local/resources';
import { visible } from '#local/visible';
import type { FinanceAccount, FinanceCategory, FinanceTransaction } from '#shared/contracts/finance';
import { addDays } from '#shared/domain/chart-range';
import type { TxFilter } from './finance-model.ts';

/**
 * The finance data of a farm: accounts, categories and transactions read live from the
 * mirror and written through the outbox (offline too; ids made on the device, so a
 * replayed create stores one copy). Statistics are read online and kept per query in
 * `financeStats`, so offline the last synced figures show with their date.
 */
export const accountsRepo = () => createRepository<FinanceAccount>(FINANCE_ACCOUNTS);
export const categoriesRepo = () => createRepository<FinanceCategory>(FINANCE_CATEGORIES);
export const transactionsRepo = () => createRepository<FinanceTransaction>(FINANCE_TRANSACTIONS);

/** A new transaction and its receipt photos, in one local transaction (the photos upload behind it). */
export function saveTransactionWithReceipts(
  record: Partial<FinanceTransaction> & { transaction_record_id: string; farm_id: string },
  photos: NewPhoto[],
  db: TambakDb = getDb(),
): Promise<void> {
  const target = {
    farmId: record.farm_id,
    recordType: 'transaction',
    recordId: record.transaction_record_id,
  };
  return saveRecordsWithPhotos(db, FINANCE_TRANSACTIONS, [record], [{ target, photos }]);
}

const live = <T>(rows: T[]) =>
  (visible(rows as never[]) as Local<T>[]).filter((r) => !(r as { deleted_at?: unknown }).deleted_at);

export function useAccounts(farmId: string) {
  return useLiveMirror(`finance-accounts:${farmId}`, async (db: TambakDb) =>
    live(await db.financeAccounts.where('farm_id').equals(farmId).toArray()).sort((a, b) =>
      a.name.localeCompare(b.name, undefined, { numeric: true }),
    ),
  );
}

/** Built-ins (farm_id null) then the farm's own, live ones only. */
export function useCategories(farmId: string) {
  return useLiveMirror(`finance-categories:${farmId}`, async (db: TambakDb) =>
    live(await db.financeCategories.toArray()).filter((c) => c.built_in || c.farm_id === farmId),
  );
}

export function useTransactions(farmId: string) {
  return useLiveMirror(`finance-transactions:${farmId}`, async (db: TambakDb) =>
    live(await db.financeTransactions.where('farm_id').equals(farmId).toArray()),
  );
}

const transactionId = (row: FinanceTransaction) => row.transaction_record_id;
/** A period with no start: reaches before anything the phone keeps (the server's whole list). */
const NO_START = '2000-01-01';

/** The first day of the transactions the phone keeps (src/local/day-coverage.ts). */
export const olderThan = (today: string) => addDays(today, 1 - RECENT_FINANCE_DAYS);

/**
 * A period reaching back before what the phone keeps: the server's transactions of the
 * period (online; its answer kept for offline), less those the phone holds. `state` says
 * whether they are being asked or need a signal.
 */
export function useOlderTransactions(farmId: string, filter: Pick<TxFilter, 'from' | 'to'>) {
  const { from, to } = filter;
  return useServerDay<FinanceTransaction>({
    key: `finance-transactions:${farmId}:${from ?? ''}:${to ?? ''}`,
    farmId,
    day: from ?? NO_START,
    resources: [FINANCE_TRANSACTIONS],
    fetch: () =>
      api.get<FinanceTransaction[]>('/transaction', {
        farm_id: farmId,
        ...(from ? { from } : {}),
        ...(to ? { to } : {}),
      }),
    idOf: transactionId,
  });
}

/** An older transaction the server answered goes into the mirror first, to change as any other. */
export async function adoptOlder(row: FinanceTransaction): Promise<void> {
  await keepServerRow(getDb(), FINANCE_TRANSACTIONS, row);
}

/** Soft delete of a category (POST with farm_id, seed 000 §7), queued like any write. */
export function deleteCategory(category: FinanceCategory): Promise<string> {
  return enqueueAction(getDb(), {
    method: 'POST',
    url: `/api/account/category/${encodeURIComponent(category.category_transaction_id)}/delete`,
    body: { farm_id: category.farm_id },
    table: 'financeCategories',
    rows: [{ ...category, deleted_at: new Date().toISOString() }],
  });
}

export interface Stats<T> {
  data: T | undefined;
  /** When these figures were fetched (epoch ms); older than now when read offline. */
  fetchedAt: number | undefined;
  error: unknown;
  loading: boolean;
}

/**
 * One statistics route for a query, online first; on failure the last answer kept on the
 * device (with its date). `key` null waits.
 */
export function useStats<T>(
  farmId: string,
  path: string,
  query: Record<string, string | undefined> | null,
): Stats<T> {
  const clean = query
    ? Object.fromEntries(Object.entries(query).filter((e): e is [string, string] => Boolean(e[1])))
    : null;
  const key = clean ? `${farmId}:${path}?${new URLSearchParams(clean).toString()}` : null;
  const [state, setState] = useState<Stats<T>>({
    data: undefined,
    fetchedAt: undefined,
    error: undefined,
    loading: true,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key names the query
  useEffect(() => {
    if (!key || !clean) return;
    let stopped = false;
    const db = getDb();
    setState((s) => ({ ...s, loading: true }));
    void db.financeStats.get(key).then((cached) => {
      if (!stopped && cached)
        setState((s) =>
          s.data === undefined || s.loading
            ? { data: cached.data as T, fetchedAt: cached.fetchedAt, error: undefined, loading: true }
            : s,
        );
    });
    const fromCache = async (error: unknown) => {
      const cached = await db.financeStats.get(key);
      if (!stopped)
        setState({
          data: cached?.data as T | undefined,
          fetchedAt: cached?.fetchedAt,
          error,
          loading: false,
        });
    };
    // Offline, the worker's HTTP cache could answer without saying how old the figures
    // are: the phone's own copy, with its date, is what the screen shows.
    if (globalThis.navigator?.onLine === false) void fromCache('offline');
    else
      api.get<T>(path, clean).then(async (data) => {
        const fetchedAt = Date.now();
        await db.financeStats.put({ key, farmId, data, fetchedAt });
        if (!stopped) setState({ data, fetchedAt, error: undefined, loading: false });
      }, fromCache);
    return () => {
      stopped = true;
    };
  }, [key]);
  return state;
}
