import { connectAsync, type MqttClient } from 'mqtt';
import type { SimReading } from './model.ts';

/** A simulated device: its id, key and topic as the server answered them. */
export interface SimDevice {
  pondId: string;
  pondName: string;
  id: string;
  key: string;
  topic: string;
}

/** Sends one device's message (≤ 500 readings) and answers what the server said. */
export type Sender = (device: SimDevice, readings: SimReading[]) => Promise<string>;

/** Over HTTP: `POST /api/ingest/readings` with the device key. */
export function httpSender(baseUrl: string): Sender {
  return async (device, readings) => {
    const res = await fetch(`${baseUrl}/api/ingest/readings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-device-key': device.key },
      body: JSON.stringify({ readings, battery: 88, signal: -67 }),
    });
    const body = (await res.json()) as { data?: { stored: number; duplicates: number; refused: unknown[] } };
    if (!res.ok) return `HTTP ${res.status} ${JSON.stringify(body)}`;
    return `stored ${body.data?.stored}, duplicates ${body.data?.duplicates}, refused ${body.data?.refused.length}`;
  };
}

/**
 * Over MQTT, QoS 1, one connection per device: with `embedded` the device logs in with
 * its id and key (Tambak's embedded broker); otherwise the key rides in the payload (an
 * outside broker Tambak subscribes to).
 */
export function mqttSender(url: string, embedded: boolean): Sender & { close(): Promise<void> } {
  const clients = new Map<string, Promise<MqttClient>>();
  const clientOf = (device: SimDevice) => {
    let client = clients.get(device.id);
    if (!client) {
      client = connectAsync(url, {
        clientId: `sim-${device.id}`,
        ...(embedded ? { username: device.id, password: device.key } : {}),
        reconnectPeriod: 1000,
      });
      clients.set(device.id, client);
    }
    return client;
  };
  const send = async (device: SimDevice, readings: SimReading[]) => {
    const client = await clientOf(device);
    const payload = { readings, battery: 88, signal: -67, ...(embedded ? {} : { key: device.key }) };
    await client.publishAsync(device.topic, JSON.stringify(payload), { qos: 1 });
    return `published ${readings.length}`;
  };
  return Object.assign(send, {
    close: async () => {
      for (const client of clients.values()) await (await client).endAsync();
    },
  });
}
