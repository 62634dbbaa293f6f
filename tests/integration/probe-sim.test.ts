import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createFarm, type FarmSetup, type QuickUser, quickUser } from '../helpers/farm-fixtures.ts';
import { type App, createTestApp } from '../helpers/test-app.ts';

/**
 * `npm run probe:sim` against a real server (issue 27 point 5): the simulator registers a
 * probe per pond with the owner's session, publishes an hour of one-minute readings over
 * MQTT through the embedded broker, and the crash pond's DO raises its alert; a second
 * run of the same seed stores nothing twice.
 */
const run = promisify(execFile);
let app: App;
let owner: QuickUser;
let farm: FarmSetup;
let dir: string;
let baseUrl: string;

async function sim(...extra: string[]) {
  return run(
    process.execPath,
    [
      '--import',
      'tsx',
      'scripts/probe-sim.ts',
      '--farm',
      farm.farmId,
      // One argument with '=': a session token may start with '-' (base64url), which
      // parseArgs would take for an option.
      `--token=${owner.auth.authorization.slice('Bearer '.length)}`,
      '--url',
      baseUrl,
      '--via',
      'mqtt',
      '--mqtt',
      `mqtt://127.0.0.1:${app.ctx.probeMqtt.port}`,
      '--ponds',
      '3',
      '--minutes',
      '60',
      '--rate',
      '1m',
      '--keys-file',
      join(dir, 'keys.json'),
      ...extra,
    ],
    { timeout: 60_000 },
  );
}

async function count(table: 'probe_readings' | 'probe_devices') {
  const row = await app.ctx.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('farm_id', '=', farm.farmId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'probe-sim-'));
  app = await createTestApp({ MQTT_EMBEDDED: '1', MQTT_PORT: '0' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  owner = await quickUser(app, 'owner');
  farm = await createFarm(app, owner, 4);
});

afterAll(async () => {
  await app?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('probe simulator', () => {
  it('publishes an hour of readings for 3 ponds over MQTT; the crash pond raises its DO alert', async () => {
    const first = await sim();
    expect(first.stdout).toContain('DO crash in Kolam 1');
    const stored = await count('probe_readings');
    // 60 or 61 one-minute instants (the window's start may fall on the minute), 3 parameters, 3 ponds.
    expect([60 * 9, 61 * 9]).toContain(stored);
    expect(await count('probe_devices')).toBe(3);
    // Over MQTT the broker is answered once the readings are stored: the pond's episodes are
    // judged after that, so the test waits for the episode (and its notice) to be there.
    await vi.waitFor(
      async () => {
        await app.ctx.alerts.idle();
        // DO only: the simulated pH is continuous, the slot standards are not (a pH near 8.0 at noon may be flagged).
        const episodes = await app.ctx.db
          .selectFrom('probe_alerts')
          .selectAll()
          .where('farm_id', '=', farm.farmId)
          .where('parameter', '=', 'do')
          .execute();
        expect(episodes.map((e) => [e.pond_id, e.parameter, e.direction, e.raised_at !== null])).toEqual([
          [farm.pondIds[0], 'do', 'low', true],
        ]);
        const notes = await app.inject({ url: '/api/notifications', headers: owner.auth });
        const probeAlerts = (
          notes.json().data as { title_key: string; pond_id: string; body_params?: { parameter?: string } }[]
        ).filter((n) => n.title_key === 'alert.probe-title' && n.body_params?.parameter === 'do');
        expect(probeAlerts.map((n) => n.pond_id)).toEqual([farm.pondIds[0]]);
      },
      { timeout: 30_000, interval: 100 },
    );

    // Same seed, same window, same devices (kept in the keys file): nothing stored twice.
    const again = await sim('--minutes', '5');
    expect(again.stdout).not.toContain('HTTP');
    expect(await count('probe_devices')).toBe(3);
    expect(await count('probe_readings')).toBeLessThanOrEqual(stored + 2 * 9);
  }, 120_000);
});
