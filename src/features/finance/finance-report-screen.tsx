import './register-locales.ts';
import { useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useFormat } from '#components/format';
import { FinanceGate } from './finance-gate.tsx';
import { localToday, yearRange } from './finance-model.ts';
import { FinanceFigures } from './statistics-tab.tsx';
import './finance.css';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * /farm/{farm_id}/finance/report: the period's figures on one page, embeddable (no
 * chrome) and printable (print CSS drops the buttons). Period from ?from=&to=, else this year.
 */
export function FinanceReportScreen() {
  const { t } = useTranslation('finance');
  const format = useFormat();
  const search = useSearch({ strict: false }) as { from?: string; to?: string; account_id?: string };
  const year = yearRange(localToday());
  const from = typeof search.from === 'string' && DAY.test(search.from) ? search.from : year.from;
  const to = typeof search.to === 'string' && DAY.test(search.to) ? search.to : year.to;
  return (
    <FinanceGate>
      {(farm) => (
        <article className="finance finance-report">
          <header className="finance-report__head">
            <div>
              <h1 className="page-header__title">
                {t('report')} · {farm.name}
              </h1>
              <p className="muted">{t('reportPeriod', { from: format.date(from), to: format.date(to) })}</p>
            </div>
            <button
              type="button"
              className="button button--secondary button--small finance-report__print"
              onClick={() => globalThis.print()}
            >
              {t('print')}
            </button>
          </header>
          <FinanceFigures farmId={farm.farm_id} period={{ from, to }} />
        </article>
      )}
    </FinanceGate>
  );
}
