import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedEmbedLink, EmbedLink } from '#shared/contracts/embed';
import {
  addMember,
  createFarm,
  type FarmSetup,
  type QuickUser,
  quickUser,
} from '#test/helpers/farm-fixtures';
import { createTestApp } from '#test/helpers/test-app';
import type { App } from '../../app.ts';
import { sha256 } from '../../security/tokens.ts';

/**
 * Embed links (issue 29 point 1, ADR 0062): made, listed and revoked by owners and
 * managers; the token reads the screens it was made for, on its farm, and nothing else.
 */
let app: App;
let owner: QuickUser;
let manager: QuickUser;
let technician: QuickUser;
let viewer: QuickUser;
let outsider: QuickUser;
let farm: FarmSetup;
/** A second farm of the same owner: the token of farm A must not read it. */
let otherFarm: FarmSetup;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function create(
  by: QuickUser,
  payload: Record<string, unknown>,
): Promise<{ status: number; body: { code?: string; message: string; data: CreatedEmbedLink } }> {
  const res = await app.inject({ method: 'POST', url: '/api/embedLink', headers: by.auth, payload });
  return { status: res.statusCode, body: res.json() };
}

async function link(screens: string[], farmId = farm.farmId, extra: Record<string, unknown> = {}) {
  const res = await create(owner, { farm_id: farmId, screens, ...extra });
  expect(res.status).toBe(201);
  return res.body.data;
}

async function list(by: QuickUser, farmId = farm.farmId) {
  return app.inject({ url: `/api/embedLink?farm_id=${farmId}`, headers: by.auth });
}

