import './register-pond-locales.ts';
import '#features/water/register-locales.ts';
import '#features/production/register-locales.ts';
import '#features/sampling/register-locales.ts';
import '#features/records/register-locales.ts';
import { Link, useParams } from '@tanstack/react-router';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePonds } from '#components/farm-data';
import { FarmGate } from '#components/farm-gate';
import { FeatureBoundary } from '#components/feature-boundary';
import { useFormat } from '#components/format';
import { PlusIcon } from '#components/icons';
import { lazyPart } from '#components/lazy-part';
import { Card, EmptyState, LoadError, Loading, PageHeader } from '#components/page';
import { pondAction, recordRight } from '#components/pond-access.ts';
import { useSession } from '#components/session';
import { Tabs } from '#components/tabs';
import { ServerDayNotes } from '#components/use-server-day';
import { WhenInput } from '#components/when-input';
import { CyclesCard } from '#features/cycle/cycles-card';
import { ProbePondPanel } from '#features/probes/probe-pond-panel';
import {
  DeathList,
  farmDay,
  HarvestList,
  ProductionDaySection,
  StockCard,
} from '#features/production/production-cards';
import { AncoDayList, DiseaseDayList, NoteDayList, WaterChangeDayList } from '#features/records/record-lists';
import { SamplingList } from '#features/sampling/sampling-list';
import { PondProducts } from '#features/warehouse/pond-products';
import { RecentReadings } from '#features/water/recent-readings';
import { SameSlotPanel } from '#features/water/same-slot-panel';
import type { Farm, Pond } from '#shared/contracts/farm';
import { ACTION } from '#shared/domain/permissions';

/** What every "Daily data" section gets: one pond, one farm day. */
interface DaySectionProps {
  farm: Farm;
  pond: Pond;
  day: string;
  userId: string | undefined;
}

/**
 * The sections of the pond's "Daily data", in order: each feature lists its own records
 * of that day (newest first) and renders nothing when it has none. Another record type
 * joins by adding its feature's day component here.
 */
const DAY_SECTIONS: { key: string; Section: (props: DaySectionProps) => React.ReactNode }[] = [
  { key: 'production', Section: (p) => <ProductionDaySection {...p} /> },
  {
    key: 'water',
    Section: ({ farm, pond, day, userId }) => (
      <RecentReadings
        farmId={farm.farm_id}
        pond={pond}
        day={day}
        rightOn={(row, now) => recordRight(farm, pond, 'water_quality', row, userId, now)}
      />
    ),
  },
  {
    key: 'sampling',
    Section: ({ farm, pond, day, userId }) => (
      <SamplingList
        farmId={farm.farm_id}
        pond={pond}
        day={day}
        rightOn={(row, now) => recordRight(farm, pond, 'sampling', row, userId, now)}
      />
    ),
  },
  {
    key: 'anco',
    Section: ({ farm, pond, day }) => <AncoDayList farm={farm} pond={pond.pond_id} day={day} />,
  },
  {
    key: 'water-change',
    Section: ({ farm, pond, day }) => <WaterChangeDayList farm={farm} pond={pond.pond_id} day={day} />,
  },
  {
    key: 'notes',
    Section: ({ farm, pond, day }) => <NoteDayList farm={farm} pond={pond.pond_id} day={day} />,
  },
  {
    key: 'disease',
    Section: ({ farm, pond, day }) => <DiseaseDayList farm={farm} pond={pond.pond_id} day={day} />,
  },
];

function DailyData({ farm, pond, userId }: Omit<DaySectionProps, 'day'>) {
  const { t } = useTranslation('production');
  const today = farmDay();
  const [day, setDay] = useState(today);
  return (
    <Card title={t('daily.title')}>
      <div className="field daily-data__day">
        <label className="field__label" htmlFor="daily-data-day">
          {t('daily.day')}
        </label>
        <WhenInput
          id="daily-data-day"
          type="date"
          className="field__input"
          value={day}
          max={today}
          onChange={(e) => setDay(e.target.value || today)}
        />
      </div>
      {/* Each section renders nothing on a day without its records: the empty text is CSS's. */}
      <div className="stack daily-data__sections" data-empty={t('daily.empty')}>
        {/* One line while an older day's records are asked of the server, or need a signal. */}
        <ServerDayNotes>
          {DAY_SECTIONS.map(({ key, Section }) => (
            <Section key={key} farm={farm} pond={pond} day={day} userId={userId} />
          ))}
        </ServerDayNotes>
      </div>
    </Card>
  );
}

type PondTab = 'records' | 'daily' | 'charts';

/** The charts tab and visx load only when it opens (first-load JS budget). */
const PondCharts = lazyPart(() => import('#features/charts/pond-charts'));
const ForecastCard = lazyPart(() => import('#features/forecast/forecast-card'));

/**
 * The pond page is where one pond's records meet: its stocking, harvests, deaths, cycles
 * and recent water readings, and the "Daily data" of one day. It composes the features'
 * public components (the one place that does); each reads and writes the mirror on its own.
 */
