import {
  ACTION,
  type Action,
  canFixOwnRecord,
  DEFAULT_PERMISSIONS,
  effectivePondAction,
  type Feature,
  isPondRestricted,
  ownRecordFresh,
  type PondAccess,
  type RoleId,
} from '#shared/domain/permissions';
import { AppError } from '../errors.ts';
import type { FarmAccessRepository } from './farm-access.repository.ts';
import type { Membership } from './membership.ts';
import type { MembershipCache } from './membership-cache.ts';

/** Re-exported: services take the membership type with FarmAccess from here. */
export type { Membership };

/**
 * A role's levels on one farm: the stored rows over DEFAULT_PERMISSIONS, so a feature
 * added after the farm was created still has its default level.
 */
export function mergePermissions(
  roleId: number,
  rows: readonly { feature_name: string; action: number }[],
): Record<string, Action> {
  const permissions: Record<string, Action> = { ...(DEFAULT_PERMISSIONS[roleId as RoleId] ?? {}) };
  for (const r of rows) permissions[r.feature_name] = r.action as Action;
  return permissions;
}

/**
 * Authorization for everything farm-owned, called by services before any read or write.
 * A farm the user does not belong to answers 404 (never 403), so ids of other farms
 * reveal nothing.
 */
export class FarmAccess {
  /**
   * Memberships read in the last few seconds. Without `cache` (or an `access` channel that
   * hears every instance's changes) each request reads its membership.
   */
  constructor(
    private readonly repo: FarmAccessRepository,
    private readonly cache?: MembershipCache,
  ) {}

  /**
   * Read-only once returned: it may be shared with other requests for a few seconds
   * (`membership-cache.ts`). `readAt` is then as old as the read, which keeps it a safe
   * `server_time` (a pull from an earlier time gets some rows twice, never misses one).
   */
  async membership(userId: string, farmId: string): Promise<Membership> {
    const cached = this.cache?.get(userId, farmId);
    if (cached) return cached;
    const epoch = this.cache?.epoch;
    const m = await this.read(userId, farmId);
    this.cache?.set(m, Date.now(), epoch);
    return m;
  }

