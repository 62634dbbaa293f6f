import type { Action, PondAccess } from '#shared/domain/permissions';

/**
 * One user's membership of one farm, as FarmAccess reads it and MembershipCache keeps it.
 * A leaf of its own so the access check and its cache do not import each other.
 */
export interface Membership {
  farmId: string;
  userId: string;
  userFarmId: string;
  roleId: number;
  status: number;
  isHideFinance: boolean;
  permissions: Readonly<Record<string, Action>>;
  /** Per-pond access; only consulted for role ids above 2. */
  pondAccess: ReadonlyMap<string, PondAccess>;
  /**
   * The database clock when the membership was read (ISO). Every farm-scoped read comes
   * after it, so it is a valid `server_time` for a pull answer without another round trip.
   */
  readAt: string;
}
