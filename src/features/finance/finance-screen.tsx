import './register-locales.ts';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { SettingsIcon } from '#components/icons';
import { PageHeader } from '#components/page';
import { Tabs } from '#components/tabs';
import { ACTION } from '#shared/domain/permissions';
import { AccountsTab } from './accounts-tab.tsx';
import { FinanceGate } from './finance-gate.tsx';
import { StatisticsTab } from './statistics-tab.tsx';
import { TransactionsTab } from './transactions-tab.tsx';
import './finance.css';

const TABS = ['accounts', 'transactions', 'statistics'] as const;
type TabKey = (typeof TABS)[number];

/** /farm/{farm_id}/finance: accounts, transactions, statistics (tab in ?tab= so a reload keeps it). */
export function FinanceScreen() {
  const { t } = useTranslation('finance');
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { tab?: string };
  const tab: TabKey = TABS.find((k) => k === search.tab) ?? 'accounts';
  const select = (key: TabKey) =>
    void navigate({
      to: '.',
      search: (prev: Record<string, unknown>) => ({ ...prev, tab: key }),
      replace: true,
    });
  return (
    <FinanceGate>
      {(farm, level) => {
        const base = `/farm/${encodeURIComponent(farm.farm_id)}/finance`;
        return (
          <div className="finance">
            <PageHeader
              title={t('title')}
              subtitle={farm.name}
              actions={
                <>
                  <Link to={`${base}/report`} className="button button--secondary button--small">
                    {t('reportShort')}
                  </Link>
                  <Link to={`${base}/settings`} className="icon-button">
                    <SettingsIcon />
                    <span className="visually-hidden">{t('settings')}</span>
                  </Link>
                </>
              }
            />
            <Tabs
              label={t('title')}
              value={tab}
              onChange={select}
              items={TABS.map((key) => ({ key, label: t(`tabs.${key}`) }))}
            >
              {tab === 'accounts' && (
                <AccountsTab
                  farmId={farm.farm_id}
                  mayAdd={level >= ACTION.add}
                  mayEdit={level >= ACTION.edit}
                />
              )}
              {tab === 'transactions' && (
                <TransactionsTab
                  farmId={farm.farm_id}
                  mayAdd={level >= ACTION.add}
                  mayEdit={level >= ACTION.edit}
                />
              )}
              {tab === 'statistics' && <StatisticsTab farmId={farm.farm_id} />}
            </Tabs>
          </div>
        );
      }}
    </FinanceGate>
  );
}