  /**
   * The caller's membership of each farm a batch touches, null where they are none: a bulk
   * write answers that farm's items "not found", as if the pond were not there.
   */
  async membershipsOf(userId: string, farmIds: Iterable<string>): Promise<Map<string, Membership | null>> {
    const memberships = new Map<string, Membership | null>();
    for (const farmId of new Set(farmIds)) {
      try {
        memberships.set(farmId, await this.membership(userId, farmId));
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'not-found') throw error;
        memberships.set(farmId, null);
      }
    }
    return memberships;
  }

  /** Called by the services that changed who may do what, after their write committed. */
  changed(): void {
    this.cache?.clear();
  }

  private async read(userId: string, farmId: string): Promise<Membership> {
    const row = await this.repo.findMembership(userId, farmId);
    if (!row) throw new AppError('not-found');
    const permissions = mergePermissions(row.role_id, row.permission_rows ?? []);
    const pondAccess = new Map<string, PondAccess>();
    if (isPondRestricted(row.role_id)) {
      for (const p of await this.repo.pondAccess(row.user_farm_id))
        pondAccess.set(p.pond_id, p.access_level as PondAccess);
    }
    return {
      farmId,
      userId,
      userFarmId: row.user_farm_id,
      roleId: row.role_id,
      status: row.status,
      isHideFinance: row.is_hide_finance,
      permissions,
      pondAccess,
      readAt: row.db_now.toISOString(),
    };
  }

  /** Membership plus at least `level` on `feature`, else 403. */
  async require(userId: string, farmId: string, feature: Feature, level: Action): Promise<Membership> {
    const m = await this.membership(userId, farmId);
    this.check(m, feature, level);
    return m;
  }

  check(m: Membership, feature: Feature, level: Action): void {
    if ((m.permissions[feature] ?? ACTION.none) < level) throw new AppError('forbidden');
  }

  /** What the member may do on one pond for a feature (role level capped by pond access). */
  pondAction(m: Membership, feature: Feature, pondId: string): Action {
    return effectivePondAction(m.permissions[feature] ?? ACTION.none, m.roleId, m.pondAccess.get(pondId));
  }

  /**
   * `pondAction` for every pond at once, for a list whose levels are filled in by SQL: the
   * ponds with an access of their own with theirs, and the level of every other pond.
   */
  pondLevels(m: Membership, feature: Feature): { ids: string[]; levels: Action[]; other: Action } {
    const ids = [...m.pondAccess.keys()];
    return {
      ids,
      levels: ids.map((id) => this.pondAction(m, feature, id)),
      other: effectivePondAction(m.permissions[feature] ?? ACTION.none, m.roleId, undefined),
    };
  }

  canSeePond(m: Membership, pondId: string): boolean {
    return !isPondRestricted(m.roleId) || m.pondAccess.has(pondId);
  }

  /**
   * Loads the pond's farm and checks `level` on `feature` for that pond. A pond of another
   * farm, or one a restricted user may not see, answers 404; seen but not enough, 403.
   */
  async requirePond(userId: string, pondId: string, feature: Feature, level: Action): Promise<Membership> {
    const pond = await this.repo.pondFarm(pondId);
    if (!pond) throw new AppError('not-found');
    const m = await this.membership(userId, pond.farm_id);
    if (!this.canSeePond(m, pondId)) throw new AppError('not-found');
    if (this.pondAction(m, feature, pondId) < level) throw new AppError('pond-access-denied');
    return m;
  }

  /**
   * Editing or deleting one pond record: edit (2) on the pond for `feature`, or the
   * own-record rule (permissions.ts `canFixOwnRecord`): the person who entered it, within
   * 24 hours by this server's clock. Past that window their own record answers 403
   * `own-record-expired`, which says why; anything else 403 `pond-access-denied`, and a
   * pond they may not see 404.
   */
  async requireRecordChange(
    userId: string,
    record: { pond_id: string; created_by: string | null; created_at: Date },
    feature: Feature,
    now = Date.now(),
  ): Promise<Membership> {
    const m = await this.requirePond(userId, record.pond_id, feature, ACTION.view);
    ownRecordRule(m, userId, record, this.pondAction(m, feature, record.pond_id), now, 'pond-access-denied');
    return m;
  }

  /**
   * The same rule for a record of the whole farm (a note without a pond): edit (2) on the
   * farm for `feature`, or the own-record rule; otherwise 403 `forbidden`.
   */
  async requireFarmRecordChange(
    userId: string,
    record: { farm_id: string; created_by: string | null; created_at: Date },
    feature: Feature,
    now = Date.now(),
  ): Promise<Membership> {
    const m = await this.require(userId, record.farm_id, feature, ACTION.view);
    ownRecordRule(m, userId, record, m.permissions[feature] ?? ACTION.none, now, 'forbidden');
    return m;
  }
}

/**
 * Edit (2) on the feature lets anyone change the record; below it, only the person who
 * entered it within 24 hours (`canFixOwnRecord`). Past that window: own-record-expired.
 */
function ownRecordRule(
  m: Membership,
  userId: string,
  record: { created_by: string | null; created_at: Date },
  featureLevel: Action,
  now: number,
  denied: 'pond-access-denied' | 'forbidden',
): void {
  if (featureLevel >= ACTION.edit) return;
  const who = { userId, ownRecords: m.permissions.own_records ?? ACTION.none, featureLevel };
  if (canFixOwnRecord(record, who, now)) return;
  if (canFixOwnRecord(record, who, record.created_at.getTime()) && !ownRecordFresh(record.created_at, now))
    throw new AppError('own-record-expired');
  throw new AppError(denied);
}
