import { ServerClock } from '../kernel/pull-window.ts';
import type { Messenger } from '../messaging/messenger.ts';
import type { UserRepository } from '../modules/account/user.repository.ts';
import { BlockRepository } from '../modules/block/block.repository.ts';
import { BlockService } from '../modules/block/block.service.ts';
import { FarmRepository } from '../modules/farm/farm.repository.ts';
import { FarmService } from '../modules/farm/farm.service.ts';
import { PondRepository } from '../modules/pond/pond.repository.ts';
import { PondService } from '../modules/pond/pond.service.ts';
import { MembershipRepository } from '../modules/user-farm/membership.repository.ts';
import { PermissionRepository } from '../modules/user-farm/permission.repository.ts';
import { PermissionService } from '../modules/user-farm/permission.service.ts';
import { UserFarmService } from '../modules/user-farm/user-farm.service.ts';
import { RecordMerge } from '../sync/record-merge.ts';
import type { WiringDeps } from './wiring-deps.ts';

export interface FarmModulesDeps extends WiringDeps {
  users: UserRepository;
  messenger: Messenger;
  log: (line: string) => void;
  /** Invitation links: signed with the link secret, pointing at the public URL. */
  invitations: { linkSecret: string; publicUrl: string };
}

/** The services of the farm, block, pond and user-farm modules, spread into AppContext. */
export function createFarmModules(d: FarmModulesDeps) {
  const { db, farmAccess } = d;
  const memberships = new MembershipRepository(db);
  const merge = new RecordMerge(db);
  return {
    serverClock: new ServerClock(db),
    farms: new FarmService({
      farms: new FarmRepository(db),
      memberships,
      access: farmAccess,
      admins: d.users,
      merge,
    }),
    blocks: new BlockService(new BlockRepository(db), farmAccess, merge),
    ponds: new PondService({ ponds: new PondRepository(db), memberships, access: farmAccess, merge }),
    permissions: new PermissionService(new PermissionRepository(db), farmAccess),
    userFarms: new UserFarmService({
      memberships,
      users: d.users,
      access: farmAccess,
      messenger: d.messenger,
      alerts: d.alerts,
      log: d.log,
      ...d.invitations,
    }),
  };
}
