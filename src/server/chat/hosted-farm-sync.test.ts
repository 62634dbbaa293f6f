import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { quickUser } from '#test/helpers/farm-fixtures';
import { createTestApp } from '#test/helpers/test-app';
import type { App } from '../app.ts';

type U = Awaited<ReturnType<typeof quickUser>>;

const HOSTED = {
  COMETCHAT_APP_ID: 'app42',
  COMETCHAT_REGION: 'eu',
  COMETCHAT_AUTH_KEY: 'auth-key',
  COMETCHAT_REST_KEY: 'rest-key',
};
const BASE = 'https://app42.api-eu.cometchat.io/v3';

/**
 * A small in-memory stand-in for the hosted chat REST API (v3), behind `fetch`: users,
 * groups (the owner joins as admin, as the service does) and members. Every request is
 * recorded as `METHOD path body` to assert what left the server.
 */
function hostedRest() {
  const users = new Map<string, string>();
  const groups = new Map<string, { name: string; owner: string; members: Map<string, string> }>();
  const requests: string[] = [];
  const keys = new Set<string>();
  let down: 'no' | 'http' | 'network' = 'no';
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const err = (status: number, code: string) => json(status, { error: { code, message: code } });

  const fetchImpl: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    const path = url.pathname.replace(/^\/v3/, '');
    requests.push(`${init?.method} ${path}${url.search}${body ? ` ${JSON.stringify(body)}` : ''}`);
    keys.add(`${url.origin}/v3 ${(init?.headers as Record<string, string> | undefined)?.apikey}`);
    if (down === 'network') throw new TypeError('fetch failed');
    if (down === 'http') return new Response('<html>bad gateway</html>', { status: 502 });
    const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
    const method = init?.method;
    if (parts[0] === 'users') {
      if (method === 'POST') {
        if (users.has(body.uid)) return err(400, 'ERR_UID_ALREADY_EXISTS');
        users.set(body.uid, body.name);
        return json(200, { data: body });
      }
      if (method === 'PUT' && parts[1] && users.has(parts[1])) {
        users.set(parts[1], body.name);
        return json(200, { data: { uid: parts[1], ...body } });
      }
    }
    if (parts[0] === 'groups') {
      const g = parts[1] ? groups.get(parts[1]) : undefined;
      if (method === 'POST' && !parts[1]) {
        if (groups.has(body.guid)) return err(400, 'ERR_GUID_ALREADY_EXISTS');
        groups.set(body.guid, {
          name: body.name,
          owner: body.owner,
          members: new Map([[body.owner, 'admin']]),
        });
        return json(200, { data: body });
      }
      if (!g) return err(404, 'ERR_GUID_NOT_FOUND');
      if (parts.length === 2 && method === 'PUT') {
        Object.assign(g, body);
        if (!g.members.has(body.owner)) g.members.set(body.owner, 'admin');
        return json(200, { data: body });
      }
      if (parts.length === 2 && method === 'DELETE') {
        groups.delete(parts[1] as string);
        return json(200, { data: { success: true } });
      }
      if (parts[2] === 'members' && !parts[3] && method === 'GET') {
        const data = [...g.members].map(([uid, scope]) => ({ uid, scope }));
        return json(200, { data, meta: { pagination: { total_pages: 1, current_page: 1 } } });
      }
      if (parts[2] === 'members' && !parts[3] && method === 'POST') {
        for (const uid of body.admins ?? []) g.members.set(uid, 'admin');
        for (const uid of body.participants ?? []) g.members.set(uid, 'participant');
        return json(200, { data: {} });
      }
      const uid = parts[3] as string;
      if (!g.members.has(uid)) return err(404, 'ERR_GROUP_NOT_JOINED');
      if (method === 'PUT') g.members.set(uid, body.scope);
      if (method === 'DELETE') g.members.delete(uid);
      return json(200, { data: {} });
    }
    return err(404, 'ERR_ROUTE_NOT_FOUND');
  };
  return {
    fetch: fetchImpl,
    users,
    groups,
    keys,
    /** The requests recorded since the last call. */
    take: () => requests.splice(0),
    setDown: (mode: typeof down) => {
      down = mode;
    },
  };
}

