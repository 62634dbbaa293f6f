/**
 * The devices side of probes.bench.ts, in its own process so the server's CPU share is the
 * server's alone: N devices log in to the embedded broker and publish one DO reading every
 * `interval` ms for `duration` ms at QoS 1 (plus a redelivery of every 20th message), and
 * print the publish → PUBACK times as JSON. Tambak acknowledges after storing, so each
 * time is publish → stored plus the acknowledgement's trip.
 *
 *   node --import tsx tests/bench/probe-devices.ts <port> <devices.json> <interval ms> <duration ms>
 */
import { readFileSync } from 'node:fs';
import { connectAsync } from 'mqtt';

const [port, file, interval, duration] = process.argv.slice(2);
const devices = JSON.parse(readFileSync(file, 'utf8')) as { id: string; key: string; topic: string }[];
const every = Number(interval);
const until = Date.now() + Number(duration);
const latencies: number[] = [];
let published = 0;
let redelivered = 0;

const clients = await Promise.all(
  devices.map((d) =>
    connectAsync(`mqtt://127.0.0.1:${port}`, { username: d.id, password: d.key, reconnectPeriod: 0 }),
  ),
);

await Promise.all(
  devices.map(async (d, i) => {
    const client = clients[i];
    // Spread the devices over the interval, as real ones are.
    await new Promise((resolve) => setTimeout(resolve, (every * i) / devices.length));
    let n = 0;
    while (Date.now() < until) {
      const at = new Date(Math.floor(Date.now() / 1000) * 1000).toISOString();
      const payload = JSON.stringify({
        readings: [{ parameter: 'do', value: 5 + (n % 10) / 10, measured_at: at }],
      });
      const started = performance.now();
      await client.publishAsync(d.topic, payload, { qos: 1 });
      latencies.push(performance.now() - started);
      published += 1;
      if (n % 20 === 0) {
        await client.publishAsync(d.topic, payload, { qos: 1, dup: true });
        redelivered += 1;
      }
      n += 1;
      const next = started + every - performance.now();
      if (next > 0) await new Promise((resolve) => setTimeout(resolve, next));
    }
  }),
);
await Promise.all(clients.map((c) => c.endAsync()));
console.log(JSON.stringify({ published, redelivered, latencies }));