function PondDetail({ farm, pond }: { farm: Farm; pond: Pond }) {
  const { t } = useTranslation(['pond', 'water', 'production', 'sampling']);
  const format = useFormat();
  const [tab, setTab] = useState<PondTab>('records');
  const farmPath = `/farm/${encodeURIComponent(farm.farm_id)}`;
  const waterLevel = pondAction(farm, pond, 'water_quality');
  const userId = useSession()?.user?.id;
  const addReading = waterLevel >= ACTION.add && (
    <Link
      to={`${farmPath}/water-quality/add`}
      search={{ pond_id: pond.pond_id }}
      className="button button--primary button--small"
    >
      <PlusIcon /> {t('addReading')}
    </Link>
  );
  return (
    <div className="stack">
      <PageHeader
        title={pond.name}
        subtitle={
          <span className="row">
            <span>{pond.block_name}</span>
            <span>·</span>
            <span>{t('area', { area: format.number(pond.area, 0) })}</span>
            {waterLevel < ACTION.add && <span className="badge">{t('viewOnly')}</span>}
          </span>
        }
        backTo={farmPath}
      />
      <div className="row">
        <Link to={`${farmPath}/overview`} className="button button--ghost button--small">
          {t('production:overview.title')}
        </Link>
        <Link to={`${farmPath}/death-alert`} className="button button--ghost button--small">
          {t('production:alert.title')}
        </Link>
      </div>
      <Tabs
        label={pond.name}
        items={[
          { key: 'records', label: t('records') },
          { key: 'daily', label: t('production:daily.title') },
          { key: 'charts', label: t('charts') },
        ]}
        value={tab}
        onChange={setTab}
      >
        {tab === 'records' ? (
          <div className="stack">
            <StockCard farm={farm} pond={pond} userId={userId} />
            <HarvestList farm={farm} pond={pond} userId={userId} />
            <DeathList farm={farm} pond={pond} userId={userId} />
            <Card
              title={t('sampling:list.title')}
              actions={
                pondAction(farm, pond, 'sampling') >= ACTION.add && (
                  <Link
                    to={`${farmPath}/sampling/add`}
                    search={{ pond_id: pond.pond_id }}
                    className="button button--secondary button--small"
                  >
                    <PlusIcon /> {t('sampling:list.add')}
                  </Link>
                )
              }
            >
              <SamplingList
                farmId={farm.farm_id}
                pond={pond}
                rightOn={(row, now) => recordRight(farm, pond, 'sampling', row, userId, now)}
              />
            </Card>
            <CyclesCard farm={farm} pond={pond} level={pondAction(farm, pond, 'cycle')} />
            <Card title={t('water:readings.title')} actions={addReading}>
              <FeatureBoundary>
                <SameSlotPanel farm={farm} ponds={[pond]} pondId={pond.pond_id} />
              </FeatureBoundary>
              <RecentReadings
                farmId={farm.farm_id}
                pond={pond}
                rightOn={(row, now) => recordRight(farm, pond, 'water_quality', row, userId, now)}
              />
            </Card>
            {waterLevel >= ACTION.view && (
              <FeatureBoundary>
                <ProbePondPanel pondId={pond.pond_id} farmDay={farmDay()} />
              </FeatureBoundary>
            )}
            <PondProducts farmId={farm.farm_id} />
          </div>
        ) : tab === 'daily' ? (
          <DailyData farm={farm} pond={pond} userId={userId} />
        ) : (
          <FeatureBoundary>
            <Suspense fallback={<Loading />}>
              <div className="stack">
                <ForecastCard
                  farmId={farm.farm_id}
                  pondId={pond.pond_id}
                  pondName={pond.name}
                  today={farmDay()}
                />
                <PondCharts
                  farm={farm}
                  pond={pond}
                  today={farmDay()}
                  parameterLabel={(key) => t(`water:fields.${key}`)}
                />
              </div>
            </Suspense>
          </FeatureBoundary>
        )}
      </Tabs>
    </div>
  );
}

function PondPage({ farm }: { farm: Farm }) {
  const { t } = useTranslation('pond');
  const { pond_id: pondId } = useParams({ strict: false }) as { pond_id?: string };
  const ponds = usePonds(farm.farm_id);
  if (!ponds.data)
    return ponds.error ? <LoadError error={ponds.error} onRetry={ponds.reload} /> : <Loading />;
  const pond = ponds.data.find((p) => p.pond_id === pondId && p.access_level >= ACTION.view);
  if (!pond) return <EmptyState title={t('notFound')} />;
  return <PondDetail farm={farm} pond={pond} />;
}

/** /farm/{farm_id}/pond/{pond_id}: stocking, harvests, deaths, cycles, readings, daily data. */
export function PondScreen() {
  return <FarmGate>{(farm) => <PondPage farm={farm} />}</FarmGate>;
}
