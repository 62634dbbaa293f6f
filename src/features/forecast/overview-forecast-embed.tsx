import './register-locales.ts';
import { LoadError, Loading } from '#components/page';
import { useOnlineRead } from '#components/use-online-read.ts';
import type { PondForecast } from '#shared/contracts/forecast';
import { OverviewForecastCard, type OverviewForecastRow } from './overview-forecast.tsx';

/** The server's forecast of the farm's running ponds (GET /api/forecast's data) as the card's rows. */
export function rowsFromServer(ponds: readonly PondForecast[]): OverviewForecastRow[] {
  return ponds.map((p) => ({
    pondId: p.pond_id,
    name: p.pond_name,
    forecast: { basis: p.basis, curve: p.curve, targets: p.targets },
    points: p.points,
    priceSource: p.price_source,
  }));
}

/**
 * The overview embed's projection (ADR 0078): an embed link reads online only (ADR 0018,
 * 0062), so the forecast comes from GET /api/forecast, computed by the same shared module
 * as the device's; no link out of the page.
 */
export default function OverviewForecastEmbed({ farmId }: { farmId: string }) {
  const read = useOnlineRead<PondForecast>('/forecast', { farm_id: farmId });
  if (read.error) return <LoadError error={read.error} onRetry={read.reload} />;
  if (!read.data) return <Loading />;
  return <OverviewForecastCard farmId={farmId} rows={rowsFromServer(read.data)} embedded />;
}
