import { featureAction } from '#components/farm-data';
import type { Farm, Pond } from '#shared/contracts/farm';
import {
  ACTION,
  type Action,
  effectivePondAction,
  type Feature,
  type PondAccess,
} from '#shared/domain/permissions';

/**
 * What the user may do on one pond for one feature, the way the server decides it
 * (farm-access.ts pondAction): the role's level on the feature, capped for roles above 2
 * by the per-pond access (view 0, insert 1, all 2).
 *
 * Why not `pond.access_level`: the pond list answers it for the `pond` feature, and a
 * technician's default there is view (0), so every pond would look closed to his
 * water and cycle entries although the server accepts them.
 */
export function pondAction(
  farm: Farm,
  pond: Pick<Pond, 'pond_id' | 'access_level'>,
  feature: Feature,
): Action {
  if (pond.access_level < ACTION.view) return ACTION.none; // not visible to this user at all
  const access = farm.access_pond.find((a) => a.pond_id === pond.pond_id)?.access_level;
  return effectivePondAction(featureAction(farm, feature), farm.role_id, access as PondAccess | undefined);
}
