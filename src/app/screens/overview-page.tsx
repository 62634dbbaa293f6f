import { type ReactNode, Suspense } from 'react';
import { FeatureBoundary } from '#components/feature-boundary';
import { lazyPart } from '#components/lazy-part';
import { Loading } from '#components/page';
import { OverviewEmbedScreen, OverviewScreen } from '#features/production/overview-screen';
import { farmDay } from '#features/production/production-cards';

/** The forecast's chart loads after the table (visx), as on the pond page. */
const OverviewForecast = lazyPart(() => import('#features/forecast/overview-forecast'));
const OverviewForecastEmbed = lazyPart(() => import('#features/forecast/overview-forecast-embed'));

/** A part below the overview: its own error boundary, loading after the table. */
const below = (part: ReactNode) => (
  <FeatureBoundary>
    <Suspense fallback={<Loading />}>{part}</Suspense>
  </FeatureBoundary>
);

/**
 * /farm/{farm_id}/overview: the production feature's cycle overview with the forecast
 * feature's projection below it (issue 26 point 3), both from the mirror (offline).
 */
export function OverviewPage() {
  return (
    <OverviewScreen after={(farm) => below(<OverviewForecast farmId={farm.farm_id} today={farmDay()} />)} />
  );
}

/**
 * /farm/{farm_id}/overview/embed: the overview embed with the same projection below it, read
 * from the server (an embed link reads online only; ADR 0070, 0078).
 */
export function OverviewEmbedPage() {
  return <OverviewEmbedScreen after={(farm) => below(<OverviewForecastEmbed farmId={farm.farm_id} />)} />;
}
