import { v7 as uuidv7 } from 'uuid';
import type { AddAccountBody, FarmQuery, FinanceAccount, UpdateAccountBody } from '#shared/contracts/finance';
import { ACTION, type Action } from '#shared/domain/permissions';
import { AppError, fieldError } from '../../errors.ts';
import type { FarmAccess } from '../../kernel/farm-access.ts';
import { farmToday } from '../../kernel/farm-clock.ts';
import { requireFinance } from '../../kernel/finance-access.ts';
import { changedAfter } from '../../kernel/pull-window.ts';
import type { Headers, RecordMerge } from '../../sync/record-merge.ts';
import type { AccountRepository, AccountRow } from './account.repository.ts';
import { toAccount } from './finance-mapper.ts';

export interface AccountDeps {
  accounts: AccountRepository;
  access: FarmAccess;
  merge: RecordMerge;
}

/** Finance accounts: open while end_date is empty; closed ones take no transactions. */
export class AccountService {
  constructor(private readonly d: AccountDeps) {}

  async list(userId: string, q: FarmQuery): Promise<{ items: FinanceAccount[]; server_time: string }> {
    const m = await requireFinance(this.d.access, userId, q.farm_id, ACTION.view);
    const rows = await this.d.accounts.list(q.farm_id, q.since ? changedAfter(q.since) : undefined);
    return { items: rows.map(toAccount), server_time: m.readAt };
  }

  /** The same `account_id` sent again answers the stored account (created false). */
  async create(userId: string, body: AddAccountBody): Promise<{ account: FinanceAccount; created: boolean }> {
    await requireFinance(this.d.access, userId, body.farm_id, ACTION.add);
    const name = body.name.trim();
    if (!name) throw fieldError('name', 'validation.required');
    const id = body.account_id ?? uuidv7();
    const inserted = await this.d.accounts.insert({
      id,
      farm_id: body.farm_id,
      name,
      start_date: body.created_at ?? farmToday(),
      created_by: userId,
    });
    const stored = await this.d.accounts.findById(id);
    if (!stored || stored.farm_id !== body.farm_id || (!inserted && stored.deleted_at))
      throw new AppError('conflict');
    return { account: toAccount(stored), created: inserted };
  }

  /**
   * Renames, re-dates, closes (end_date a day) or reopens (0 or null), merged per field
   * (ADR 0002). Closing before the account's last transaction is refused: no booked
   * transaction may lie in its closed past.
   */
  async update(
    userId: string,
    id: string,
    body: UpdateAccountBody,
    headers: Headers = {},
  ): Promise<FinanceAccount> {
    await this.visible(userId, id, ACTION.edit);
    const patch: Record<string, unknown> = {};
    if (body.name !== undefined) {
      if (!body.name.trim()) throw fieldError('name', 'validation.required');
      patch.name = body.name.trim();
    }
    if (body.start_date !== undefined) patch.start_date = body.start_date;
    if (body.end_date !== undefined) patch.end_date = body.end_date || 0;
    await this.d.merge.update({
      table: 'finance_accounts',
      id,
      userId,
      headers,
      patch,
      load: async (tx) => toAccount((await this.d.accounts.findById(id, tx)) as AccountRow),
      write: async (tx, changes) => {
        const current = (await this.d.accounts.findById(id, tx)) as AccountRow;
        const start = (changes.start_date as string | undefined) ?? current.start_date;
        const end = changes.end_date === undefined ? current.end_date : (changes.end_date as string) || null;
        if (end !== null && end < start) throw fieldError('end_date', 'validation.end-before-start');
        const last = await this.d.accounts.lastTransactionDate(id, tx);
        if (end !== null && last !== null && end < last)
          throw fieldError('end_date', 'finance.close-before-last', { date: last });
        const first = await this.d.accounts.firstTransactionDate(id, tx);
        if (first !== null && start > first)
          throw fieldError('start_date', 'finance.open-after-first', { date: first });
        await this.d.accounts.update(
          id,
          {
            ...(changes.name !== undefined ? { name: changes.name as string } : {}),
            start_date: start,
            end_date: end,
          },
          tx,
        );
      },
    });
    return toAccount((await this.d.accounts.findById(id)) as AccountRow);
  }

  /** Soft delete; an account holding transactions is refused (delete or move them first). */
  async remove(userId: string, id: string): Promise<void> {
    const row = await this.d.accounts.findById(id);
    if (!row) throw new AppError('not-found');
    await requireFinance(this.d.access, userId, row.farm_id, ACTION.edit);
    if (row.deleted_at) return;
    if (await this.d.accounts.hasTransactions(id)) throw new AppError('finance-account-in-use');
    await this.d.accounts.softDelete(id);
  }

  private async visible(userId: string, id: string, level: Action): Promise<AccountRow> {
    const row = await this.d.accounts.findById(id);
    if (!row || row.deleted_at) throw new AppError('not-found');
    await requireFinance(this.d.access, userId, row.farm_id, level);
    return row;
  }
}
