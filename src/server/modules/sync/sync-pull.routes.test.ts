import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncPullAnswer } from '#shared/contracts/sync-pull';
import {
  addMember,
  createFarm,
  type FarmSetup,
  type QuickUser,
  quickUser,
} from '#test/helpers/farm-fixtures';
import { createTestApp } from '#test/helpers/test-app';
import type { App } from '../../app.ts';
import { answerPull, innerUrl } from './sync-pull.service.ts';

/**
 * The batched pull (issue 29 point 3, ADR 0065): one request answers every mirrored list
 * exactly as its own GET would, with the caller's rights, and spends one request of the
 * caller's rate-limit budget, not one per list.
 */
let app: App;
let owner: QuickUser;
let keeper: QuickUser;
let outsider: QuickUser;
let farm: FarmSetup;

interface PullBody {
  code?: string;
  message: string;
  data: { answers: SyncPullAnswer[]; pending: string[] };
}

async function pull(by: QuickUser | null, requests: { key: string; url: string }[], language = 'id') {
  const res = await app.inject({
    method: 'POST',
    url: '/api/sync/pull',
    headers: { ...(by?.auth ?? {}), 'accept-language': language },
    payload: { requests },
  });
  return { status: res.statusCode, body: res.json() as PullBody };
}

beforeAll(async () => {
  app = await createTestApp({ RATE_LIMIT_PER_MINUTE: '20' });
  owner = await quickUser(app, 'owner');
  keeper = await quickUser(app, 'keeper');
  outsider = await quickUser(app, 'outsider');
  farm = await createFarm(app, owner, 3);
  // A keeper who may see one pond only.
  await addMember(app, farm.farmId, keeper, 3, { [farm.pondIds[0] as string]: 2 });
  await createFarm(app, outsider, 1);
});
afterAll(async () => {
  await app?.close();
});

