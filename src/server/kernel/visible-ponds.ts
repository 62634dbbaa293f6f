import { ACTION, type Feature, isPondRestricted } from '#shared/domain/permissions';
import type { FarmAccess, Membership } from './farm-access.ts';

/**
 * The ponds a farm-wide list may show for `feature`: null means every pond (roles 1–2);
 * for restricted roles, only the ponds of their pond access with at least view.
 */
export function visiblePondIds(access: FarmAccess, m: Membership, feature: Feature): string[] | null {
  if (!isPondRestricted(m.roleId)) return null;
  return [...m.pondAccess.keys()].filter((pondId) => access.pondAction(m, feature, pondId) >= ACTION.view);
}
