import { ACTION, type Action } from '#shared/domain/permissions';
import { AppError } from '../errors.ts';
import type { FarmAccess, Membership } from './farm-access.ts';

/**
 * Finance is invisible, not forbidden (issue 16): on a farm with `is_hide_finance` set,
 * and for a member without the `finance` permission, every finance route answers 404 as
 * for an unknown farm. A member who may view but not add or edit gets 403.
 */
export async function requireFinance(
  access: FarmAccess,
  userId: string,
  farmId: string,
  level: Action,
): Promise<Membership> {
  const m = await access.membership(userId, farmId);
  if (m.isHideFinance || (m.permissions.finance ?? ACTION.none) < ACTION.view)
    throw new AppError('not-found');
  access.check(m, 'finance', level);
  return m;
}
