import { type Static, Type } from 'typebox';
import { POND_AREA_MAX } from '../domain/farm-limits.ts';
import { Since, Uuid } from './envelope.ts';
import { MergeFields } from './merge.ts';

export { POND_AREA_MAX };

const Name = Type.String({ minLength: 1, maxLength: 100 });
const ActionLevel = Type.Integer({ minimum: -1, maximum: 2 });
const AccessLevel = Type.Integer({ minimum: 0, maximum: 2 });
const RoleId = Type.Integer({ minimum: 1, maximum: 4 });
const Timestamp = Type.String();
const NullableTimestamp = Type.Union([Type.String(), Type.Null()]);

export const PondAccessEntry = Type.Object({ pond_id: Uuid, access_level: AccessLevel });
export type PondAccessEntry = Static<typeof PondAccessEntry>;

export const Permission = Type.Object({ feature_name: Type.String(), action: ActionLevel });
export type Permission = Static<typeof Permission>;

export const Farm = Type.Object({
  farm_id: Type.String(),
  name: Type.String(),
  role_id: Type.Integer(),
  status: Type.Integer({ description: '1 = pro, 0 = free' }),
  is_hide_finance: Type.Boolean(),
  can_edit_farm: Type.Boolean(),
  permissions: Type.Array(Permission),
  access_pond: Type.Array(PondAccessEntry),
  updated_at: Timestamp,
  ...MergeFields,
});
export type Farm = Static<typeof Farm>;

export const FarmInfo = Type.Object({
  block_count: Type.Integer(),
  cycle_count: Type.Integer(),
  pond_count: Type.Integer(),
  stock_count: Type.Integer(),
  user_count: Type.Integer(),
});
export type FarmInfo = Static<typeof FarmInfo>;

export const InternalFarm = Type.Object({
  farm_id: Type.String(),
  name: Type.String(),
  status: Type.Integer(),
  owner: Type.String(),
  pond_count: Type.Integer(),
  user_count: Type.Integer(),
  created_at: Timestamp,
});
export type InternalFarm = Static<typeof InternalFarm>;

export const AddFarmBody = Type.Object({ name: Name });
export type AddFarmBody = Static<typeof AddFarmBody>;
export const UpdateFarmBody = Type.Object({
  name: Type.Optional(Name),
  is_hide_finance: Type.Optional(Type.Boolean()),
  status: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
});
export type UpdateFarmBody = Static<typeof UpdateFarmBody>;

export const FarmQuery = Type.Object({ farm_id: Uuid, since: Since });
export type FarmQuery = Static<typeof FarmQuery>;

export const Block = Type.Object({
  block_id: Type.String(),
  farm_id: Type.String(),
  block_name: Type.String(),
  updated_at: Timestamp,
  deleted_at: NullableTimestamp,
  ...MergeFields,
});
export type Block = Static<typeof Block>;
export const AddBlockBody = Type.Object({ farm_id: Uuid, block_name: Name, block_id: Type.Optional(Uuid) });
export type AddBlockBody = Static<typeof AddBlockBody>;
/** Edits carry only the fields the user changed (ADR 0002): every field is optional. */
export const UpdateBlockBody = Type.Object({ block_name: Type.Optional(Name) });
export type UpdateBlockBody = Static<typeof UpdateBlockBody>;

export const Pond = Type.Object({
  pond_id: Type.String(),
  farm_id: Type.String(),
  block_id: Type.String(),
  block_name: Type.String(),
  name: Type.String(),
  area: Type.Number({ description: 'm²' }),
  status: Type.Integer(),
  /** What the caller may do on this pond: -1 none … 2 all (role and pond access combined). */
  access_level: ActionLevel,
  updated_at: Timestamp,
  deleted_at: NullableTimestamp,
  ...MergeFields,
});
export type Pond = Static<typeof Pond>;
export const AddPondBody = Type.Object({
  farm_id: Uuid,
  block_id: Uuid,
  name: Name,
  area: Type.Number({ minimum: 0, maximum: POND_AREA_MAX }),
  pond_id: Type.Optional(Uuid),
});
export type AddPondBody = Static<typeof AddPondBody>;
export const UpdatePondBody = Type.Object({
  block_id: Type.Optional(Uuid),
  name: Type.Optional(Name),
  area: Type.Optional(Type.Number({ minimum: 0, maximum: POND_AREA_MAX })),
  status: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
});
export type UpdatePondBody = Static<typeof UpdatePondBody>;

export const Role = Type.Object({ role_id: Type.Integer(), name: Type.String() });
export type Role = Static<typeof Role>;

export const PermissionQuery = Type.Object({ farm_id: Uuid, role_id: RoleId });
export type PermissionQuery = Static<typeof PermissionQuery>;
export const UpdatePermissionsBody = Type.Object({
  farm_id: Uuid,
  role_id: RoleId,
  permissions: Type.Array(
    Type.Object({ feature_name: Type.String({ maxLength: 50 }), action: ActionLevel }),
    {
      minItems: 1,
      maxItems: 50,
    },
  ),
});
export type UpdatePermissionsBody = Static<typeof UpdatePermissionsBody>;

export const UserFarm = Type.Object({
  user_farm_id: Type.String(),
  user_id: Type.String(),
  username: Type.String(),
  email: Type.Union([Type.String(), Type.Null()]),
  phone: Type.Union([Type.String(), Type.Null()]),
  role_id: Type.Integer(),
  ponds: Type.Array(PondAccessEntry),
});
export type UserFarm = Static<typeof UserFarm>;

export const AddUserFarmBody = Type.Object({
  farm_id: Uuid,
  email: Type.Optional(Type.String({ format: 'email', maxLength: 200 })),
  phone: Type.Optional(Type.String({ pattern: '^\\+?[0-9][0-9 -]{6,18}$' })),
  username: Type.Optional(Type.String({ maxLength: 100 })),
  role_id: RoleId,
  ponds: Type.Array(PondAccessEntry, { maxItems: 1000 }),
});
export type AddUserFarmBody = Static<typeof AddUserFarmBody>;
export const UpdateUserFarmBody = Type.Object({
  role_id: RoleId,
  ponds: Type.Array(PondAccessEntry, { maxItems: 1000 }),
});
export type UpdateUserFarmBody = Static<typeof UpdateUserFarmBody>;
