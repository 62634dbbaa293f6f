import './register-locales.ts';
import { useSearch } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '#components/confirm-dialog';
import { useFormat } from '#components/format';
import { PlusIcon } from '#components/icons';
import { NotPulledYet, useEverPulled } from '#components/not-pulled';
import { Card, EmptyState, Loading } from '#components/page';
import { PhotoPicker } from '#components/photo-picker';
import { SyncBadge } from '#components/record-status';
import { useToast } from '#components/toast';
import { removeRecordPhoto, useRecordPhotos } from '#components/use-record-photos.ts';
import { WhenInput } from '#components/when-input';
import type { Local } from '#local/db';
import { FINANCE_TRANSACTIONS } from '#local/resources';
import type { FinanceTransaction } from '#shared/contracts/finance';
import { formatRupiah, formatRupiahText } from '#shared/domain/format';
import { CategoryIcon } from './category-icon.tsx';
import {
  adoptOlder,
  olderThan,
  transactionsRepo,
  useAccounts,
  useCategories,
  useOlderTransactions,
  useTransactions,
} from './finance-data.ts';
import { categoryLabel, filterTransactions, localToday, sumByType, type TxFilter } from './finance-model.ts';
import { Proposals } from './proposals.tsx';
import { TransactionDialog } from './transaction-dialog.tsx';

type Editing = { transaction: FinanceTransaction | null } | null;

