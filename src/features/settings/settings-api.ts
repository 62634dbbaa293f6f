import { farmKeys } from '#components/farm-data';
import { refetch, useFetched } from '#components/use-fetched.ts';
import { api, networkError } from '#local/api-client';
import { getDb } from '#local/db';
import { createRepository } from '#local/repository';
import { BLOCKS, PONDS } from '#local/resources';
import { syncControl } from '#local/sync/status';
import type {
  AddUserFarmBody,
  Block,
  Farm,
  Permission,
  Pond,
  PondAccessEntry,
  Role,
  UpdateFarmBody,
  UserFarm,
} from '#shared/contracts/farm';

/**
 * The settings calls. Blocks and ponds are written on the device through the
 * repositories (saved at once, offline too, sent by the sync engine like every record;
 * a new block or pond gets a UUIDv7 made on the device, which POST /block and /pond
 * accept, so a replay stores one copy). Lists read the mirror, so they update by
 * themselves.
 *
 * Online only, with a "needs connection" answer when offline: the farm itself (create,
 * rename, delete, leave), members and permissions. POST /farm/add takes no device id, so
 * a replayed create could make two farms; membership and permission changes are
 * authority decisions others depend on at once (a keeper locked out of a pond must be
 * locked out now, not when the manager's phone finds signal) and may be refused (last
 * admin), which the person deciding has to see while deciding.
 */
const keys = {
  users: (farmId: string) => `users:${farmId}`,
  roles: 'roles',
  permissions: (farmId: string, roleId: number) => `permissions:${farmId}:${roleId}`,
};

export const useFarmUsers = (farmId: string, enabled = true) =>
  useFetched(enabled ? keys.users(farmId) : null, () =>
    api.get<UserFarm[]>('/userFarm', { farm_id: farmId }),
  );
export const useRoles = () => useFetched(keys.roles, () => api.get<Role[]>('/role'));
export const useRolePermissions = (farmId: string, roleId: number) =>
  useFetched(keys.permissions(farmId, roleId), () =>
    api.get<Permission[]>('/permission', { farm_id: farmId, role_id: roleId }),
  );

const blocks = () => createRepository<Block>(BLOCKS);
const ponds = () => createRepository<Pond>(PONDS);

/** Online-only calls fail at once with the offline message instead of hanging on no signal. */
function requireOnline(): void {
  if (globalThis.navigator?.onLine !== false) return;
  throw networkError();
}

/** After an online change to farms or permissions: refresh the farm list in the mirror. */
const farmsChanged = () => void syncControl().then((control) => control.syncNow());

export interface PondInput {
  block_id: string;
  block_name: string;
  name: string;
  area: number;
}

export const settingsApi = {
  updateFarm: async (farmId: string, body: UpdateFarmBody) => {
    requireOnline();
    const result = await api.put<Farm>(`/farm/${farmId}/update`, body);
    await getDb().farms.put({ ...result.data, _status: 'synced' });
    farmsChanged();
    return result;
  },
  /** The farm leaves the mirror at once, so /farm opens another farm (or registration). */
  deleteFarm: async (farmId: string) => {
    requireOnline();
    const result = await api.del(`/farm/${farmId}/delete`);
    await forgetFarm(farmId);
    return result;
  },
  leaveFarm: async (farmId: string) => {
    requireOnline();
    const result = await api.post<null>(`/farm/${farmId}/leave`);
    await forgetFarm(farmId);
    return result;
  },

  addBlock: (farmId: string, blockName: string) =>
    blocks().create([
      { farm_id: farmId, block_name: blockName, updated_at: new Date().toISOString(), deleted_at: null },
    ]),
  renameBlock: (blockId: string, blockName: string) => blocks().update(blockId, { block_name: blockName }),
  deleteBlock: (blockId: string) => blocks().remove(blockId),

  /** A restricted creator gets full access to the pond they add (server rule), so 2 until synced. */
  addPond: (farmId: string, input: PondInput) =>
    ponds().create([
      {
        farm_id: farmId,
        ...input,
        status: 1,
        access_level: 2,
        updated_at: new Date().toISOString(),
        deleted_at: null,
      },
    ]),
  updatePond: (pondId: string, input: PondInput) => ponds().update(pondId, input),
  deletePond: (pondId: string) => ponds().remove(pondId),

  addUser: async (body: AddUserFarmBody) => {
    requireOnline();
    const result = await api.post<UserFarm>('/userFarm', body);
    await Promise.all([refetch(keys.users(body.farm_id)), refetch(farmKeys.info(body.farm_id))]);
    return result;
  },
  updateUser: async (farmId: string, userFarmId: string, roleId: number, access: PondAccessEntry[]) => {
    requireOnline();
    const result = await api.put<UserFarm>(`/userFarm/${userFarmId}/update`, {
      role_id: roleId,
      ponds: access,
    });
    await refetch(keys.users(farmId));
    return result;
  },
  removeUser: async (farmId: string, userFarmId: string) => {
    requireOnline();
    const result = await api.del(`/userFarm/${userFarmId}/delete`);
    await Promise.all([refetch(keys.users(farmId)), refetch(farmKeys.info(farmId))]);
    return result;
  },

  savePermissions: async (farmId: string, roleId: number, permissions: Permission[]) => {
    requireOnline();
    const result = await api.put<Permission[]>('/permission', {
      farm_id: farmId,
      role_id: roleId,
      permissions,
    });
    await refetch(keys.permissions(farmId, roleId));
    farmsChanged();
    return result;
  },
};

/** Drops a farm the user no longer belongs to from the mirror (synced rows only). */
async function forgetFarm(farmId: string): Promise<void> {
  const db = getDb();
  await db.transaction('rw', db.farms, db.blocks, db.ponds, async () => {
    await db.farms.delete(farmId);
    for (const table of [db.blocks, db.ponds])
      await table
        .where('farm_id')
        .equals(farmId)
        .filter((row) => row._status === 'synced')
        .delete();
  });
  farmsChanged();
}
