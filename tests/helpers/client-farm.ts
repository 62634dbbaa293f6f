import type { Farm } from '../../src/shared/contracts/farm.ts';

/** A farm as the client's local copy holds it: the owner's (role 1) unless told. */
export const clientFarm = (farm_id: string, name: string, role_id = 1): Farm => ({
  farm_id,
  name,
  role_id,
  status: 0,
  is_hide_finance: false,
  can_edit_farm: true,
  permissions: [],
  access_pond: [],
  updated_at: '',
});