/** Waits for a report build to end, so the app never closes under a running job. */
async function settled(reportId: string): Promise<void> {
  for (;;) {
    const poll = await app.inject({ url: `/api/report/${reportId}`, headers: owner.auth });
    const status = poll.json().data?.status;
    if (status === 'done' || status === 'failed') return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function reportCount(farmId: string): Promise<number> {
  const row = await app.ctx.db
    .selectFrom('reports')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('farm_id', '=', farmId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

beforeAll(async () => {
  app = await createTestApp();
  owner = await quickUser(app, 'Pak Pemilik');
  manager = await quickUser(app, 'manager');
  technician = await quickUser(app, 'technician');
  viewer = await quickUser(app, 'viewer');
  outsider = await quickUser(app, 'outsider');
  farm = await createFarm(app, owner, 2);
  otherFarm = await createFarm(app, owner, 1);
  await addMember(app, farm.farmId, manager, 2);
  await addMember(app, farm.farmId, technician, 3, { [farm.pondIds[0]]: 2 });
  await addMember(app, farm.farmId, viewer, 4, { [farm.pondIds[0]]: 0 });
  await createFarm(app, outsider, 1);
});

afterAll(async () => {
  await app?.close();
});

describe('making, listing and revoking embed links', () => {
  it('an owner makes one: the token is answered once, only its hash is stored, 30 days by default', async () => {
    const before = Date.now();
    const { link: made, token } = await link(['report', 'history'], farm.farmId, { label: 'Pembeli' });
    expect(token).toMatch(/^emb_[A-Za-z0-9_-]{43}$/);
    expect(made).toMatchObject({
      farm_id: farm.farmId,
      screens: ['report', 'history'],
      label: 'Pembeli',
      created_by: owner.id,
      created_by_name: 'Pak Pemilik',
      revoked_at: null,
      last_used_at: null,
      state: 'active',
    });
    const days = (Date.parse(made.expires_at) - before) / 86_400_000;
    expect(days).toBeGreaterThan(29.99);
    expect(days).toBeLessThan(30.01);
    const row = await app.ctx.db
      .selectFrom('embed_tokens')
      .selectAll()
      .where('id', '=', made.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);
    // The list never carries a token.
    const listed = await list(owner);
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(token);
    expect(listed.body).not.toContain(row.token_hash);
    expect((listed.json().data as EmbedLink[]).find((l) => l.id === made.id)?.created_by_name).toBe(
      'Pak Pemilik',
    );
  });

  it('the expiry is settable', async () => {
    const { link: made } = await link(['comparison'], farm.farmId, { expires_in_days: 7 });
    const days = (Date.parse(made.expires_at) - Date.parse(made.created_at)) / 86_400_000;
    expect(Math.round(days)).toBe(7);
  });

  it('owners and managers may make, list and revoke; technicians and viewers may not (403); another farm 404', async () => {
    const byManager = await create(manager, { farm_id: farm.farmId, screens: ['finance-report'] });
    expect(byManager.status).toBe(201);
    expect(byManager.body.data.link.created_by_name).toBe('manager');
    expect((await list(manager)).statusCode).toBe(200);

    for (const who of [technician, viewer]) {
      const made = await create(who, { farm_id: farm.farmId, screens: ['report'] });
      expect(made.status).toBe(403);
      expect(made.body.code).toBe('forbidden');
      const listed = await list(who);
      expect(listed.statusCode).toBe(403);
      const revoked = await app.inject({
        method: 'POST',
        url: `/api/embedLink/${byManager.body.data.link.id}/revoke`,
        headers: who.auth,
      });
      expect(revoked.statusCode).toBe(403);
    }

    const foreign = await create(outsider, { farm_id: farm.farmId, screens: ['report'] });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('not-found');
    expect((await list(outsider)).statusCode).toBe(404);
    const foreignRevoke = await app.inject({
      method: 'POST',
      url: `/api/embedLink/${byManager.body.data.link.id}/revoke`,
      headers: outsider.auth,
    });
    expect(foreignRevoke.statusCode).toBe(404);
    // Still active after the refused revokes.
    const still = (await list(owner)).json().data as EmbedLink[];
    expect(still.find((l) => l.id === byManager.body.data.link.id)?.state).toBe('active');

    const revoked = await app.inject({
      method: 'POST',
      url: `/api/embedLink/${byManager.body.data.link.id}/revoke`,
      headers: owner.auth,
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().data).toMatchObject({ state: 'revoked' });
    expect(revoked.json().data.revoked_at).not.toBeNull();
  });

  it('bad input is 400 or 404 with a translated message, never 5xx', async () => {
    const cases: [Record<string, unknown>, number][] = [
      [{ farm_id: farm.farmId, screens: 'report' }, 400],
      [{ farm_id: farm.farmId, screens: [] }, 400],
      [{ farm_id: farm.farmId, screens: ['settings'] }, 400],
      [{ farm_id: farm.farmId, screens: ['report', 'report'] }, 400],
      [{ farm_id: farm.farmId, screens: [1] }, 400],
      [{ farm_id: farm.farmId, screens: ['report'], expires_in_days: 100_000 }, 400],
      [{ farm_id: farm.farmId, screens: ['report'], expires_in_days: 0 }, 400],
      [{ farm_id: farm.farmId, screens: ['report'], expires_in_days: 2 ** 40 }, 400],
      [{ farm_id: farm.farmId, screens: ['report'], expires_in_days: '30' }, 400],
      [{ farm_id: farm.farmId, screens: ['report'], expires_in_days: 1.5 }, 400],
      [{ farm_id: farm.farmId, screens: ['report'], label: 'a\u0000b' }, 400],
      [{ farm_id: farm.farmId, screens: ['report'], label: 'x'.repeat(81) }, 400],
      [{ farm_id: 'not-a-uuid', screens: ['report'] }, 400],
      [{ farm_id: `${farm.farmId}\u0000`, screens: ['report'] }, 400],
      [{ farm_id: 12, screens: ['report'] }, 400],
      [{ screens: ['report'] }, 400],
      [{ farm_id: '01900000-0000-7000-8000-000000000000', screens: ['report'] }, 404],
    ];
    for (const [payload, status] of cases) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/embedLink',
        headers: { ...owner.auth, 'accept-language': 'en' },
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().message, JSON.stringify(payload)).toMatch(/[a-z]/);
    }
    const raw = await app.inject({
      method: 'POST',
      url: '/api/embedLink',
      headers: { ...owner.auth, 'content-type': 'application/json' },
      payload: `{"farm_id":"${farm.farmId}","screens":["report"],"expires_in_days":1e999}`,
    });
    expect(raw.statusCode).toBe(400);
    for (const url of ['/api/embedLink?farm_id=nope', `/api/embedLink?farm_id=${farm.farmId}%00`]) {
      expect((await app.inject({ url, headers: owner.auth })).statusCode).toBe(400);
    }
    for (const id of ['nope', '01900000-0000-7000-8000-000000000000']) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/embedLink/${id}/revoke`,
        headers: owner.auth,
      });
      expect(res.statusCode).toBe(id === 'nope' ? 400 : 404);
    }
  });
});

describe('an embed token', () => {
  it('reads the screens it was made for, on its farm', async () => {
    const { token } = await link(['report', 'history']);
    const history = await app.inject({ url: `/api/history?farm_id=${farm.farmId}`, headers: bearer(token) });
    expect(history.statusCode).toBe(200);
    const ponds = await app.inject({ url: `/api/pond?farm_id=${farm.farmId}`, headers: bearer(token) });
    expect(ponds.statusCode).toBe(200);
    // The farm list answers only the link's farm, though its maker has two.
    const farms = await app.inject({ url: '/api/farm', headers: bearer(token) });
    expect(farms.statusCode).toBe(200);
    expect(farms.json().data.map((f: { farm_id: string }) => f.farm_id)).toEqual([farm.farmId]);
  });

  it('an overview link reads the forecast shown below the overview; a link for another screen may not', async () => {
    const overview = await link(['overview']);
    const url = `/api/forecast?farm_id=${farm.farmId}`;
    const res = await app.inject({ url, headers: bearer(overview.token) });
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(res.json().data)).toBe(true);
    const report = await link(['report']);
    const refused = await app.inject({ url, headers: bearer(report.token) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('embed-link-scope');
  });

  it('is read-only: every write is 403 and changes nothing', async () => {
    const { token } = await link(['report', 'history']);
    const before = await reportCount(farm.farmId);
    const writes = [
      {
        method: 'POST' as const,
        url: '/api/report',
        payload: { farm_id: farm.farmId, pond_ids: [farm.pondIds[0]], from: '2026-01-01', to: '2026-01-31' },
      },
      {
        method: 'POST' as const,
        url: '/api/embedLink',
        payload: { farm_id: farm.farmId, screens: ['report'] },
      },
      { method: 'PUT' as const, url: `/api/farm/${farm.farmId}/update`, payload: { name: 'Dirampas' } },
      { method: 'DELETE' as const, url: `/api/farm/${farm.farmId}/delete` },
      { method: 'POST' as const, url: '/api/logout' },
    ];
    for (const w of writes) {
      const res = await app.inject({ ...w, headers: { ...bearer(token), 'accept-language': 'en' } });
      expect(res.statusCode, w.url).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'embed-link-scope',
        message: 'An embed link can only read the screen it was shared for, on its own farm.',
      });
    }
    expect(await reportCount(farm.farmId)).toBe(before);
    const name = await app.ctx.db
      .selectFrom('farms')
      .select(['name', 'deleted_at'])
      .where('id', '=', farm.farmId)
      .executeTakeFirstOrThrow();
    expect(name.name).not.toBe('Dirampas');
    expect(name.deleted_at).toBeNull();
    // The token is not a session: the owner's sessions are untouched.
    expect((await app.inject({ url: '/api/user', headers: owner.auth })).statusCode).toBe(200);
  });

  it('is farm-scoped: another farm of its maker is 403, even on its own screens', async () => {
    const { token } = await link(['report', 'history', 'finance-report', 'comparison']);
    for (const url of [
      `/api/history?farm_id=${otherFarm.farmId}`,
      `/api/pond?farm_id=${otherFarm.farmId}`,
      `/api/block?farm_id=${otherFarm.farmId}`,
      `/api/totalTransaction?farm_id=${otherFarm.farmId}`,
      `/api/history?farm_id=${farm.farmId}&farm_id=${otherFarm.farmId}`,
      '/api/history',
    ]) {
      const res = await app.inject({ url, headers: bearer(token) });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe('embed-link-scope');
    }
    // A report of the other farm, by its id.
    const other = await app.inject({
      method: 'POST',
      url: '/api/report',
      headers: owner.auth,
      payload: {
        farm_id: otherFarm.farmId,
        pond_ids: [otherFarm.pondIds[0]],
        from: '2026-01-01',
        to: '2026-01-31',
      },
    });
    expect(other.statusCode).toBe(202);
    const own = await app.inject({
      method: 'POST',
      url: '/api/report',
      headers: owner.auth,
      payload: { farm_id: farm.farmId, pond_ids: [farm.pondIds[0]], from: '2026-01-01', to: '2026-01-31' },
    });
    expect(own.statusCode).toBe(202);
    const otherId = other.json().data.id;
    await settled(otherId);
    await settled(own.json().data.id);
    expect((await app.inject({ url: `/api/report/${otherId}`, headers: bearer(token) })).statusCode).toBe(
      403,
    );
    expect(
      (await app.inject({ url: `/api/report/${otherId}/download?format=pdf`, headers: bearer(token) }))
        .statusCode,
    ).toBe(403);
    expect((await app.inject({ url: `/api/report/not-a-uuid`, headers: bearer(token) })).statusCode).toBe(
      403,
    );
    const ownRead = await app.inject({ url: `/api/report/${own.json().data.id}`, headers: bearer(token) });
    expect(ownRead.statusCode).toBe(200);
    expect(ownRead.json().data.farm_id).toBe(farm.farmId);
  });

  it('is route-scoped: screens it was not made for and non-embeddable routes are 403', async () => {
    const { token } = await link(['report']);
    for (const url of [
      `/api/totalTransaction?farm_id=${farm.farmId}`,
      `/api/multipleComparison?farm_id=${farm.farmId}&from=2026-01-01&to=2026-01-31&series=x`,
      `/api/attention?farm_id=${farm.farmId}`,
      `/api/embedLink?farm_id=${farm.farmId}`,
      `/api/farm/${farm.farmId}/info`,
      '/api/user',
      '/api/notifications',
    ]) {
      const res = await app.inject({ url, headers: bearer(token) });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe('embed-link-scope');
    }
    const finance = await link(['finance-report']);
    const total = await app.inject({
      url: `/api/totalTransaction?farm_id=${farm.farmId}`,
      headers: bearer(finance.token),
    });
    expect(total.statusCode).toBe(200);
    expect(
      (await app.inject({ url: `/api/history?farm_id=${farm.farmId}`, headers: bearer(finance.token) }))
        .statusCode,
    ).toBe(403);
  });

  it('stops at its expiry: 401 with a translated message', async () => {
    const { link: made, token } = await link(['history']);
    const url = `/api/history?farm_id=${farm.farmId}`;
    expect((await app.inject({ url, headers: bearer(token) })).statusCode).toBe(200);
    await app.ctx.db
      .updateTable('embed_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', made.id)
      .execute();
    const id = await app.inject({ url, headers: bearer(token) });
    expect(id.statusCode).toBe(401);
    expect(id.json()).toMatchObject({ code: 'embed-link-invalid' });
    expect(id.json().message).toContain('Tautan sematan ini tidak berlaku');
    const en = await app.inject({ url, headers: { ...bearer(token), 'accept-language': 'en' } });
    expect(en.json().message).toContain('This embed link no longer works');
    const listed = (await list(owner)).json().data as EmbedLink[];
    expect(listed.find((l) => l.id === made.id)?.state).toBe('expired');
  });

  it('stops at once when revoked', async () => {
    const { link: made, token } = await link(['history']);
    const url = `/api/history?farm_id=${farm.farmId}`;
    expect((await app.inject({ url, headers: bearer(token) })).statusCode).toBe(200);
    const revoked = await app.inject({
      method: 'POST',
      url: `/api/embedLink/${made.id}/revoke`,
      headers: manager.auth,
    });
    expect(revoked.statusCode).toBe(200);
    const after = await app.inject({ url, headers: bearer(token) });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('embed-link-invalid');
  });

  it('tampered, made up or a session token in its place: 401', async () => {
    const { token } = await link(['history']);
    const url = `/api/history?farm_id=${farm.farmId}`;
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    for (const bad of [`${token.slice(0, -1)}${last}`, `${token}x`, 'emb_', `emb_${'a'.repeat(300)}`]) {
      const res = await app.inject({ url, headers: bearer(bad) });
      expect(res.statusCode, bad).toBe(401);
      expect(res.json().code).toBe('embed-link-invalid');
    }
    // A made-up session-like token is still a 401 (session-expired), never a read.
    expect((await app.inject({ url, headers: bearer('not-a-token') })).statusCode).toBe(401);
  });

  it('records when it was last used', async () => {
    const { link: made, token } = await link(['history']);
    expect(made.last_used_at).toBeNull();
    const before = Date.now();
    await app.inject({ url: `/api/history?farm_id=${farm.farmId}`, headers: bearer(token) });
    const listed = (await list(owner)).json().data as EmbedLink[];
    const used = listed.find((l) => l.id === made.id)?.last_used_at;
    expect(used).not.toBeNull();
    expect(Date.parse(used as string)).toBeGreaterThanOrEqual(before - 1000);
    // Written again by the next use a minute or more later.
    await app.ctx.db
      .updateTable('embed_tokens')
      .set({ last_used_at: new Date(Date.now() - 3_600_000) })
      .where('id', '=', made.id)
      .execute();
    await app.inject({ url: `/api/history?farm_id=${farm.farmId}`, headers: bearer(token) });
    const again = ((await list(owner)).json().data as EmbedLink[]).find((l) => l.id === made.id);
    expect(Date.now() - Date.parse(again?.last_used_at as string)).toBeLessThan(60_000);
  });

  it('reads with its maker’s rights: a maker who left the farm leaves the link reading nothing', async () => {
    const made = await create(manager, { farm_id: farm.farmId, screens: ['history'] });
    expect(made.status).toBe(201);
    const url = `/api/history?farm_id=${farm.farmId}`;
    expect((await app.inject({ url, headers: bearer(made.body.data.token) })).statusCode).toBe(200);
    await app.ctx.db
      .deleteFrom('user_farms')
      .where('user_id', '=', manager.id)
      .where('farm_id', '=', farm.farmId)
      .execute();
    app.ctx.farmAccess.changed();
    expect((await app.inject({ url, headers: bearer(made.body.data.token) })).statusCode).toBe(404);
  });
});
