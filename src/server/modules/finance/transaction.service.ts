import { v7 as uuidv7 } from 'uuid';
import type {
  AddTransactionBody,
  FinanceTransaction,
  TransactionProposal,
  TransactionQuery,
  UpdateTransactionBody,
} from '#shared/contracts/finance';
import { transactionDateProblem } from '#shared/domain/finance';
import { ACTION, type Action } from '#shared/domain/permissions';
import type { DbOrTx } from '../../db/database.ts';
import { AppError, fieldError } from '../../errors.ts';
import type { FarmAccess } from '../../kernel/farm-access.ts';
import { requireFinance } from '../../kernel/finance-access.ts';
import { changedAfter } from '../../kernel/pull-window.ts';
import { isUniqueViolation } from '../../kernel/unique-violation.ts';
import type { Headers, RecordMerge } from '../../sync/record-merge.ts';
import type { PhotoRepository } from '../photos/public.ts';
import type { AccountRepository } from './account.repository.ts';
import type { CategoryRepository } from './category.repository.ts';
import { toTransaction } from './finance-mapper.ts';
import type { ProductionSources } from './production-sources.ts';
import type { TransactionRepository, TransactionRow } from './transaction.repository.ts';

export interface TransactionDeps {
  transactions: TransactionRepository;
  accounts: AccountRepository;
  categories: CategoryRepository;
  access: FarmAccess;
  merge: RecordMerge;
  sources: ProductionSources;
  /** A deleted transaction's receipt photos go with it. */
  photos: PhotoRepository;
}

/**
 * Income and expense records. Rules (issue 16 "Bad input"): the account is a live one of
 * the same farm and open, the date not before it opened; the category is a built-in or
 * the farm's own, not deleted; amounts are whole rupiah 1 … 1 trillion (the schema).
 * Writes lock the account row, so a close and a booking never pass each other.
 */
export class TransactionService {
  constructor(private readonly d: TransactionDeps) {}

  async list(
    userId: string,
    q: TransactionQuery,
  ): Promise<{ items: FinanceTransaction[]; server_time: string }> {
    const m = await requireFinance(this.d.access, userId, q.farm_id, ACTION.view);
    if (q.from && q.to && q.from > q.to) throw fieldError('to', 'validation.end-before-start');
    const rows = await this.d.transactions.list({
      farmId: q.farm_id,
      accountId: q.account_id,
      categoryId: q.category_transaction_id,
      type: q.type,
      method: q.metode,
      from: q.from,
      to: q.to,
      changedAfter: q.since ? changedAfter(q.since) : undefined,
    });
    return { items: rows.map(toTransaction), server_time: m.readAt };
  }

  /**
   * Books a transaction; the same id again answers the stored one (created false). With
   * `source_type`/`source_id` it accepts a proposal: the source must be one the farm
   * proposes, and a source already booked answers 409 finance-already-booked.
   */
  async create(
    userId: string,
    body: AddTransactionBody,
  ): Promise<{ transaction: FinanceTransaction; created: boolean }> {
    const account = await this.account(userId, body.account_id, ACTION.add);
    const id = body.transaction_record_id ?? uuidv7();
    const existing = await this.d.transactions.findById(id);
    if (existing) return { transaction: this.replay(existing, account.farm_id), created: false };
    const category = await this.category(account.farm_id, body.category_transaction_id, null);
    if ((body.source_type === undefined) !== (body.source_id === undefined))
      throw fieldError(body.source_type === undefined ? 'source_type' : 'source_id', 'validation.required');
    if (body.source_type && body.source_id) {
      const proposed = await this.d.sources.proposals(account.farm_id);
      if (!proposed.some((p) => p.source_type === body.source_type && p.source_id === body.source_id))
        throw fieldError('source_id', 'finance.unknown-source');
    }
    try {
      const inserted = await this.d.transactions.transaction(async (tx) => {
        await this.checkAccountOpen(body.account_id, body.transaction_date, tx);
        const ok = await this.d.transactions.insert(
          {
            id,
            farm_id: account.farm_id,
            account_id: body.account_id,
            category_id: category.id,
            type: category.type,
            method: body.metode,
            nominal: body.nominal,
            transaction_date: body.transaction_date,
            note: body.note?.trim() ?? '',
            photos: JSON.stringify(body.photos ?? []),
            source_type: body.source_type ?? null,
            source_id: body.source_id ?? null,
            created_by: userId,
          },
          tx,
        );
        if (ok) await this.d.accounts.touch(body.account_id, tx);
        return ok;
      });
      const stored = (await this.d.transactions.findById(id)) as TransactionRow;
      return {
        transaction: inserted ? toTransaction(stored) : this.replay(stored, account.farm_id),
        created: inserted,
      };
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('finance-already-booked');
      throw error;
    }
  }

