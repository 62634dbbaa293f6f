/**
 * Water-quality probes over MQTT (issue 27, "Performance"): N devices publishing one
 * reading every `interval` seconds for `minutes` to the embedded broker, from another
 * process. Prints every reading stored once (published vs rows, redeliveries included),
 * publish → stored p50/p99 (to the PUBACK, which Tambak sends after storing), the
 * server's CPU share, and how long a DO crash takes from the threshold (the reading that
 * completes PROBE_ALERT_MINUTES below the limit, published over MQTT when it is measured)
 * to the alert in the notification list. Prints the machine's load average with the
 * figures (the machine is shared). Figures, no pass/fail.
 *
 * Time: the load runs at the real rate (N devices × 1 reading per interval, wall clock),
 * for `minutes` (1 by default; the issue's 10-minute run is `100 10 10`): a shorter run
 * keeps the message rate, so latency and CPU share are those of the steady state, only
 * fewer readings. The crash compresses time: its first readings below the limit are
 * sent at once, backdated over the sustain minutes, then the threshold reading live.
 *
 *   node --import tsx tests/bench/probes.bench.ts [devices=100] [interval s=10] [minutes=1]
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { connectAsync } from 'mqtt';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { createDb, migrateToLatest } from '../../src/server/db/database.ts';
import { startEmbeddedPostgres } from '../../src/server/db/embedded.ts';
import { PROBE_ALERT_MINUTES } from '../../src/shared/domain/probe-alerts.ts';
import { createFarm, quickUser } from '../helpers/farm-fixtures.ts';

const DEVICES = Number(process.argv[2] ?? 100);
const INTERVAL_S = Number(process.argv[3] ?? 10);
const MINUTES = Number(process.argv[4] ?? 1);

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'tambak-bench-pg-'));
  const cluster = await startEmbeddedPostgres(dir, 56000 + Math.floor(Math.random() * 4000), true);
  await cluster.createDatabase('bench');
  const db = createDb(cluster.url('bench'), 10);
  await migrateToLatest(db);
  const config = loadConfig({
    NODE_ENV: 'test',
    STATIC_DIR: '',
    LOG_LEVEL: 'error',
    RATE_LIMIT_PER_MINUTE: '1000000',
    DATA_DIR: join(dir, 'data'),
    MQTT_EMBEDDED: '1',
    MQTT_PORT: '0',
  });
  const app = await buildApp(config, { db });
  await app.ready();
  try {
    const owner = await quickUser(app, 'owner');
    const farm = await createFarm(app, owner, Math.min(DEVICES, 100));
    const devices: { id: string; key: string; topic: string }[] = [];
    for (let i = 0; i < DEVICES; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/probeDevice',
        headers: owner.auth,
        payload: {
          farm_id: farm.farmId,
          pond_id: farm.pondIds[i % farm.pondIds.length],
          name: `P${i}`,
          parameters: ['do'],
        },
      });
      const data = res.json().data;
      devices.push({ id: data.device.id, key: data.key, topic: data.device.topic });
    }
    const file = join(dir, 'devices.json');
    writeFileSync(file, JSON.stringify(devices));
    const loadBefore = loadavg();
    const cpu = process.cpuUsage();
    const wall = performance.now();
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        'tests/bench/probe-devices.ts',
        String(app.ctx.probeMqtt.port),
        file,
        String(INTERVAL_S * 1000),
        String(MINUTES * 60_000),
      ],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    const used = process.cpuUsage(cpu);
    const elapsed = performance.now() - wall;
    const { published, redelivered, latencies } = JSON.parse(stdout) as {
      published: number;
      redelivered: number;
      latencies: number[];
    };
    const rows = Number(
      (
        await db
          .selectFrom('probe_readings')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const sorted = latencies.sort((a, b) => a - b);
    console.log(
      `probes over MQTT: ${DEVICES} devices × 1 reading / ${INTERVAL_S} s for ${MINUTES} min (embedded broker, devices in another process)`,
    );
    console.log(
      `  published ${published} (+${redelivered} redelivered duplicates), stored rows ${rows}: ${rows === published ? 'every reading stored once' : `MISMATCH (${rows - published})`}`,
    );
    console.log(
      `  publish → stored (PUBACK after storing): p50 ${pct(sorted, 50).toFixed(1)} ms, p99 ${pct(sorted, 99).toFixed(1)} ms, max ${sorted[sorted.length - 1].toFixed(1)} ms`,
    );
    console.log(
      `  server CPU: ${(((used.user + used.system) / 1000 / elapsed) * 100).toFixed(1)} % of one core over ${(elapsed / 1000).toFixed(0)} s`,
    );

    // A DO crash over MQTT: device 0's pond below 4 mg/L for the sustain minutes. The readings
    // before the threshold go at once (backdated), then the threshold reading, measured now.
    const crash = devices[0];
    const client = await connectAsync(`mqtt://127.0.0.1:${app.ctx.probeMqtt.port}`, {
      username: crash.id,
      password: crash.key,
      reconnectPeriod: 0,
    });
    const start = Date.now() - PROBE_ALERT_MINUTES * 60_000;
    const before = Array.from({ length: PROBE_ALERT_MINUTES }, (_, i) => ({
      parameter: 'do',
      value: 2.5,
      measured_at: new Date(start + i * 60_000 - 1000).toISOString(),
    }));
    await client.publishAsync(crash.topic, JSON.stringify({ readings: before }), { qos: 1 });
    const threshold = Date.now();
    await client.publishAsync(
      crash.topic,
      JSON.stringify({
        readings: [{ parameter: 'do', value: 2.4, measured_at: new Date(threshold).toISOString() }],
      }),
      { qos: 1 },
    );
    let alertMs: number | null = null;
    while (Date.now() - threshold < 60_000) {
      const found = await db
        .selectFrom('notifications')
        .select('id')
        .where('title_key', '=', 'alert.probe-title')
        .executeTakeFirst();
      if (found) {
        alertMs = Date.now() - threshold;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await client.endAsync();
    console.log(
      `  DO crash (MQTT, ${PROBE_ALERT_MINUTES} min below 4 mg/L): threshold reading measured → alert in the notification list ${alertMs === null ? 'NOT within 60 s' : `${alertMs} ms`} (goal ≤ 60 s; a device adds up to one interval, ${INTERVAL_S} s, between the threshold instant and its next reading)`,
    );
    const [one, five, fifteen] = loadavg();
    console.log(
      `  machine: load average ${one.toFixed(2)} / ${five.toFixed(2)} / ${fifteen.toFixed(2)} (1/5/15 min; ${loadBefore[0].toFixed(2)} at the start) on ${cpus().length} cores — shared with other jobs, figures are upper bounds`,
    );
  } finally {
    await app.close();
    await db.destroy();
    await cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
