import type { FinanceAccount, FinanceCategory, FinanceTransaction } from '#shared/contracts/finance';
import { mergeFieldsOf } from '../../sync/record-merge.ts';
import type { AccountRow } from './account.repository.ts';
import type { CategoryRow } from './category.repository.ts';
import type { TransactionRow } from './transaction.repository.ts';

const stamps = (r: { created_at: Date; updated_at: Date; deleted_at: Date | null }) => ({
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
  deleted_at: r.deleted_at?.toISOString() ?? null,
});

export function toAccount(r: AccountRow): FinanceAccount {
  return {
    account_id: r.id,
    farm_id: r.farm_id,
    name: r.name,
    start_date: r.start_date,
    end_date: r.end_date ?? 0,
    is_open: r.end_date === null,
    income: r.income,
    expenses: r.expenses,
    balance: (BigInt(r.income) - BigInt(r.expenses)).toString(),
    ...stamps(r),
    ...mergeFieldsOf(r),
  };
}

export function toCategory(r: CategoryRow): FinanceCategory {
  return {
    category_transaction_id: r.id,
    farm_id: r.farm_id,
    built_in: r.farm_id === null,
    builtin_key: r.builtin_key,
    type: r.type as FinanceCategory['type'],
    category_icon: r.icon as FinanceCategory['category_icon'],
    category_transaction_name: r.name,
    ...stamps(r),
    ...mergeFieldsOf(r),
  };
}

export function toTransaction(r: TransactionRow): FinanceTransaction {
  return {
    transaction_record_id: r.id,
    farm_id: r.farm_id,
    account_id: r.account_id,
    category_transaction_id: r.category_id,
    type: r.type as FinanceTransaction['type'],
    category_transaction_name: r.category_name,
    category_icon: r.category_icon,
    builtin_key: r.builtin_key,
    metode: r.method as FinanceTransaction['metode'],
    // BIGINT as text from pg; at most 1e12 (CHECK), so a safe integer.
    nominal: Number(r.nominal),
    transaction_date: r.transaction_date,
    note: r.note,
    photos: Array.isArray(r.photos) ? (r.photos as string[]) : [],
    source_type: r.source_type as FinanceTransaction['source_type'],
    source_id: r.source_id,
    created_by: r.created_by,
    ...stamps(r),
    ...mergeFieldsOf(r),
  };
}