  /** Merged per field (ADR 0002); the rules are checked on the merged result, old and new account both open. */
  async update(
    userId: string,
    id: string,
    body: UpdateTransactionBody,
    headers: Headers = {},
  ): Promise<FinanceTransaction> {
    const row = await this.live(id);
    await requireFinance(this.d.access, userId, row.farm_id, ACTION.edit);
    const patch: Record<string, unknown> = {};
    for (const field of [
      'account_id',
      'category_transaction_id',
      'metode',
      'nominal',
      'transaction_date',
      'photos',
    ] as const)
      if (body[field] !== undefined) patch[field] = body[field];
    if (body.note !== undefined) patch.note = body.note.trim();
    if (body.account_id !== undefined && body.account_id !== row.account_id)
      await this.account(userId, body.account_id, ACTION.edit, row.farm_id);
    await this.d.merge.update({
      table: 'finance_transactions',
      id,
      userId,
      headers,
      patch,
      load: async (tx) => toTransaction((await this.d.transactions.findById(id, tx)) as TransactionRow),
      write: async (tx, changes) => {
        const current = (await this.d.transactions.findById(id, tx)) as TransactionRow;
        const accountId = (changes.account_id as string | undefined) ?? current.account_id;
        const date = (changes.transaction_date as string | undefined) ?? current.transaction_date;
        await this.checkAccountOpen(current.account_id, current.transaction_date, tx, 'account_id');
        await this.checkAccountOpen(accountId, date, tx);
        const columns: Record<string, unknown> = {};
        if (changes.category_transaction_id !== undefined) {
          const category = await this.category(
            current.farm_id,
            changes.category_transaction_id as string,
            current,
            tx,
          );
          columns.category_id = category.id;
          columns.type = category.type;
        }
        if (changes.account_id !== undefined) columns.account_id = accountId;
        if (changes.metode !== undefined) columns.method = changes.metode;
        if (changes.nominal !== undefined) columns.nominal = changes.nominal as number;
        if (changes.transaction_date !== undefined) columns.transaction_date = date;
        if (changes.note !== undefined) columns.note = changes.note;
        if (changes.photos !== undefined) columns.photos = JSON.stringify(changes.photos);
        await this.d.transactions.update(id, columns, tx);
        await this.d.accounts.touch(current.account_id, tx);
        if (accountId !== current.account_id) await this.d.accounts.touch(accountId, tx);
      },
    });
    return toTransaction(await this.live(id));
  }

  /** Soft delete; a transaction of a closed account stays (its books are closed). */
  async remove(userId: string, id: string): Promise<void> {
    const row = await this.d.transactions.findById(id);
    if (!row) throw new AppError('not-found');
    await requireFinance(this.d.access, userId, row.farm_id, ACTION.edit);
    if (row.deleted_at) return;
    await this.d.transactions.transaction(async (tx) => {
      await this.checkAccountOpen(row.account_id, row.transaction_date, tx, 'account_id');
      await this.d.photos.softDeleteOf('transaction', id, tx);
      await this.d.transactions.softDelete(id, tx);
      await this.d.accounts.touch(row.account_id, tx);
    });
  }

  /** Harvest sales and received purchase orders not booked yet (issue 16 point 6). */
  async proposals(userId: string, farmId: string): Promise<TransactionProposal[]> {
    await requireFinance(this.d.access, userId, farmId, ACTION.view);
    const [all, booked] = await Promise.all([
      this.d.sources.proposals(farmId),
      this.d.transactions.bookedSources(farmId),
    ]);
    return all.filter((p) => !booked.has(`${p.source_type}:${p.source_id}`));
  }

  /**
   * The account a write names. Unknown, deleted or of a farm the caller cannot see: one
   * field error, so another farm's ids reveal nothing. Finance hidden or not permitted on
   * the account's farm: 404 (requireFinance).
   */
  private async account(userId: string, accountId: string, level: Action, farmId?: string) {
    const row = await this.d.accounts.findById(accountId);
    if (!row || row.deleted_at || (farmId !== undefined && row.farm_id !== farmId))
      throw fieldError('account_id', 'finance.unknown-account');
    try {
      await this.d.access.membership(userId, row.farm_id);
    } catch {
      throw fieldError('account_id', 'finance.unknown-account');
    }
    await requireFinance(this.d.access, userId, row.farm_id, level);
    return row;
  }

  /** A built-in or the farm's own live category; a deleted one only if the record already has it. */
  private async category(farmId: string, id: string, current: TransactionRow | null, tx?: DbOrTx) {
    const row = await this.d.categories.findById(id, tx);
    const usable =
      row &&
      (row.farm_id === null || row.farm_id === farmId) &&
      (!row.deleted_at || current?.category_id === row.id);
    if (!row || !usable) throw fieldError('category_transaction_id', 'finance.unknown-category');
    return row;
  }

  private async checkAccountOpen(accountId: string, date: string, tx: DbOrTx, field = 'transaction_date') {
    const account = await this.d.accounts.lock(accountId, tx);
    if (!account) throw fieldError('account_id', 'finance.unknown-account');
    if (account.end_date !== null) throw new AppError('finance-account-closed');
    const problem = field === 'transaction_date' ? transactionDateProblem(date, account.start_date) : null;
    if (problem) throw fieldError('transaction_date', problem.key, problem.params);
  }

  /** A replayed create: the stored row when it is this farm's, else the id is taken. */
  private replay(row: TransactionRow, farmId: string): FinanceTransaction {
    if (row.farm_id !== farmId) throw new AppError('conflict');
    return toTransaction(row);
  }

  private async live(id: string): Promise<TransactionRow> {
    const row = await this.d.transactions.findById(id);
    if (!row || row.deleted_at) throw new AppError('not-found');
    return row;
  }
}
