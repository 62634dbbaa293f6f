import type { GroupScope } from '#shared/chat/entities';
import type { HostedChatConfig } from '../provider-config.ts';

/** A farm group as the hosted service must hold it: the farm's name, owner and members. */
export interface HostedFarmGroup {
  guid: string;
  name: string;
  owner: string;
  members: Map<string, GroupScope>;
  /** uid → chat name (the app's username) of every member and the owner. */
  names: Map<string, string>;
}

interface HostedError {
  status: number;
  code: string;
}

const PAGE = 100;

/**
 * The hosted chat service's REST API (v3) for what the server owns in hosted mode (issue 18
 * point 4): chat users (uid = the app's user id, name = username) and the farm groups with
 * their members (seed 001 §4). Every call carries the REST key in the `apikey` header.
 * Nothing here throws to the caller: `mirrorFarm`/`deleteGroup` log a failure and answer
 * false, so a hosted outage never fails a farm operation (seed 001 §8: only logged).
 */
export class HostedChatRest {
  private readonly base: string;

  constructor(
    private readonly config: HostedChatConfig,
    private readonly log: (line: string) => void,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {
    this.base = `https://${encodeURIComponent(config.appId)}.api-${config.region}.cometchat.io/v3`;
  }

  /** Creates the users that do not exist yet and renames the ones that do. */
  async ensureUsers(names: Map<string, string>): Promise<void> {
    for (const [uid, name] of names) {
      const created = await this.call('POST', '/users', { uid, name }, ['ERR_UID_ALREADY_EXISTS']);
      if (created === 'exists') await this.call('PUT', `/users/${encodeURIComponent(uid)}`, { name });
    }
  }

  /** Brings one farm group in line: users, the group (made or renamed), then its members. */
  async mirrorFarm(group: HostedFarmGroup): Promise<boolean> {
    try {
      await this.ensureUsers(group.names);
      const path = `/groups/${encodeURIComponent(group.guid)}`;
      const made = await this.call(
        'POST',
        '/groups',
        { guid: group.guid, name: group.name, type: 'private', owner: group.owner },
        ['ERR_GUID_ALREADY_EXISTS'],
      );
      if (made === 'exists') await this.call('PUT', path, { name: group.name, owner: group.owner });
      const current = await this.members(group.guid);
      const admins: string[] = [];
      const participants: string[] = [];
      for (const [uid, scope] of group.members) {
        const now = current.get(uid);
        if (now === undefined) (scope === 'admin' ? admins : participants).push(uid);
        else if (now !== scope && uid !== group.owner)
          await this.call('PUT', `${path}/members/${encodeURIComponent(uid)}`, { scope });
      }
      if (admins.length + participants.length > 0)
        await this.call('POST', `${path}/members`, { admins, participants });
      for (const uid of current.keys()) {
        if (!group.members.has(uid) && uid !== group.owner)
          await this.call('DELETE', `${path}/members/${encodeURIComponent(uid)}`);
      }
      return true;
    } catch (e) {
      this.log(`hosted chat sync of ${group.guid} failed: ${describe(e)}`);
      return false;
    }
  }

  /** A deleted (or demo) farm's group goes; one the service never had is fine. */
  async deleteGroup(guid: string): Promise<boolean> {
    try {
      await this.call('DELETE', `/groups/${encodeURIComponent(guid)}`, undefined, ['ERR_GUID_NOT_FOUND']);
      return true;
    } catch (e) {
      this.log(`hosted chat group delete of ${guid} failed: ${describe(e)}`);
      return false;
    }
  }

  private async members(guid: string): Promise<Map<string, GroupScope>> {
    const out = new Map<string, GroupScope>();
    for (let page = 1; ; page += 1) {
      const body = (await this.call(
        'GET',
        `/groups/${encodeURIComponent(guid)}/members?perPage=${PAGE}&page=${page}`,
      )) as { data?: { uid: string; scope: GroupScope }[]; meta?: { pagination?: { total_pages?: number } } };
      for (const m of body.data ?? []) out.set(m.uid, m.scope);
      const pages = body.meta?.pagination?.total_pages ?? 1;
      if (page >= pages || (body.data ?? []).length === 0) return out;
    }
  }

  /** One request; answers the parsed body, or 'exists' for an error code listed as fine. */
  private async call(
    method: string,
    path: string,
    body?: object,
    fine: string[] = [],
  ): Promise<unknown | 'exists'> {
    const res = await this.fetchImpl(`${this.base}${path}`, {
      method,
      headers: {
        apikey: this.config.restKey,
        accept: 'application/json',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    let parsed: { error?: { code?: string } } = {};
    try {
      parsed = text ? JSON.parse(text) : {};
    } catch {
      // A non-JSON answer (a proxy's error page) is reported by its status below.
    }
    if (res.ok) return parsed;
    const code = parsed.error?.code ?? `HTTP_${res.status}`;
    if (fine.includes(code)) return 'exists';
    throw { status: res.status, code } satisfies HostedError;
  }
}

function describe(e: unknown): string {
  if (e && typeof e === 'object' && 'code' in e && 'status' in e)
    return `${(e as HostedError).status} ${(e as HostedError).code}`;
  return e instanceof Error ? e.message : String(e);
}
