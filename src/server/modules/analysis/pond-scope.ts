import { compareNames } from '#shared/domain/natural-sort';
import { ACTION, type Feature } from '#shared/domain/permissions';
import { AppError } from '../../errors.ts';
import type { FarmAccess } from '../../kernel/farm-access.ts';
import { visiblePondIds } from '../../kernel/visible-ponds.ts';
import type { ChartPond, ChartsRepository } from '../charts/public.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface PondScope {
  farmId: string;
  ponds: ChartPond[];
  /** The database clock when the membership was read (the answer's `server_time`). */
  serverTime: string;
}

export const invalid = (
  field: string,
  key: string,
  params?: Record<string, string | number>,
  code = 'validation-failed',
) => new AppError(code as 'validation-failed', { [field]: [{ key, params }] });

const unknownPond = () => new AppError('not-found', { ponds: [{ key: 'chart.pond-unknown' }] });

/** A comma list of pond ids, trimmed, without repeats; null when empty. */
export function parsePondIds(raw: string | undefined, max: number, field = 'ponds'): string[] | null {
  if (raw === undefined) return null;
  const ids = [...new Set(raw.split(',').map((s) => s.trim().toLowerCase()))].filter((s) => s !== '');
  if (ids.length === 0) return null;
  if (ids.length > max) {
    throw invalid(field, 'chart.too-many-ponds', { count: ids.length, max }, 'chart-too-many-ponds');
  }
  if (ids.some((id) => !UUID.test(id))) throw unknownPond();
  return ids;
}

/**
 * The ponds of one farm call (analysis, comparison): membership and the feature's view
 * level first, then each pond asked must be of that farm and seen by the caller (one that
 * is not refuses the whole call as unknown: 404, never a partial answer). Without a list,
 * every pond the caller may see, by name.
 */
export async function resolvePonds(
  deps: { charts: ChartsRepository; access: FarmAccess },
  userId: string,
  farmId: string,
  requested: string[] | null,
  feature: Feature,
  max: number,
): Promise<PondScope> {
  const m = await deps.access.require(userId, farmId, feature, ACTION.view);
  if (requested) {
    const ponds = await deps.charts.ponds(requested);
    const allowed = (p: ChartPond) =>
      p.farm_id === farmId &&
      deps.access.canSeePond(m, p.id) &&
      deps.access.pondAction(m, feature, p.id) >= ACTION.view;
    if (ponds.length !== requested.length || !ponds.every(allowed)) throw unknownPond();
    const order = new Map(requested.map((id, i) => [id, i]));
    ponds.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
    return { farmId, ponds, serverTime: m.readAt };
  }
  const visible = visiblePondIds(deps.access, m, feature);
  const ponds = (await deps.charts.farmPonds(farmId))
    .filter((p) => visible === null || visible.includes(p.id))
    .sort((a, b) => compareNames(a.name, b.name));
  if (ponds.length > max) {
    throw invalid('farm_id', 'chart.too-many-ponds', { count: ponds.length, max }, 'chart-too-many-ponds');
  }
  return { farmId, ponds, serverTime: m.readAt };
}
