import { storageProblem } from '#local/storage-keep';
import type { Farm } from '#shared/contracts/farm';

/**
 * The farm loading rule of seed 000 §4: fetch the farms; none, or a failed fetch, sends
 * the user to /farm-registration; otherwise the farm of the route, else the first one.
 * One deliberate difference: a *network* failure keeps the user where they are with a
 * retry, because a pond keeper without signal must not land on "register a farm"; nor
 * does a phone whose own storage will not open (the farm list is read from it): it says
 * so, with what to do (`storage`).
 */
export type FarmLoad =
  | { kind: 'loading' }
  | { kind: 'offline' }
  | { kind: 'storage' }
  | { kind: 'redirect'; to: string }
  | { kind: 'ready'; farm: Farm };

export function decideFarmLoad(
  farms: Farm[] | undefined,
  error: unknown,
  routeFarmId: string | undefined,
  rememberedFarmId: string | undefined,
): FarmLoad {
  if (!farms) {
    if (error === undefined || error === null) return { kind: 'loading' };
    if ((error as { code?: string }).code === 'network') return { kind: 'offline' };
    if (storageProblem(error)) return { kind: 'storage' };
    return { kind: 'redirect', to: '/farm-registration' };
  }
  if (farms.length === 0) return { kind: 'redirect', to: '/farm-registration' };
  const fromRoute = routeFarmId ? farms.find((f) => f.farm_id === routeFarmId) : undefined;
  if (fromRoute) return { kind: 'ready', farm: fromRoute };
  const fallback = farms.find((f) => f.farm_id === rememberedFarmId) ?? farms[0];
  return { kind: 'redirect', to: `/farm/${encodeURIComponent(fallback.farm_id)}` };
}
