import { Suspense } from 'react';
import { FeatureBoundary } from '#components/feature-boundary';
import { lazyPart } from '#components/lazy-part';
import { Loading } from '#components/page';
import { OverviewScreen } from '#features/production/overview-screen';
import { farmDay } from '#features/production/production-cards';

/** The forecast's chart loads after the table (visx), as on the pond page. */
const OverviewForecast = lazyPart(() => import('#features/forecast/overview-forecast'));

/**
 * /farm/{farm_id}/overview: the production feature's cycle overview with the forecast
 * feature's projection below it (issue 26 point 3), both from the mirror (offline).
 */
export function OverviewPage() {
  return (
    <OverviewScreen
      after={(farm) => (
        <FeatureBoundary>
          <Suspense fallback={<Loading />}>
            <OverviewForecast farmId={farm.farm_id} today={farmDay()} />
          </Suspense>
        </FeatureBoundary>
      )}
    />
  );
}
