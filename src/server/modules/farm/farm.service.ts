import { v7 as uuidv7 } from 'uuid';
import type { AddFarmBody, Farm, FarmInfo, InternalFarm, UpdateFarmBody } from '#shared/contracts/farm';
import { sortByName } from '#shared/domain/natural-sort';
import {
  ACTION,
  canEditFarm,
  DEFAULT_PERMISSIONS,
  FEATURES,
  isPondRestricted,
  ROLE,
  ROLE_IDS,
} from '#shared/domain/permissions';
import { AppError } from '../../errors.ts';
import { requiredText } from '../../kernel/clean-text.ts';
import type { FarmAccess } from '../../kernel/farm-access.ts';
import { mergePermissions } from '../../kernel/farm-access.ts';
import { type Headers, mergeFieldsOf, type RecordMerge } from '../../sync/record-merge.ts';
import type { MembershipRepository } from '../user-farm/public.ts';
import type { FarmRepository, MemberFarmRow } from './farm.repository.ts';

export interface FarmDeps {
  farms: FarmRepository;
  memberships: MembershipRepository;
  access: FarmAccess;
  admins: SystemAdmins;
  merge: RecordMerge;
}

/** Who is a system administrator, read when it matters (UserRepository fits). */
export interface SystemAdmins {
  isSystemAdmin(userId: string): Promise<boolean>;
}

/** Farms: the caller's list, the info card, create, update, delete and leave. */
export class FarmService {
  constructor(private readonly d: FarmDeps) {}
  /** Farm chat group sync, set by createContext; called after commit, never throws. */
  chatSync: (farmId: string) => Promise<void> = async () => {};

  /**
   * The caller's farms with their role, permission levels and pond access, sorted by
   * name with numeric ordering. `access_pond` is filled only for roles above 2: roles 1
   * and 2 see every pond, and each pond of GET /pond carries the caller's level anyway.
   */
  async list(userId: string, farmId?: string): Promise<Farm[]> {
    return (await this.listWithTime(userId, farmId)).items;
  }

  /** The list and the database's clock at its read (GET /farm's `server_time`), one round trip. */
  async listWithTime(
    userId: string,
    farmId?: string,
  ): Promise<{ items: Farm[]; server_time: string | null }> {
    const rows = await this.d.farms.memberFarmsWithAccess(userId, farmId);
    const farms = rows.map((row) =>
      toFarm(row, row.permission_rows ?? [], isPondRestricted(row.role_id) ? (row.access_rows ?? []) : []),
    );
    return {
      items: sortByName(farms, (f) => f.name),
      server_time: rows[0]?.db_now.toISOString() ?? null,
    };
  }

  /** Every farm, for system administrators only. */
  async listInternal(userId: string): Promise<InternalFarm[]> {
    if (!(await this.d.admins.isSystemAdmin(userId))) throw new AppError('forbidden');
    const rows = await this.d.farms.allFarms();
    const farms = rows.map((r) => ({
      farm_id: r.id,
      name: r.name,
      status: r.status,
      owner: r.owner,
      pond_count: r.pond_count ?? 0,
      user_count: r.user_count ?? 0,
      created_at: r.created_at.toISOString(),
    }));
    return sortByName(farms, (f) => f.name);
  }

  /** Counts for the farm card (cycles and stockings: running ones); a restricted member counts only the ponds they see. */
  async info(userId: string, farmId: string): Promise<FarmInfo> {
    const m = await this.d.access.membership(userId, farmId);
    const visible = isPondRestricted(m.roleId) ? [...m.pondAccess.keys()] : undefined;
    const [block_count, pond_count, user_count, cycle_count, stock_count] = await Promise.all([
      this.d.farms.countBlocks(farmId),
      this.d.farms.countPonds(farmId, visible),
      this.d.farms.countMembers(farmId),
      this.d.farms.countActiveCycles(farmId, visible),
      this.d.farms.countActiveStocks(farmId, visible),
    ]);
    return { block_count, cycle_count, pond_count, stock_count, user_count };
  }

