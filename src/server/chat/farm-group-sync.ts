import type { GroupScope } from '#shared/chat/entities';
import { ROLE } from '#shared/domain/permissions';
import { AppError } from '../errors.ts';
import type { SystemAdmins } from '../modules/farm/public.ts';
import type { ChatUserRepository } from './chat-user.repository.ts';
import type { ChatEvents } from './events.ts';
import type { GroupRepository } from './group.repository.ts';
import { FARM_GROUP_PREFIX, type GroupChange, type GroupService } from './group.service.ts';
import type { HostedChatRest } from './hosted-chat-rest.ts';

export interface FarmGroupSyncDeps {
  groups: GroupRepository;
  users: ChatUserRepository;
  groupService: GroupService;
  events: ChatEvents;
  admins: SystemAdmins;
  /** CHAT_SYNC_EXCLUDE_USER_IDS: never made members (and left alone if they are). */
  excludeUserIds: string[];
  /** CHAT_SYNC_FARM_IDS: when not empty, only these farms have a synced group. */
  farmIds: string[];
  log: (line: string) => void;
  /** Hosted chat mode (COMETCHAT_*): every farm group is also mirrored to the hosted service. */
  hosted?: HostedChatRest | null;
}

export const farmGroupId = (farmId: string) => `${FARM_GROUP_PREFIX}${farmId}`;

/**
 * Every farm has a private chat group `tambak_{farm_id}` named after the farm whose
 * members are the farm's live users: role 1 as admins, everyone else as participants
 * (seed 001 §4, issue 4 item 6). The farm services call `afterFarmChange` once their
 * transaction has committed; a deleted farm loses its group. Runs for one farm are
 * serialised by an advisory lock on the group id, so concurrent changes converge.
 */
export class FarmGroupSync {
  private readonly excluded: Set<string>;
  private readonly selected: Set<string>;

  constructor(private readonly d: FarmGroupSyncDeps) {
    this.excluded = new Set(d.excludeUserIds.map((id) => id.toLowerCase()));
    this.selected = new Set(d.farmIds.map((id) => id.toLowerCase()));
  }

  /** The farm services' hook: never throws, so a chat failure cannot fail a farm operation. */
  async afterFarmChange(farmId: string): Promise<void> {
    try {
      await this.sync(farmId);
    } catch (e) {
      this.d.log(`farm chat group sync of ${farmId} failed: ${(e as Error).message}`);
    }
  }

  async sync(farmId: string): Promise<'synced' | 'deleted' | 'skipped'> {
    if (this.selected.size > 0 && !this.selected.has(farmId.toLowerCase())) return 'skipped';
    const guid = farmGroupId(farmId);
    const farm = await this.d.groups.farm(farmId);
    // The demo farm's visitors do not know each other: it has no group.
    if (!farm || farm.deleted_at || farm.is_demo) {
      const existing = await this.d.groups.farmGroup(farmId);
      if (existing) await this.d.groupService.deleteGroup(existing.guid, existing.owner);
      await this.d.hosted?.deleteGroup(guid);
      return 'deleted';
    }
    const desired = new Map<string, GroupScope>();
    for (const m of await this.d.groups.farmMembers(farmId)) {
      if (!this.excluded.has(m.user_id))
        desired.set(m.user_id, m.role_id === ROLE.admin ? 'admin' : 'participant');
    }
    await this.d.users.ensure([...desired.keys(), farm.created_by]);
    let owner = farm.created_by;
    const events = await this.d.groups.transaction(async (tx) => {
      await this.d.groups.lockName(guid, tx);
      const existing = await this.d.groups.findRaw(guid, tx);
      const admins = [...desired].filter(([, s]) => s === 'admin').map(([uid]) => uid);
      owner =
        existing && admins.includes(existing.owner)
          ? existing.owner
          : (admins[0] ?? existing?.owner ?? farm.created_by);
      if (!existing) {
        await this.d.groups.insert(
          { guid, name: farm.name, type: 'private', password_hash: null, icon: null, owner, farm_id: farmId },
          tx,
        );
      } else if (existing.name !== farm.name || existing.owner !== owner) {
        await this.d.groups.update(guid, { name: farm.name, owner }, tx);
      }
      const current = new Map((await this.d.groups.memberScopes(guid, tx)).map((r) => [r.uid, r.scope]));
      const changes: GroupChange[] = [];
      for (const [uid, scope] of desired) {
        if (current.get(uid) === scope) continue;
        await this.d.groups.upsertMember(guid, uid, scope, tx);
        changes.push({
          event: current.has(uid) ? 'scope_changed' : 'added',
          actor: owner,
          target: uid,
          scope,
        });
      }
      const removed: string[] = [];
      for (const uid of current.keys()) {
        if (desired.has(uid) || this.excluded.has(uid)) continue;
        await this.d.groups.removeMember(guid, uid, tx);
        changes.push({ event: 'kicked', actor: owner, target: uid, scope: null });
        removed.push(uid);
      }
      // A new group announces its members with events only; later changes also leave a trace.
      return this.d.groupService.announce(tx, guid, changes, removed, existing !== undefined);
    });
    this.d.events.deliver(events);
    if (this.d.hosted) {
      const rows = await this.d.users.findMany([...desired.keys(), owner]);
      const names = new Map(rows.map((r) => [r.uid, r.name]));
      // Logged, never thrown (seed 001 §8): the farm's own group above is already right.
      await this.d.hosted.mirrorFarm({ guid, name: farm.name, owner, members: desired, names });
    }
    return 'synced';
  }

  /** `/sync-chat-user`: every selected live farm, and the groups of deleted farms go. */
  async syncAll(userId: string): Promise<{ farms: number; deleted: number }> {
    if (!(await this.d.admins.isSystemAdmin(userId))) throw new AppError('forbidden');
    const { live, orphaned } = await this.d.groups.farmIds();
    let farms = 0;
    let deleted = 0;
    for (const id of [...live, ...orphaned]) {
      const result = await this.sync(id);
      if (result === 'synced') farms += 1;
      if (result === 'deleted') deleted += 1;
    }
    return { farms, deleted };
  }
}