describe('POST /api/sync/pull', () => {
  it('answers each list as its own GET does, in the order asked, with the same server_time rules', async () => {
    const urls = [
      { key: 'farms', url: '/api/farm' },
      { key: 'ponds', url: `/api/pond?farm_id=${farm.farmId}` },
      { key: 'blocks', url: `/api/block?farm_id=${farm.farmId}` },
    ];
    const res = await pull(owner, urls);
    expect(res.status).toBe(200);
    expect(res.body.data.pending).toEqual([]);
    expect(res.body.data.answers.map((a) => [a.key, a.status])).toEqual([
      ['farms', 200],
      ['ponds', 200],
      ['blocks', 200],
    ]);
    const alone = await app.inject({ url: `/api/pond?farm_id=${farm.farmId}`, headers: owner.auth });
    const batched = res.body.data.answers[1]!.body as { data: { pond_id: string }[]; server_time: string };
    expect(batched.data.map((p) => p.pond_id).sort()).toEqual([...farm.pondIds].sort());
    expect(batched.data).toEqual(alone.json().data);
    expect(batched.data).toHaveLength(3);
    expect(Date.parse(batched.server_time)).not.toBeNaN();
  });

  it('reads with the caller’s rights: a keeper sees his pond only, an outsider gets each list’s 404', async () => {
    const ponds = await pull(keeper, [{ key: 'ponds', url: `/api/pond?farm_id=${farm.farmId}` }]);
    const seen = (ponds.body.data.answers[0]!.body as { data: { pond_id: string }[] }).data.map(
      (p) => p.pond_id,
    );
    expect(seen).toEqual([farm.pondIds[0]]);

    const foreign = await pull(outsider, [
      { key: 'ponds', url: `/api/pond?farm_id=${farm.farmId}` },
      { key: 'cycles', url: `/api/cycle?farm_id=${farm.farmId}` },
    ]);
    expect(foreign.status).toBe(200);
    expect(foreign.body.data.answers.map((a) => a.status)).toEqual([404, 404]);
    expect(JSON.stringify(foreign.body)).not.toContain(farm.pondIds[0]);
  });

  it('each inner answer keeps its own refusal, translated: a bad query is that list’s 400, the rest are answered', async () => {
    const res = await pull(
      owner,
      [
        { key: 'ponds', url: `/api/pond?farm_id=${farm.farmId}&since=1e309` },
        { key: 'blocks', url: `/api/block?farm_id=${farm.farmId}` },
      ],
      'en',
    );
    expect(res.status).toBe(200);
    const [bad, good] = res.body.data.answers;
    expect(bad?.status).toBe(400);
    expect((bad!.body as { code: string }).code).toBe('validation-failed');
    expect(good?.status).toBe(200);
  });

  it('names only mirrored lists: any other path, or one that resolves elsewhere, is that key’s 404', async () => {
    const res = await pull(owner, [
      { key: 'user', url: '/api/user' },
      { key: 'dots', url: '/api/pond/../user' },
      { key: 'encoded', url: '/api/pond%2F..%2Fuser' },
      { key: 'farms', url: '/api/farm' },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.data.answers.map((a) => a.status)).toEqual([404, 404, 404, 200]);
    expect((res.body.data.answers[0]!.body as { message: string }).message).toBe('Data tidak ditemukan.');
    expect(innerUrl('//evil.example/api/farm')).toBeNull();
    expect(innerUrl('/api/farm?x=1')).toBe('/api/farm?x=1');
  });

  it('refuses a body it cannot read: 400 with field errors, never 5xx', async () => {
    for (const payload of [
      {},
      { requests: [] },
      {
        requests: [
          { key: 'a', url: '/api/farm' },
          { key: 'a', url: '/api/pond' },
        ],
      },
      { requests: [{ key: 'a\u0000', url: '/api/farm' }] },
      { requests: [{ key: 'a', url: 'http://x/api/farm' }] },
      '{"requests":[{"key":"a","url":1e309}]}',
      '{"requests":[{"key":"a","url":"/api/farm"}',
      { requests: Array.from({ length: 41 }, (_, i) => ({ key: `k${i}`, url: '/api/farm' })) },
    ]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/sync/pull',
        headers: { ...owner.auth, 'content-type': 'application/json' },
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
    }
    const unsigned = await pull(null, [{ key: 'farms', url: '/api/farm' }]);
    expect(unsigned.status).toBe(401);
  });

  it('spends one request of the caller’s budget however many lists it answers', async () => {
    const all = Array.from({ length: 26 }, (_, i) => ({ key: `farms${i}`, url: '/api/farm' }));
    // The app allows 20 a minute (beforeAll): 78 lists in three requests fit, 78 GETs would not.
    const fresh = await quickUser(app, 'fresh');
    for (let i = 0; i < 3; i++) {
      const res = await pull(fresh, all);
      expect(res.status).toBe(200);
      expect(res.body.data.answers.every((a) => a.status === 200)).toBe(true);
    }
  });
});

describe('compressed answers', () => {
  it('a phone that accepts gzip gets the pull gzipped, the same JSON once decoded', async () => {
    const requests = [
      { key: 'farms', url: '/api/farm' },
      { key: 'ponds', url: `/api/pond?farm_id=${farm.farmId}` },
    ];
    const plain = await app.inject({
      method: 'POST',
      url: '/api/sync/pull',
      headers: owner.auth,
      payload: { requests },
    });
    const zipped = await app.inject({
      method: 'POST',
      url: '/api/sync/pull',
      headers: { ...owner.auth, 'accept-encoding': 'gzip' },
      payload: { requests },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers['content-encoding']).toBe('gzip');
    const decoded = JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'));
    const strip = (b: PullBody) =>
      b.data.answers.map((a) => ({ ...a, body: { ...(a.body as object), server_time: 0 } }));
    expect(strip(decoded)).toEqual(strip(plain.json()));
  });
});

describe('answerPull', () => {
  const get = async (url: string) => ({
    status: 200,
    payload: `{"data":"${'x'.repeat(100)}","url":"${url}"}`,
    json: true,
  });
  const notMirrored = () => ({ message: 'no', code: 'not-found' });

  it('leaves the keys past the size budget pending, in the order asked, and answers at least one', async () => {
    const requests = ['/api/farm', '/api/pond', '/api/block', '/api/cycle'].map((url, i) => ({
      key: `k${i}`,
      url,
    }));
    const out = await answerPull({ requests }, { get, notMirrored }, { concurrency: 1, bytes: 250 });
    expect(out.answers.map((a) => JSON.parse(a).key)).toEqual(['k0', 'k1']);
    expect(out.pending).toEqual(['k2', 'k3']);
    const tiny = await answerPull({ requests }, { get, notMirrored }, { concurrency: 1, bytes: 1 });
    expect(tiny.answers).toHaveLength(1);
  });

  it('keeps an inner body that is not JSON as a string', async () => {
    const out = await answerPull(
      { requests: [{ key: 'a', url: '/api/farm' }] },
      { get: async () => ({ status: 502, payload: 'Bad gateway', json: false }), notMirrored },
    );
    expect(JSON.parse(out.answers[0] as string)).toEqual({ key: 'a', status: 502, body: 'Bad gateway' });
  });
});
