import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProbeDeviceWithKey } from '#shared/contracts/probes';
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
 * Probe devices and HTTP ingestion (issue 27 points 1–2): owners and managers register,
 * rotate and revoke devices; a device key stores readings once, refuses bad ones one by
 * one, and no input of a device answers a 5xx.
 */
let app: App;
let owner: QuickUser;
let manager: QuickUser;
let technician: QuickUser;
let farm: FarmSetup;

const recent = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();

async function register(by: QuickUser, payload: Record<string, unknown> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/probeDevice',
    headers: by.auth,
    payload: {
      farm_id: farm.farmId,
      pond_id: farm.pondIds[0],
      name: 'DO probe',
      parameters: ['do', 'temperature'],
      ...payload,
    },
  });
}

async function device(payload: Record<string, unknown> = {}): Promise<ProbeDeviceWithKey> {
  const res = await register(owner, payload);
  expect(res.statusCode).toBe(201);
  return res.json().data;
}

function ingest(key: string | null, payload: unknown, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/ingest/readings',
    headers: { ...(key ? { 'x-device-key': key } : {}), ...headers },
    ...(typeof payload === 'string' ? { body: payload } : { payload: payload as Record<string, unknown> }),
  });
}

async function storedCount(deviceId: string): Promise<number> {
  return app.ctx.db
    .selectFrom('probe_readings')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('device_id', '=', deviceId)
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

beforeAll(async () => {
  app = await createTestApp({ PROBE_RATE_PER_MINUTE: '20' });
  owner = await quickUser(app, 'owner');
  manager = await quickUser(app, 'manager');
  technician = await quickUser(app, 'technician');
  farm = await createFarm(app, owner, 2);
  await addMember(app, farm.farmId, manager, 2);
  await addMember(app, farm.farmId, technician, 3, { [farm.pondIds[0]]: 2 });
});

afterAll(async () => {
  await app?.close();
});

describe('devices', () => {
  it('registers a device for an owner or manager and answers its key once, storing only a hash', async () => {
    const { device: d, key } = await device({ units: { temperature: 'F' } });
    expect(key).toMatch(/^tpk_[A-Za-z0-9_-]{43}$/);
    expect(d.topic).toBe(`tambak/${farm.farmId}/${d.id}/readings`);
    expect(d.units).toEqual({ temperature: '°F' });
    const row = await app.ctx.db
      .selectFrom('probe_devices')
      .select('key_hash')
      .where('id', '=', d.id)
      .executeTakeFirstOrThrow();
    expect(row.key_hash).toBe(sha256(key));
    const byManager = await register(manager);
    expect(byManager.statusCode).toBe(201);
    const list = await app.inject({ url: `/api/probeDevice?farm_id=${farm.farmId}`, headers: manager.auth });
    expect(list.statusCode).toBe(200);
    expect(JSON.stringify(list.json())).not.toContain(key);
    expect(list.json().data.map((x: { id: string }) => x.id)).toContain(d.id);
  });

  it('refuses a technician (403), a pond of another farm (404), a bad unit and a blank name (400)', async () => {
    expect((await register(technician)).statusCode).toBe(403);
    const other = await createFarm(app, owner, 1);
    expect((await register(owner, { pond_id: other.pondIds[0] })).statusCode).toBe(404);
    const unit = await register(owner, { units: { do: '°C' } });
    expect(unit.statusCode).toBe(400);
    expect(unit.json().code).toBe('validation-failed');
    expect((await register(owner, { name: '   ' })).statusCode).toBe(400);
    expect((await register(owner, { parameters: ['orp'] })).statusCode).toBe(400);
  });

  it('rotates (old key 401, new key stores) and revokes (401, nothing stored)', async () => {
    const { device: d, key } = await device();
    const reading = { readings: [{ parameter: 'do', value: 5, measured_at: recent(1) }] };
    expect((await ingest(key, reading)).statusCode).toBe(200);
    const rotated = await app.inject({
      method: 'POST',
      url: `/api/probeDevice/${d.id}/rotate`,
      headers: owner.auth,
      payload: {},
    });
    expect(rotated.statusCode).toBe(200);
    const newKey: string = rotated.json().data.key;
    expect(newKey).not.toBe(key);
    const old = await ingest(key, { readings: [{ parameter: 'do', value: 5, measured_at: recent(2) }] });
    expect(old.statusCode).toBe(401);
    expect(old.json().code).toBe('device-key-invalid');
    expect(
      (await ingest(newKey, { readings: [{ parameter: 'do', value: 5, measured_at: recent(2) }] }))
        .statusCode,
    ).toBe(200);
    const revoked = await app.inject({
      method: 'POST',
      url: `/api/probeDevice/${d.id}/revoke`,
      headers: owner.auth,
      payload: {},
    });
    expect(revoked.json().data.revoked_at).not.toBeNull();
    const after = await ingest(newKey, { readings: [{ parameter: 'do', value: 5, measured_at: recent(3) }] });
    expect(after.statusCode).toBe(401);
    expect(await storedCount(d.id)).toBe(2);
    const again = await app.inject({
      method: 'POST',
      url: `/api/probeDevice/${d.id}/rotate`,
      headers: owner.auth,
      payload: {},
    });
    expect(again.statusCode).toBe(409);
  });
});

describe('POST /api/ingest/readings', () => {
  it('stores each reading once, converts units, refuses bad ones with reasons and records battery and signal', async () => {
    const { device: d, key } = await device({ parameters: ['do', 'temperature', 'salinity'] });
    const at = recent(5);
    const body = {
      readings: [
        { parameter: 'temperature', value: 86, unit: '°F', measured_at: at },
        { parameter: 'salinity', value: 20, unit: 'psu', measured_at: at },
        { parameter: 'do', value: 80, unit: '%', measured_at: at },
        { parameter: 'do', value: -3, measured_at: recent(4) },
        { parameter: 'ph', value: 7.9, measured_at: at },
        { parameter: 'do', value: 5, measured_at: '2030-01-01T00:00:00Z' },
      ],
      battery: 76,
      signal: -71,
    };
    const res = await app.inject({
      method: 'POST',
      url: '/api/ingest/readings',
      headers: { authorization: `Bearer ${key}` },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      stored: 3,
      duplicates: 0,
      refused: [
        { index: 3, reason: 'out-of-range', parameter: 'do' },
        { index: 4, reason: 'parameter-not-registered', parameter: 'ph' },
        { index: 5, reason: 'future', parameter: 'do' },
      ],
    });
    const replay = await ingest(key, body);
    expect(replay.json().data).toMatchObject({ stored: 0, duplicates: 3 });
    expect(await storedCount(d.id)).toBe(3);
    const rows = await app.ctx.db
      .selectFrom('probe_readings')
      .select(['parameter', 'value'])
      .where('device_id', '=', d.id)
      .execute();
    const value = (p: string) => rows.find((r) => r.parameter === p)?.value;
    expect(value('temperature')).toBe(30);
    expect(value('do')).toBeCloseTo(0.8 * 6.76, 1);
    const listed = await app.inject({ url: `/api/probeDevice?farm_id=${farm.farmId}`, headers: owner.auth });
    const mine = listed.json().data.find((x: { id: string }) => x.id === d.id);
    expect(mine).toMatchObject({ battery: 76, signal: -71 });
    expect(mine.last_message_at).not.toBeNull();
  });

  it('answers 401 without a key or with an unknown one, and stores nothing', async () => {
    const body = { readings: [{ parameter: 'do', value: 5, measured_at: recent(1) }] };
    expect((await ingest(null, body)).statusCode).toBe(401);
    expect((await ingest('tpk_unknown', body)).statusCode).toBe(401);
    expect((await ingest(null, body, { authorization: 'Bearer nonsense' })).statusCode).toBe(401);
  });

  it('never answers a 5xx to bad input', async () => {
    const { key } = await device();
    const good = { parameter: 'do', value: 5, measured_at: recent(1) };
    const cases: { payload: unknown; headers?: Record<string, string> }[] = [
      {
        payload: '{"readings":[{"parameter":"do","value":1e309,"measured_at":"2026-01-01T00:00:00Z"}]}',
        headers: { 'content-type': 'application/json' },
      },
      {
        payload: '{"readings":[{"parameter":"d\\u0000o","value":5}]}',
        headers: { 'content-type': 'application/json' },
      },
      {
        payload: '{"readings":[{"parameter":"\\ud800","value":5}]}',
        headers: { 'content-type': 'application/json' },
      },
      { payload: '{"readings":', headers: { 'content-type': 'application/json' } },
      { payload: 'readings=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      { payload: 'hello', headers: { 'content-type': 'text/plain' } },
      { payload: { readings: [] } },
      { payload: { readings: 'do=5' } },
      { payload: { readings: [good], extra: 1 } },
      { payload: { readings: [good], battery: 'full' } },
      { payload: { readings: Array.from({ length: 501 }, () => good) } },
      {
        payload: JSON.stringify({ readings: [good], pad: 'x'.repeat(300_000) }),
        headers: { 'content-type': 'application/json' },
      },
      {
        payload: {
          readings: [
            null,
            5,
            [],
            { parameter: 5, value: {} },
            { parameter: 'do', value: '5', measured_at: 7 },
          ],
        },
      },
    ];
    for (const c of cases) {
      const res = await ingest(key, c.payload, c.headers);
      expect(
        res.statusCode,
        `${JSON.stringify(c.payload).slice(0, 80)} → ${res.body}`,
      ).toBeGreaterThanOrEqual(200);
      expect(res.statusCode, `${JSON.stringify(c.payload).slice(0, 80)} → ${res.body}`).toBeLessThan(500);
    }
    const mixed = await ingest(key, {
      readings: [null, 5, { parameter: 'do', value: '5', measured_at: recent(1) }],
    });
    expect(mixed.statusCode, mixed.body).toBe(200);
    expect(mixed.json().data.refused.map((r: { reason: string }) => r.reason)).toEqual([
      'not-an-object',
      'not-an-object',
      'not-a-number',
    ]);
  });

  it('limits a flooding device without slowing another', async () => {
    const flood = await device();
    const calm = await device();
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++)
      statuses.push(
        (await ingest(flood.key, { readings: [{ parameter: 'do', value: 5, measured_at: recent(i + 10) }] }))
          .statusCode,
      );
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    const res = await ingest(calm.key, { readings: [{ parameter: 'do', value: 5, measured_at: recent(1) }] });
    expect(res.statusCode).toBe(200);
  });
});