describe('hosted chat mode: farm groups and chat users go to the hosted REST API', () => {
  let app: App;
  let hosted: ReturnType<typeof hostedRest>;
  let owner: U;
  let v: U;
  beforeAll(async () => {
    hosted = hostedRest();
    app = await createTestApp(HOSTED, { hostedChatFetch: hosted.fetch });
    [owner, v] = await Promise.all([quickUser(app, 'Pemilik'), quickUser(app, 'Vina')]);
  });
  afterAll(async () => {
    await app?.close();
  });
  const api = (u: U, method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, payload?: object) =>
    app.inject({ method, url: `/api${url}`, headers: u.auth, ...(payload ? { payload } : {}) });

  it('tells the browser the hosted SDK config, never the REST key', async () => {
    const res = await api(owner, 'GET', '/chat/provider');
    expect(res.json().data).toEqual({
      provider: 'hosted',
      app_id: 'app42',
      region: 'eu',
      auth_key: 'auth-key',
    });
    expect(res.body).not.toContain('rest-key');
    // The page may reach the hosted service (and show its images); without COMETCHAT_* it may not.
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("connect-src 'self' https://*.cometchat.io wss://*.cometchat.io");
    expect(csp).toContain("img-src 'self' data: blob: https:");
  });

  it('creates the users and the group, follows invitations and role changes, and deletes it with the farm', async () => {
    const farm = (await api(owner, 'POST', '/farm/add', { name: 'Tambak Sari' })).json().data;
    const guid = `tambak_${farm.farm_id}`;
    expect(hosted.take()).toEqual([
      `POST /users {"uid":"${owner.id}","name":"Pemilik"}`,
      `POST /groups {"guid":"${guid}","name":"Tambak Sari","type":"private","owner":"${owner.id}"}`,
      `GET /groups/${guid}/members?perPage=100&page=1`,
    ]);
    expect([...hosted.keys]).toEqual([`${BASE} rest-key`]);

    const invited = await api(owner, 'POST', '/userFarm', {
      farm_id: farm.farm_id,
      email: v.email,
      role_id: 3,
      ponds: [],
    });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(hosted.take()).toEqual([
      `POST /users {"uid":"${owner.id}","name":"Pemilik"}`,
      `PUT /users/${owner.id} {"name":"Pemilik"}`,
      `POST /users {"uid":"${v.id}","name":"Vina"}`,
      `POST /groups {"guid":"${guid}","name":"Tambak Sari","type":"private","owner":"${owner.id}"}`,
      `PUT /groups/${guid} {"name":"Tambak Sari","owner":"${owner.id}"}`,
      `GET /groups/${guid}/members?perPage=100&page=1`,
      `POST /groups/${guid}/members {"admins":[],"participants":["${v.id}"]}`,
    ]);
    const vId = invited.json().data.user_farm_id;
    await api(owner, 'PUT', `/userFarm/${vId}/update`, { role_id: 1, ponds: [] });
    expect(hosted.take()).toContain(`PUT /groups/${guid}/members/${v.id} {"scope":"admin"}`);
    expect(Object.fromEntries(hosted.groups.get(guid)?.members ?? [])).toEqual({
      [owner.id]: 'admin',
      [v.id]: 'admin',
    });
    await api(owner, 'DELETE', `/userFarm/${vId}/delete`);
    expect(hosted.take()).toContain(`DELETE /groups/${guid}/members/${v.id}`);
    expect(Object.fromEntries(hosted.groups.get(guid)?.members ?? [])).toEqual({ [owner.id]: 'admin' });

    expect((await api(owner, 'DELETE', `/farm/${farm.farm_id}/delete`)).statusCode).toBe(200);
    expect(hosted.take()).toEqual([`DELETE /groups/${guid}`]);
    expect(hosted.groups.has(guid)).toBe(false);
  });

  it('/sync-chat-user brings a group the hosted service lost back', async () => {
    const farm = (await api(owner, 'POST', '/farm/add', { name: 'Tambak Dua' })).json().data;
    const guid = `tambak_${farm.farm_id}`;
    hosted.groups.delete(guid);
    hosted.take();
    await app.ctx.db.updateTable('users').set({ is_system_admin: true }).where('id', '=', owner.id).execute();
    const res = await api(owner, 'POST', '/chat/sync-farm-groups');
    expect(res.statusCode).toBe(200);
    expect(hosted.take()).toContain(
      `POST /groups {"guid":"${guid}","name":"Tambak Dua","type":"private","owner":"${owner.id}"}`,
    );
    expect(hosted.groups.get(guid)?.name).toBe('Tambak Dua');
  });

  it('a hosted failure is logged and silent: the farm operation and the built-in group stand', async () => {
    const info = vi.spyOn(app.log, 'info');
    try {
      for (const mode of ['network', 'http'] as const) {
        hosted.setDown(mode);
        const res = await api(owner, 'POST', '/farm/add', { name: `Tanpa Layanan ${mode}` });
        expect(res.statusCode).toBe(201);
        const guid = `tambak_${res.json().data.farm_id}`;
        const local = await app.ctx.db
          .selectFrom('chat_groups')
          .select('guid')
          .where('guid', '=', guid)
          .execute();
        expect(local).toHaveLength(1);
        const lines = info.mock.calls.map((c) => String(c[0]));
        expect(lines).toContainEqual(
          mode === 'network'
            ? `hosted chat sync of ${guid} failed: fetch failed`
            : `hosted chat sync of ${guid} failed: 502 HTTP_502`,
        );
      }
    } finally {
      hosted.setDown('no');
      info.mockRestore();
    }
  });
});
