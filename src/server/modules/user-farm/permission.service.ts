import type { Permission, Role, UpdatePermissionsBody } from '#shared/contracts/farm';
import { ACTION, FEATURES, type Feature, ROLE } from '#shared/domain/permissions';
import { AppError } from '../../errors.ts';
import type { FarmAccess } from '../../kernel/farm-access.ts';
import { mergePermissions } from '../../kernel/farm-access.ts';
import type { PermissionRepository } from './permission.repository.ts';

type FieldMessages = Record<string, { key: string }[]>;

/** Roles and the per-farm permission levels of each role. */
export class PermissionService {
  constructor(
    private readonly repo: PermissionRepository,
    private readonly access: FarmAccess,
  ) {}

  /** The four roles are the same for every farm. */
  async roles(): Promise<Role[]> {
    return (await this.repo.roles()).map((r) => ({ role_id: r.id, name: r.name }));
  }

  /** Any member may read a role's levels (the app hides what the caller cannot use). */
  async list(userId: string, farmId: string, roleId: number): Promise<Permission[]> {
    await this.access.membership(userId, farmId);
    return this.levels(farmId, roleId);
  }

  /**
   * Needs user_permission edit. Role 1 keeps every feature at edit: an admin who could
   * lower their own role could lock the whole farm out of its settings.
   */
  async update(userId: string, body: UpdatePermissionsBody): Promise<Permission[]> {
    await this.access.require(userId, body.farm_id, 'user_permission', ACTION.edit);
    const fields: FieldMessages = {};
    const seen = new Set<string>();
    body.permissions.forEach((p, i) => {
      if (!FEATURES.includes(p.feature_name as Feature))
        fields[`permissions.${i}.feature_name`] = [{ key: 'validation.oneOf' }];
      else if (seen.has(p.feature_name))
        fields[`permissions.${i}.feature_name`] = [{ key: 'validation.unique' }];
      seen.add(p.feature_name);
    });
    if (Object.keys(fields).length > 0) throw new AppError('validation-failed', fields);
    if (body.role_id === ROLE.admin) {
      const lowered = body.permissions.findIndex((p) => p.action < ACTION.edit);
      if (lowered >= 0) {
        throw new AppError('role-not-allowed', {
          [`permissions.${lowered}.action`]: [{ key: 'error.role-not-allowed' }],
        });
      }
    }
    await this.repo.upsert(body.farm_id, body.role_id, body.permissions);
    this.access.changed();
    return this.levels(body.farm_id, body.role_id);
  }

  private async levels(farmId: string, roleId: number): Promise<Permission[]> {
    const merged = mergePermissions(roleId, await this.repo.rows(farmId, roleId));
    return FEATURES.map((feature) => ({ feature_name: feature, action: merged[feature] ?? ACTION.none }));
  }
}