  /**
   * Must be atomic: a farm without its admin membership or its permission rows would be
   * unreachable or fall back to defaults nobody chose.
   */
  async add(userId: string, body: AddFarmBody): Promise<Farm> {
    const farmId = uuidv7();
    const name = requiredText('name', body.name);
    await this.d.farms.transaction(async (tx) => {
      await this.d.farms.insertFarm({ id: farmId, name, created_by: userId }, tx);
      await this.d.memberships.insert(
        { id: uuidv7(), farm_id: farmId, user_id: userId, role_id: ROLE.admin },
        tx,
      );
      const rows = ROLE_IDS.flatMap((roleId) =>
        FEATURES.map((feature) => ({
          farm_id: farmId,
          role_id: roleId,
          feature_name: feature,
          action: DEFAULT_PERMISSIONS[roleId][feature],
        })),
      );
      await this.d.farms.insertPermissions(rows, tx);
    });
    await this.chatSync(farmId);
    return this.one(userId, farmId);
  }

  /** Roles 1 and 2 edit the farm; the finance switch and the pro flag are the admin's alone. */
  async update(userId: string, farmId: string, body: UpdateFarmBody, headers: Headers = {}): Promise<Farm> {
    const m = await this.d.access.membership(userId, farmId);
    if (!canEditFarm(m.roleId)) throw new AppError('forbidden');
    const changesAdminFields =
      (body.is_hide_finance !== undefined && body.is_hide_finance !== m.isHideFinance) ||
      (body.status !== undefined && body.status !== m.status);
    // A manager's form may send the current values back unchanged; only a change is refused.
    if (changesAdminFields && m.roleId !== ROLE.admin) throw new AppError('forbidden');
    // Merged per field with other devices' edits (ADR 0002).
    await this.d.merge.update({
      table: 'farms',
      id: farmId,
      userId,
      headers,
      patch: {
        ...(body.name !== undefined ? { name: requiredText('name', body.name) } : {}),
        ...(m.roleId === ROLE.admin && body.is_hide_finance !== undefined
          ? { is_hide_finance: body.is_hide_finance }
          : {}),
        ...(m.roleId === ROLE.admin && body.status !== undefined ? { status: body.status } : {}),
      },
      load: async (tx) => {
        const [row] = await this.d.farms.memberFarms(userId, farmId, tx);
        return row ? { name: row.name, status: row.status, is_hide_finance: row.is_hide_finance } : {};
      },
      write: (tx, changes) => this.d.farms.updateFarm(farmId, changes, tx),
    });
    this.d.access.changed();
    return this.one(userId, farmId);
  }

  /** Soft delete by an admin: members lose it from their list, devices learn through GET /farm. */
  async remove(userId: string, farmId: string): Promise<void> {
    const m = await this.d.access.membership(userId, farmId);
    if (m.roleId !== ROLE.admin) throw new AppError('forbidden');
    await this.d.farms.softDeleteFarm(farmId);
    this.d.access.changed();
    await this.chatSync(farmId);
  }

  /** The last admin cannot leave: the farm would have nobody to manage it. */
  async leave(userId: string, farmId: string): Promise<void> {
    const m = await this.d.access.membership(userId, farmId);
    await this.d.memberships.transaction(async (tx) => {
      await this.d.memberships.lockFarm(farmId, tx);
      // Re-read under the lock: the role may have changed since the membership check.
      const row = await this.d.memberships.findLive(m.userFarmId, tx);
      if (!row) throw new AppError('not-found');
      if (row.role_id === ROLE.admin && (await this.d.memberships.countAdmins(farmId, tx)) <= 1) {
        throw new AppError('last-admin');
      }
      await this.d.memberships.softDelete(m.userFarmId, tx);
    });
    this.d.access.changed();
    await this.chatSync(farmId);
  }

  private async one(userId: string, farmId: string): Promise<Farm> {
    const [farm] = await this.list(userId, farmId);
    if (!farm) throw new AppError('not-found');
    return farm;
  }
}

function toFarm(
  row: MemberFarmRow,
  permissionRows: { feature_name: string; action: number }[],
  accessRows: { pond_id: string; access_level: number }[],
): Farm {
  const levels = mergePermissions(row.role_id, permissionRows);
  return {
    farm_id: row.id,
    name: row.name,
    role_id: row.role_id,
    status: row.status,
    is_hide_finance: row.is_hide_finance,
    can_edit_farm: canEditFarm(row.role_id),
    permissions: FEATURES.map((feature) => ({
      feature_name: feature,
      action: levels[feature] ?? ACTION.none,
    })),
    access_pond: accessRows.map((a) => ({ pond_id: a.pond_id, access_level: a.access_level })),
    updated_at: row.updated_at.toISOString(),
    ...mergeFieldsOf(row),
  };
}
