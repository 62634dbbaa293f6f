import { createServer, type Server } from 'node:net';
import { Aedes } from 'aedes';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProbeDeviceWithKey } from '#shared/contracts/probes';
import { createFarm, type FarmSetup, type QuickUser, quickUser } from '#test/helpers/farm-fixtures';
import { createTestApp } from '#test/helpers/test-app';
import type { App } from '../../app.ts';

/**
 * Probe readings over MQTT (issue 27 point 3) through real brokers: the embedded one
 * (devices log in with id and key, one topic each) and an outside broker Tambak
 * subscribes to (MQTT_URL; here a plain aedes on a free port, as mosquitto would be).
 * QoS 1: the PUBACK comes after the readings are stored, and a redelivery stores nothing twice.
 */
let app: App;
let owner: QuickUser;
let farm: FarmSetup;
const clients: MqttClient[] = [];

const recent = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
const payload = (...minutesAgo: number[]) =>
  JSON.stringify({
    readings: minutesAgo.map((m) => ({ parameter: 'do', value: 5.5, measured_at: recent(m) })),
    battery: 90,
  });

async function device(
  target: App = app,
  f: FarmSetup = farm,
  by: QuickUser = owner,
): Promise<ProbeDeviceWithKey> {
  const res = await target.inject({
    method: 'POST',
    url: '/api/probeDevice',
    headers: by.auth,
    payload: { farm_id: f.farmId, pond_id: f.pondIds[0], name: 'MQTT probe', parameters: ['do'] },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data;
}

async function stored(target: App, deviceId: string): Promise<number> {
  const row = await target.ctx.db
    .selectFrom('probe_readings')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('device_id', '=', deviceId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function login(d: ProbeDeviceWithKey, password = d.key): Promise<MqttClient> {
  const client = await connectAsync(`mqtt://127.0.0.1:${app.ctx.probeMqtt.port}`, {
    username: d.device.id,
    password,
    reconnectPeriod: 0,
    connectTimeout: 5000,
  });
  clients.push(client);
  return client;
}

/** Resolves when the broker closed the connection. */
const closed = (client: MqttClient) =>
  new Promise<void>((resolve) => {
    if (!client.connected) return resolve();
    client.once('close', () => resolve());
  });

beforeAll(async () => {
  app = await createTestApp({ MQTT_EMBEDDED: '1', MQTT_PORT: '0' });
  owner = await quickUser(app, 'owner');
  farm = await createFarm(app, owner, 1);
});

afterAll(async () => {
  for (const c of clients) await c.endAsync(true).catch(() => undefined);
  await app?.close();
});

describe('embedded broker', () => {
  it('stores a QoS 1 message before its PUBACK, once however often it is delivered', async () => {
    const d = await device();
    const client = await login(d);
    const message = payload(3, 2, 1);
    await client.publishAsync(d.device.topic, message, { qos: 1 });
    expect(await stored(app, d.device.id)).toBe(3);
    await client.publishAsync(d.device.topic, message, { qos: 1, dup: true });
    expect(await stored(app, d.device.id)).toBe(3);
    const listed = await app.inject({ url: `/api/probeDevice?farm_id=${farm.farmId}`, headers: owner.auth });
    expect(listed.json().data.find((x: { id: string }) => x.id === d.device.id)).toMatchObject({
      battery: 90,
    });
  });

  it('refuses a wrong key, another device’s id and a revoked key at login', async () => {
    const d = await device();
    const other = await device();
    await expect(login(d, 'tpk_wrong')).rejects.toThrow();
    await expect(login({ ...d, device: other.device })).rejects.toThrow();
    await app.inject({
      method: 'POST',
      url: `/api/probeDevice/${d.device.id}/revoke`,
      headers: owner.auth,
      payload: {},
    });
    await expect(login(d)).rejects.toThrow();
  });

  it('closes a device that publishes to another topic or after its key was revoked, storing nothing', async () => {
    const d = await device();
    const other = await device();
    const wrongTopic = await login(d);
    const gone = closed(wrongTopic);
    wrongTopic.publish(other.device.topic, payload(1), { qos: 1 });
    await gone;
    expect(await stored(app, other.device.id)).toBe(0);
    expect(await stored(app, d.device.id)).toBe(0);

    const revoked = await login(d);
    await app.inject({
      method: 'POST',
      url: `/api/probeDevice/${d.device.id}/revoke`,
      headers: owner.auth,
      payload: {},
    });
    const shut = closed(revoked);
    revoked.publish(d.device.topic, payload(1), { qos: 1 });
    await shut;
    expect(await stored(app, d.device.id)).toBe(0);
  });

  it('acknowledges and drops a malformed message; refuses subscriptions', async () => {
    const d = await device();
    const client = await login(d);
    for (const bad of [
      'not json',
      '{"readings":[]}',
      '{"readings":"x"}',
      '{"readings":[{"parameter":"do\\u0000"}]}',
      '[1]',
    ])
      await client.publishAsync(d.device.topic, bad, { qos: 1 });
    await client.publishAsync(d.device.topic, payload(1), { qos: 1 });
    expect(await stored(app, d.device.id)).toBe(1);
    await expect(client.subscribeAsync(d.device.topic, { qos: 1 })).rejects.toThrow(/Subscribe error/);
    expect(client.connected).toBe(true);
  });
});

describe('outside broker (MQTT_URL)', () => {
  let broker: Aedes;
  let server: Server;
  let bridged: App;

  beforeAll(async () => {
    broker = await Aedes.createBroker();
    server = createServer(broker.handle);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const port = (server.address() as { port: number }).port;
    bridged = await createTestApp({ MQTT_URL: `mqtt://127.0.0.1:${port}` });
    await bridged.ctx.probeMqtt.subscribed;
  });

  afterAll(async () => {
    await bridged?.close();
    await new Promise<void>((resolve) => broker.close(() => resolve()));
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('starts while the outside broker is down, and subscribes once it is up', async () => {
    const spare = createServer();
    await new Promise<void>((resolve) => spare.listen(0, '127.0.0.1', () => resolve()));
    const port = (spare.address() as { port: number }).port;
    await new Promise<void>((resolve) => spare.close(() => resolve()));
    const early = await createTestApp({ MQTT_URL: `mqtt://127.0.0.1:${port}` });
    try {
      expect((await early.inject({ url: '/api/health' })).statusCode).toBe(200);
      const late = await Aedes.createBroker();
      const lateServer = createServer(late.handle);
      await new Promise<void>((resolve) => lateServer.listen(port, '127.0.0.1', () => resolve()));
      await early.ctx.probeMqtt.subscribed;
      await early.close();
      await new Promise<void>((resolve) => late.close(() => resolve()));
      await new Promise<void>((resolve) => lateServer.close(() => resolve()));
    } catch (error) {
      await early.close();
      throw error;
    }
  });

  it('stores messages that carry their device key, once, and drops those without', async () => {
    const me = await quickUser(bridged, 'owner');
    const f = await createFarm(bridged, me, 1);
    const d = await device(bridged, f, me);
    const port = (server.address() as { port: number }).port;
    const publisher = await connectAsync(`mqtt://127.0.0.1:${port}`, { reconnectPeriod: 0 });
    clients.push(publisher);
    const at = recent(1);
    const body = { readings: [{ parameter: 'do', value: 6.1, measured_at: at }] };
    await publisher.publishAsync(d.device.topic, JSON.stringify(body), { qos: 1 });
    await publisher.publishAsync(d.device.topic, JSON.stringify({ ...body, key: d.key }), { qos: 1 });
    await publisher.publishAsync(d.device.topic, JSON.stringify({ ...body, key: d.key }), { qos: 1 });
    const more = { readings: [{ parameter: 'do', value: 6.2, measured_at: recent(0.5) }], key: d.key };
    await publisher.publishAsync(d.device.topic, JSON.stringify(more), { qos: 1 });
    // The broker acknowledged the publisher; Tambak stores as its subscription delivers.
    await expect.poll(() => stored(bridged, d.device.id), { timeout: 5000 }).toBe(2);
  });
});
