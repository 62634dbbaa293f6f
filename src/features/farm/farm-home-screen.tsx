import './register-locales.ts';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { can, useFarmInfo } from '#components/farm-data';
import { FarmGate } from '#components/farm-gate';
import { WaterIcon } from '#components/icons';
import { Card, PageHeader } from '#components/page';
import type { Farm, FarmInfo } from '#shared/contracts/farm';
import { ACTION } from '#shared/domain/permissions';
import { BlockList } from './block-list.tsx';
import './farm-home.css';

const INFO_KEYS: (keyof FarmInfo)[] = [
  'pond_count',
  'block_count',
  'cycle_count',
  'stock_count',
  'user_count',
];

function InfoCounts({ farmId }: { farmId: string }) {
  const { t } = useTranslation('farm');
  const { data } = useFarmInfo(farmId);
  return (
    <section aria-labelledby="farm-summary">
      <h2 id="farm-summary" className="visually-hidden">
        {t('home.summary')}
      </h2>
      <dl className="stat-grid">
        {INFO_KEYS.map((key) => (
          <div key={key} className="stat">
            <dt className="stat__label">{t(`home.info.${key}`)}</dt>
            <dd className="stat__value">{data ? data[key] : '–'}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function FarmHome({ farm }: { farm: Farm }) {
  const { t } = useTranslation(['farm', 'ui']);
  return (
    <div className="stack">
      <PageHeader
        title={farm.name}
        subtitle={
          <span className="row">
            <span className={farm.status === 1 ? 'badge badge--primary' : 'badge'}>
              {t(farm.status === 1 ? 'ui:tier.pro' : 'ui:tier.free')}
            </span>
            <span>
              {t('home.role', {
                role: t(`ui:roles.${farm.role_id}`, { defaultValue: String(farm.role_id) }),
              })}
            </span>
          </span>
        }
      />
      {can(farm, 'water_quality', ACTION.add) && (
        <div className="farm-actions">
          <Link
            to={`/farm/${encodeURIComponent(farm.farm_id)}/water-quality/add`}
            className="button button--primary"
          >
            <WaterIcon /> {t('home.addWaterQuality')}
          </Link>
        </div>
      )}
      {/* The review table: in the sidebar on a desktop, here on a phone (the bottom bar is full). */}
      {can(farm, 'water_quality', ACTION.view) && (
        <div className="farm-actions">
          <Link to={`/farm/${encodeURIComponent(farm.farm_id)}/review`} className="button button--secondary">
            {t('ui:nav.review')}
          </Link>
          <Link
            to={`/farm/${encodeURIComponent(farm.farm_id)}/analysis`}
            className="button button--secondary"
          >
            {t('ui:nav.analysis')}
          </Link>
          <Link
            to={`/farm/${encodeURIComponent(farm.farm_id)}/attention`}
            className="button button--secondary"
          >
            {t('ui:nav.attention')}
          </Link>
        </div>
      )}
      {/* The cycle overview and reports (issue 17): in the sidebar on a desktop, here on a phone. */}
      {can(farm, 'stock', ACTION.view) && (
        <div className="farm-actions">
          <Link
            to={`/farm/${encodeURIComponent(farm.farm_id)}/overview`}
            className="button button--secondary"
          >
            {t('ui:nav.overview')}
          </Link>
          <Link to={`/farm/${encodeURIComponent(farm.farm_id)}/report`} className="button button--secondary">
            {t('ui:nav.report')}
          </Link>
        </div>
      )}
      <InfoCounts farmId={farm.farm_id} />
      <Card
        title={t('home.blocks')}
        actions={
          <Link
            to={`/farm/${encodeURIComponent(farm.farm_id)}/settings`}
            className="button button--ghost button--small"
          >
            {t('home.openSettings')}
          </Link>
        }
      >
        <BlockList farm={farm} />
      </Card>
    </div>
  );
}

/** /farm/{farm_id}: the farm's blocks with their ponds and the info counts. */
export function FarmHomeScreen() {
  return <FarmGate>{(farm) => <FarmHome farm={farm} />}</FarmGate>;
}
