import { farmKeys } from '#components/farm-data';
import { invalidate, useResource } from '#components/use-resource';
import { api } from '#local/api-client';
import type {
  AddPondBody,
  AddUserFarmBody,
  Farm,
  Permission,
  PondAccessEntry,
  Role,
  UpdateFarmBody,
  UpdatePondBody,
  UserFarm,
} from '#shared/contracts/farm';

/**
 * The settings calls. Each change reloads what it touched (farm list, blocks, ponds,
 * info counts) so the farm home and the navbar show it at once.
 */
const keys = {
  users: (farmId: string) => `users:${farmId}`,
  roles: 'roles',
  permissions: (farmId: string, roleId: number) => `permissions:${farmId}:${roleId}`,
};

export const useFarmUsers = (farmId: string, enabled = true) =>
  useResource(enabled ? keys.users(farmId) : null, () =>
    api.get<UserFarm[]>('/userFarm', { farm_id: farmId }),
  );
export const useRoles = () => useResource(keys.roles, () => api.get<Role[]>('/role'));
export const useRolePermissions = (farmId: string, roleId: number) =>
  useResource(keys.permissions(farmId, roleId), () =>
    api.get<Permission[]>('/permission', { farm_id: farmId, role_id: roleId }),
  );

const structureChanged = (farmId: string) =>
  Promise.all([
    invalidate(farmKeys.blocks(farmId)),
    invalidate(farmKeys.ponds(farmId)),
    invalidate(farmKeys.info(farmId)),
  ]);

export const settingsApi = {
  updateFarm: async (farmId: string, body: UpdateFarmBody) => {
    const result = await api.put<Farm>(`/farm/${farmId}/update`, body);
    await invalidate(farmKeys.farms);
    return result;
  },
  /** The farm list is reloaded by the caller after it has left the farm's pages. */
  deleteFarm: (farmId: string) => api.del(`/farm/${farmId}/delete`),
  leaveFarm: (farmId: string) => api.post<null>(`/farm/${farmId}/leave`),

  addBlock: async (farmId: string, blockName: string) => {
    const result = await api.post('/block', { farm_id: farmId, block_name: blockName });
    await structureChanged(farmId);
    return result;
  },
  renameBlock: async (farmId: string, blockId: string, blockName: string) => {
    const result = await api.put(`/block/${blockId}/update`, { block_name: blockName });
    await structureChanged(farmId);
    return result;
  },
  deleteBlock: async (farmId: string, blockId: string) => {
    const result = await api.del(`/block/${blockId}/delete`);
    await structureChanged(farmId);
    return result;
  },

  addPond: async (body: AddPondBody) => {
    const result = await api.post('/pond', body);
    await structureChanged(body.farm_id);
    return result;
  },
  updatePond: async (farmId: string, pondId: string, body: UpdatePondBody) => {
    const result = await api.put(`/pond/${pondId}/update`, body);
    await structureChanged(farmId);
    return result;
  },
  deletePond: async (farmId: string, pondId: string) => {
    const result = await api.del(`/pond/${pondId}/delete`);
    await structureChanged(farmId);
    return result;
  },

  addUser: async (body: AddUserFarmBody) => {
    const result = await api.post<UserFarm>('/userFarm', body);
    await Promise.all([invalidate(keys.users(body.farm_id)), invalidate(farmKeys.info(body.farm_id))]);
    return result;
  },
  updateUser: async (farmId: string, userFarmId: string, roleId: number, ponds: PondAccessEntry[]) => {
    const result = await api.put<UserFarm>(`/userFarm/${userFarmId}/update`, { role_id: roleId, ponds });
    await invalidate(keys.users(farmId));
    return result;
  },
  removeUser: async (farmId: string, userFarmId: string) => {
    const result = await api.del(`/userFarm/${userFarmId}/delete`);
    await Promise.all([invalidate(keys.users(farmId)), invalidate(farmKeys.info(farmId))]);
    return result;
  },

  savePermissions: async (farmId: string, roleId: number, permissions: Permission[]) => {
    const result = await api.put<Permission[]>('/permission', {
      farm_id: farmId,
      role_id: roleId,
      permissions,
    });
    await Promise.all([invalidate(keys.permissions(farmId, roleId)), invalidate(farmKeys.farms)]);
    return result;
  },
};
