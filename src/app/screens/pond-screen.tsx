import { Link, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { usePonds } from '#components/farm-data';
import { FarmGate } from '#components/farm-gate';
import { useFormat } from '#components/format';
import { PlusIcon } from '#components/icons';
import { Card, EmptyState, LoadError, Loading, PageHeader } from '#components/page';
import { pondAction, recordRight } from '#components/pond-access.ts';
import { useSession } from '#components/session';
import { CyclesCard } from '#features/cycle/cycles-card';
import { SamplingList } from '#features/sampling/sampling-list';
import { RecentReadings } from '#features/water/recent-readings';
import type { Farm, Pond } from '#shared/contracts/farm';
import { ACTION } from '#shared/domain/permissions';

/**
 * The pond page is where one pond's records meet: its cycles and its recent water
 * readings. It composes the cycle and water features' public components (the one place
 * that does); each of them reads and writes the Dexie mirror on its own.
 */
function PondDetail({ farm, pond }: { farm: Farm; pond: Pond }) {
  const { t } = useTranslation(['pond', 'water', 'sampling']);
  const format = useFormat();
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
      <CyclesCard farm={farm} pond={pond} level={pondAction(farm, pond, 'cycle')} />
      <Card title={t('water:readings.title')} actions={addReading}>
        <RecentReadings
          farmId={farm.farm_id}
          pond={pond}
          rightOn={(row, now) => recordRight(farm, pond, 'water_quality', row, userId, now)}
        />
      </Card>
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

/** /farm/{farm_id}/pond/{pond_id}: name, block, area, cycles and the last 30 days of readings. */
export function PondScreen() {
  return <FarmGate>{(farm) => <PondPage farm={farm} />}</FarmGate>;
}
