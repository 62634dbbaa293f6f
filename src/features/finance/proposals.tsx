import './register-locales.ts';
import { useTranslation } from 'react-i18next';
import { useFormat } from '#components/format';
import { Card } from '#components/page';
import { useToast } from '#components/toast';
import { refetch, useFetched } from '#components/use-fetched.ts';
import { api } from '#local/api-client';
import type { FinanceAccount, TransactionProposal } from '#shared/contracts/finance';
import { formatRupiah } from '#shared/domain/format';
import { transactionsRepo } from './finance-data.ts';

const key = (farmId: string) => `finance-proposals:${farmId}`;

/**
 * Harvest sales and received purchase orders waiting to be booked (issue 16 point 6):
 * one tap books the proposed transaction in the first open account. The transaction
 * carries source_type + source_id, so a second tap (or a replay) books nothing twice.
 */
export function Proposals({ farmId, accounts }: { farmId: string; accounts: FinanceAccount[] }) {
  const { t } = useTranslation('finance');
  const format = useFormat();
  const toast = useToast();
  const proposals = useFetched(key(farmId), () =>
    api.get<TransactionProposal[]>('/transaction/proposal', { farm_id: farmId }),
  );
  const account = accounts.find((a) => a.is_open);
  if (!proposals.data?.length || !account) return null;
  const accept = async (p: TransactionProposal) => {
    try {
      await transactionsRepo().create([
        {
          farm_id: farmId,
          account_id: account.account_id,
          category_transaction_id: p.category_transaction_id,
          type: p.type,
          metode: 'transfer',
          nominal: p.nominal,
          transaction_date: p.transaction_date,
          note: p.label,
          photos: [],
          source_type: p.source_type,
          source_id: p.source_id,
        },
      ]);
      toast.success(t('proposals.booked'));
      await refetch(key(farmId));
    } catch (error) {
      toast.error(error);
    }
  };
  return (
    <Card title={t('proposals.title')}>
      <ul className="data-list">
        {proposals.data.map((p) => (
          <li key={`${p.source_type}:${p.source_id}`}>
            <span className="data-list__main">
              <span className="data-list__title">{p.label}</span>
              <span className="data-list__meta">
                {format.date(p.transaction_date)} · {formatRupiah(p.nominal)} → {account.name}
              </span>
            </span>
            <button
              type="button"
              className="button button--primary button--small"
              onClick={() => void accept(p)}
            >
              {t('proposals.accept')}
            </button>
          </li>
        ))}
      </ul>
    </Card>
  );
}
