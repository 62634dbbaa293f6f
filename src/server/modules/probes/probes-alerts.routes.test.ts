import { v7 as uuidv7 } from 'uuid';
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
import type { PushSender } from '../push/public.ts';

/**
 * Probe readings into the farm's data (issue 27 point 4): a DO below the standard for the
 * sustain time raises one alert (notification of kind water, to members who see the pond),
 * recovering past the margin clears it; the pond's read answers slot summaries flagged by
 * the slot standards and the chart line.
 */
let app: App;
let owner: QuickUser;
let keeper: QuickUser;
let farm: FarmSetup;
let probe: ProbeDeviceWithKey;

/** What left for the push service (web-push's HTTPS transport is the outside world here). */
const pushed: { endpoint: string; payload: string }[] = [];
const pushSender: PushSender = async (subscription, payload) => {
  pushed.push({ endpoint: subscription.endpoint, payload: String(payload) });
  return { statusCode: 201, body: '', headers: {} };
};

/** `n` one-minute readings of `value`, the last `endMinutesAgo` minutes ago. */
function minutes(n: number, value: number | ((i: number) => number), endMinutesAgo: number) {
  const end = Date.now() - endMinutesAgo * 60_000;
  return Array.from({ length: n }, (_, i) => ({
    parameter: 'do',
    value: typeof value === 'number' ? value : value(i),
    measured_at: new Date(end - (n - 1 - i) * 60_000).toISOString(),
  }));
}

async function send(readings: unknown[]) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/ingest/readings',
    headers: { 'x-device-key': probe.key },
    payload: { readings },
  });
  expect(res.statusCode, res.body).toBe(200);
  await app.ctx.alerts.idle();
  return res.json().data;
}

async function boardProbeItems(user: QuickUser) {
  const res = await app.inject({ url: `/api/attention?farm_id=${farm.farmId}`, headers: user.auth });
  expect(res.statusCode, res.body).toBe(200);
  return (
    res.json().data.items as { kind: string; severity: string; pond_id: string; reason: string }[]
  ).filter((i) => i.kind === 'probe_alert');
}

async function probeNotifications(user: QuickUser) {
  const res = await app.inject({ url: '/api/notifications', headers: user.auth });
  return (
    res.json().data as { dedup_key?: string; key?: string; body?: string; title?: string; url: string }[]
  ).filter((n) => JSON.stringify(n).includes('probe'));
}

beforeAll(async () => {
  app = await createTestApp({}, { pushSender });
  owner = await quickUser(app, 'owner');
  keeper = await quickUser(app, 'keeper');
  farm = await createFarm(app, owner, 2);
  await addMember(app, farm.farmId, keeper, 3, { [farm.pondIds[0]]: 1 });
  // The attention board is of ponds with a running cycle.
  await app.ctx.db
    .insertInto('cycles')
    .values({
      id: uuidv7(),
      farm_id: farm.farmId,
      pond_id: farm.pondIds[0],
      cycle_number: 1,
      start_date: '2026-10-01',
    })
    .execute();
  await app.inject({
    method: 'POST',
    url: '/api/push/subscriptions',
    headers: owner.auth,
    payload: {
      endpoint: `https://push.example.com/${owner.id}`,
      keys: { p256dh: 'BEl62iUYgUivxIkv69yViEuiBIa40HI0F9mCdUcLTWw', auth: 'tBHItJI5svbpez7KI4CCXg' },
    },
  });
  const res = await app.inject({
    method: 'POST',
    url: '/api/probeDevice',
    headers: owner.auth,
    payload: { farm_id: farm.farmId, pond_id: farm.pondIds[0], name: 'Aerator probe', parameters: ['do'] },
  });
  probe = res.json().data;
});

afterAll(async () => {
  await app?.close();
});

describe('probe alerts', () => {
  it('a short dip raises nothing; a DO crash held past the sustain time raises one alert; recovery clears it', async () => {
    await send([...minutes(5, 5.5, 120), ...minutes(4, 3.5, 115), ...minutes(3, 5.2, 111)]);
    expect(await probeNotifications(owner)).toHaveLength(0);

    // The night crash: 5.0 falling to 2.4 over 20 minutes, the last 16 below 4 mg/L.
    await send(minutes(20, (i) => Math.round((5 - i * 0.14) * 100) / 100, 60));
    const raised = await probeNotifications(owner);
    expect(raised).toHaveLength(1);
    expect(raised[0].url).toBe(`/farm/${farm.farmId}/pond/${farm.pondIds[0]}`);
    expect(await probeNotifications(keeper)).toHaveLength(1);
    const push = pushed.filter((p) => p.payload.includes('Probe'));
    expect(push.map((p) => p.endpoint)).toEqual([`https://push.example.com/${owner.id}`]);
    expect(push[0].payload).toContain('Kolam 1');
    const open = await app.ctx.db
      .selectFrom('probe_alerts')
      .selectAll()
      .where('pond_id', '=', farm.pondIds[0])
      .execute();
    expect(open).toHaveLength(1);
    expect(open[0].raised_at).not.toBeNull();
    expect(open[0].cleared_at).toBeNull();
    expect(await boardProbeItems(keeper)).toEqual([
      expect.objectContaining({ pond_id: farm.pondIds[0], severity: 'critical', reason: 'do_low' }),
    ]);

    // Still low, then 4.1 (inside the range, not past the margin): no new alert, still open.
    await send([...minutes(5, 3, 38), ...minutes(2, 4.1, 33)]);
    expect(await probeNotifications(owner)).toHaveLength(1);
    const still = await app.ctx.db
      .selectFrom('probe_alerts')
      .select('cleared_at')
      .where('pond_id', '=', farm.pondIds[0])
      .execute();
    expect(still[0].cleared_at).toBeNull();

    await send(minutes(3, 5, 20));
    const cleared = await app.ctx.db
      .selectFrom('probe_alerts')
      .select('cleared_at')
      .where('pond_id', '=', farm.pondIds[0])
      .execute();
    expect(cleared[0].cleared_at).not.toBeNull();
    expect(await boardProbeItems(owner)).toEqual([]);
  });

  it('answers the pond’s slot summaries (flagged by the slot standards), the chart line and the episodes', async () => {
    const from = new Date(Date.now() - 3 * 3_600_000).toISOString();
    const to = new Date().toISOString();
    const res = await app.inject({
      url: `/api/probeReadings?pond_id=${farm.pondIds[0]}&from=${from}&to=${to}`,
      headers: keeper.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    const count = data.summaries.reduce((n: number, s: { count: number }) => n + s.count, 0);
    expect(count).toBe(5 + 4 + 3 + 20 + 5 + 2 + 3);
    expect(data.summaries.some((s: { low: boolean; min: number }) => s.low && s.min <= 2.4)).toBe(true);
    expect(data.series[0].parameter).toBe('do');
    expect(data.series[0].points.length).toBe(count);
    expect(data.alerts[0]).toMatchObject({ parameter: 'do', direction: 'low', limit: 4 });
    const other = await app.inject({
      url: `/api/probeReadings?pond_id=${farm.pondIds[1]}&from=${from}&to=${to}`,
      headers: keeper.auth,
    });
    expect(other.statusCode).toBe(404);
  });
});