/** The transactions kept on the phone, filtered, by day; record, edit, delete; proposals to book. */
export function TransactionsTab({
  farmId,
  mayAdd,
  mayEdit,
}: {
  farmId: string;
  mayAdd: boolean;
  mayEdit: boolean;
}) {
  const { t } = useTranslation('finance');
  const format = useFormat();
  const toast = useToast();
  const confirm = useConfirm();
  const accounts = useAccounts(farmId);
  const categories = useCategories(farmId);
  const transactions = useTransactions(farmId);
  const pulled = useEverPulled(FINANCE_TRANSACTIONS.name, farmId);
  const today = localToday();
  const [filter, setFilter] = useState<TxFilter>({ from: `${today.slice(0, 7)}-01`, to: today });
  const older = useOlderTransactions(farmId, filter);
  const [editing, setEditing] = useState<Editing>(null);
  // The sync screen's "Fix" opens a refused transaction here (?transaction_id=…), once.
  const wanted = (useSearch({ strict: false }) as { transaction_id?: string }).transaction_id;
  const [opened, setOpened] = useState<string | null>(null);
  useEffect(() => {
    if (!wanted || opened === wanted || !mayEdit) return;
    const row = transactions.data?.find((r) => r.transaction_record_id === wanted);
    if (!row) return;
    setOpened(wanted);
    setEditing({ transaction: row });
  }, [wanted, opened, mayEdit, transactions.data]);
  const listed = useMemo(
    () => filterTransactions([...(transactions.data ?? []), ...older.extra], filter),
    [transactions.data, older.extra, filter],
  );
  const sums = sumByType(listed);
  const receipts = useRecordPhotos(
    'transaction',
    listed.map((r) => r.transaction_record_id),
  );
  const byDay = useMemo(() => {
    const days = new Map<string, Local<FinanceTransaction>[]>();
    for (const row of listed)
      days.set(row.transaction_date, [...(days.get(row.transaction_date) ?? []), row]);
    return [...days.entries()];
  }, [listed]);
  const accountName = (id: string) => accounts.data?.find((a) => a.account_id === id)?.name ?? '';
  const categoryOf = (row: FinanceTransaction) =>
    categories.data?.find((c) => c.category_transaction_id === row.category_transaction_id) ?? row;

  const remove = async (row: FinanceTransaction) => {
    const message = t('tx.deleteConfirm', {
      amount: formatRupiah(row.nominal),
      date: format.date(row.transaction_date),
    });
    if (!(await confirm({ message }))) return;
    try {
      await adoptOlder(row);
      await transactionsRepo().remove(row.transaction_record_id);
      // Receipts still on the phone go with it; uploaded ones the server deletes with the transaction.
      for (const photo of receipts.get(row.transaction_record_id) ?? [])
        if (photo.status !== 'uploaded') await removeRecordPhoto(photo.id);
      toast.success(t('ui:toast.deleted'));
    } catch (error) {
      toast.error(error);
    }
  };

  return (
    <>
      {mayAdd && accounts.data && <Proposals farmId={farmId} accounts={accounts.data} />}
      <Card
        title={t('tabs.transactions')}
        actions={
          mayAdd && (
            <button
              type="button"
              className="button button--primary button--small"
              onClick={() => setEditing({ transaction: null })}
            >
              <PlusIcon /> {t('tx.add')}
            </button>
          )
        }
      >
        <div className="finance-filters">
          <label className="field">
            <span className="field__label">{t('tx.account')}</span>
            <select
              className="field__input"
              value={filter.accountId ?? ''}
              onChange={(e) => setFilter({ ...filter, accountId: e.target.value || undefined })}
            >
              <option value="">{t('account.all')}</option>
              {accounts.data?.map((a) => (
                <option key={a.account_id} value={a.account_id}>
                  {a.name}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span className="field__label">{t('tx.type')}</span>
            <select
              className="field__input"
              value={filter.type ?? ''}
              onChange={(e) =>
                setFilter({ ...filter, type: (e.target.value || undefined) as TxFilter['type'] })
              }
            >
              <option value="">{t('tx.filterType')}</option>
              <option value="in">{t('tx.income')}</option>
              <option value="out">{t('tx.expense')}</option>
            </select>
          </label>
          <label className="field">
            <span className="field__label">{t('tx.from')}</span>
            <WhenInput
              type="date"
              className="field__input"
              value={filter.from ?? ''}
              onChange={(e) => setFilter({ ...filter, from: e.target.value || undefined })}
            />
          </label>
          <label className="field">
            <span className="field__label">{t('tx.to')}</span>
            <WhenInput
              type="date"
              className="field__input"
              value={filter.to ?? ''}
              onChange={(e) => setFilter({ ...filter, to: e.target.value || undefined })}
            />
          </label>
        </div>
        <dl className="finance-figures">
          <div>
            <dt>{t('account.income')}</dt>
            <dd className="money money--in">{formatRupiahText(sums.income)}</dd>
          </div>
          <div>
            <dt>{t('account.expenses')}</dt>
            <dd className="money money--out">{formatRupiahText(sums.expenses)}</dd>
          </div>
          <div>
            <dt>{t('stats.net')}</dt>
            <dd className="money">{formatRupiahText(sums.income - sums.expenses)}</dd>
          </div>
        </dl>
        {!transactions.data ? (
          <Loading />
        ) : listed.length === 0 && pulled === false ? (
          <NotPulledYet />
        ) : listed.length === 0 ? (
          <EmptyState title={t('tx.empty')} />
        ) : (
          byDay.map(([day, rows]) => (
            <section key={day} className="finance-day">
              <h3 className="finance-day__title">{format.date(day)}</h3>
              <ul className="data-list">
                {rows.map((row) => {
                  const category = categoryOf(row);
                  const photos = receipts.get(row.transaction_record_id) ?? [];
                  return (
                    <li
                      key={row.transaction_record_id}
                      className="finance-tx"
                      data-testid="finance-transaction"
                    >
                      <CategoryIcon
                        icon={category.category_icon}
                        className={`finance-icon finance-icon--${row.type}`}
                      />
                      <span className="data-list__main">
                        <span className="data-list__title">
                          {categoryLabel(category, t)} <SyncBadge row={row} />
                        </span>
                        <span className="data-list__meta">
                          {accountName(row.account_id)} · {t(`method.${row.metode}`)}
                          {row.note ? ` · ${row.note}` : ''}
                        </span>
                      </span>
                      <span className={`money money--${row.type}`}>
                        {row.type === 'in' ? '+' : '−'}
                        {formatRupiah(row.nominal)}
                      </span>
                      {photos.length > 0 && (
                        <div className="finance-tx__receipts">
                          <PhotoPicker readOnly photos={photos} label={t('tx.receipts')} />
                        </div>
                      )}
                      {mayEdit && (
                        <span className="row finance-tx__actions">
                          <button
                            type="button"
                            className="button button--ghost button--small"
                            onClick={async () => {
                              await adoptOlder(row);
                              setEditing({ transaction: row });
                            }}
                          >
                            {t('ui:actions.edit')}
                          </button>
                          <button
                            type="button"
                            className="button button--ghost-danger button--small"
                            onClick={() => void remove(row)}
                          >
                            {t('ui:actions.delete')}
                          </button>
                        </span>
                      )}
                    </li>
                  );
                })}
              </ul>
            </section>
          ))
        )}
        {(older.state === 'asking' || older.state === 'offline') && (
          <p className="muted" role="status" data-testid="older-transactions" data-state={older.state}>
            {t(`tx.older.${older.state}`, { date: format.date(olderThan(today)) })}
          </p>
        )}
      </Card>
      {editing && accounts.data && categories.data && (
        <TransactionDialog
          farmId={farmId}
          accounts={accounts.data}
          categories={categories.data}
          transaction={editing.transaction}
          today={today}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
