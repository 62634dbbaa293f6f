import { FarmGate } from '#components/farm-gate';
import { lazyPart } from '#components/lazy-part';
import { type ComparisonChartProps, ComparisonView } from '#features/analysis/comparison-view';

/** The charts feature's visx time chart, loaded only when a comparison draws. */
const TimeChart = lazyPart(() => import('#features/charts/time-chart'));

function Chart(props: ComparisonChartProps) {
  return <TimeChart {...props} />;
}

/**
 * /farm/{farm_id}/comparison (seed 000 §2, issue 17 point 4): the analysis feature's
 * comparison drawn with the charts feature's time chart, composed here because features
 * do not import each other.
 */
export function ComparisonScreen() {
  return <FarmGate>{(farm) => <ComparisonView farm={farm} Chart={Chart} />}</FarmGate>;
}
