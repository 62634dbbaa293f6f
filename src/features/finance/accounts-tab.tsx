import './register-locales.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '#components/confirm-dialog';
import { useFormat } from '#components/format';
import { PlusIcon } from '#components/icons';
import { NotPulledYet, useEverPulled } from '#components/not-pulled';
import { Card, EmptyState, Loading } from '#components/page';
import { SyncBadge } from '#components/record-status';
import { useToast } from '#components/toast';
import type { Local } from '#local/db';
import { FINANCE_ACCOUNTS } from '#local/resources';
import type { FinanceAccount } from '#shared/contracts/finance';
import { formatRupiahText } from '#shared/domain/format';
import { AccountDialog, CloseAccountDialog } from './account-dialog.tsx';
import { accountsRepo, useAccounts } from './finance-data.ts';
import { localToday } from './finance-model.ts';

type Editing =
  | { kind: 'edit'; account: FinanceAccount | null }
  | { kind: 'close'; account: FinanceAccount }
  | null;

/** Accounts with income, expenses and balance (the last synced figures); add, edit, close, reopen, delete. */
export function AccountsTab({
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
  const pulled = useEverPulled(FINANCE_ACCOUNTS.name, farmId);
  const [editing, setEditing] = useState<Editing>(null);
  const today = localToday();

  const reopen = async (a: FinanceAccount) => {
    try {
      await accountsRepo().update(a.account_id, { end_date: 0, is_open: true });
      toast.success(t('saved'));
    } catch (error) {
      toast.error(error);
    }
  };
  const remove = async (a: FinanceAccount) => {
    if (!(await confirm({ message: t('account.deleteConfirm', { name: a.name }) }))) return;
    try {
      await accountsRepo().remove(a.account_id);
      toast.success(t('ui:toast.deleted'));
    } catch (error) {
      toast.error(error);
    }
  };

  let body = <Loading />;
  if (accounts.data?.length === 0)
    body = pulled === false ? <NotPulledYet /> : <EmptyState title={t('account.empty')} />;
  else if (accounts.data)
    body = (
      <ul className="finance-accounts">
        {accounts.data.map((a) => (
          <li key={a.account_id} className="finance-account" data-testid="finance-account">
            <div className="finance-account__head">
              <span className="finance-account__name">
                {a.name} <SyncBadge row={a as Local<FinanceAccount>} />
              </span>
              <span className={a.is_open ? 'badge badge--primary' : 'badge'}>
                {a.is_open
                  ? t('account.open')
                  : t('account.closed', { date: format.date(String(a.end_date)) })}
              </span>
            </div>
            <dl className="finance-figures">
              <div>
                <dt>{t('account.income')}</dt>
                <dd className="money money--in">{formatRupiahText(a.income)}</dd>
              </div>
              <div>
                <dt>{t('account.expenses')}</dt>
                <dd className="money money--out">{formatRupiahText(a.expenses)}</dd>
              </div>
              <div>
                <dt>{t('account.balance')}</dt>
                <dd className="money" data-testid="account-balance">
                  {formatRupiahText(a.balance)}
                </dd>
              </div>
            </dl>
            {mayEdit && (
              <div className="row finance-account__actions">
                <button
                  type="button"
                  className="button button--ghost button--small"
                  onClick={() => setEditing({ kind: 'edit', account: a })}
                >
                  {t('ui:actions.edit')}
                  <span className="visually-hidden"> {a.name}</span>
                </button>
                {a.is_open ? (
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    onClick={() => setEditing({ kind: 'close', account: a })}
                  >
                    {t('account.close')}
                    <span className="visually-hidden"> {a.name}</span>
                  </button>
                ) : (
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    onClick={() => void reopen(a)}
                  >
                    {t('account.reopen')}
                    <span className="visually-hidden"> {a.name}</span>
                  </button>
                )}
                <button
                  type="button"
                  className="button button--ghost-danger button--small"
                  onClick={() => void remove(a)}
                >
                  {t('ui:actions.delete')}
                  <span className="visually-hidden"> {a.name}</span>
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
    );

  return (
    <Card
      title={t('tabs.accounts')}
      actions={
        mayAdd && (
          <button
            type="button"
            className="button button--primary button--small"
            onClick={() => setEditing({ kind: 'edit', account: null })}
          >
            <PlusIcon /> {t('account.add')}
          </button>
        )
      }
    >
      {body}
      {editing?.kind === 'edit' && (
        <AccountDialog
          farmId={farmId}
          account={editing.account}
          today={today}
          onClose={() => setEditing(null)}
        />
      )}
      {editing?.kind === 'close' && (
        <CloseAccountDialog account={editing.account} today={today} onClose={() => setEditing(null)} />
      )}
    </Card>
  );
}
