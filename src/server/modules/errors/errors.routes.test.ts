import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorOverview, ErrorReportBody } from '#shared/contracts/errors';
import { type QuickUser, quickUser } from '#test/helpers/farm-fixtures';
import { createTestApp } from '#test/helpers/test-app';
import type { App } from '../../app.ts';

/**
 * Error tracing (issue 30 point 1, ADR 0067): devices report without a session, frames
 * are mapped with the build's hidden source maps (never served), groups count sightings,
 * sessions give crash-free shares per release, only system admins read; bad input and
 * floods answer 4xx, never 5xx.
 */
let app: App;
let admin: QuickUser;
let user: QuickUser;
let dist: string;

const CHUNK = 'screen-Ab12Cd34.js';
/** One mapping: the chunk's line 1, column 0 is line 1, column 0 of boom.tsx, in `explode`. */
const MAP = {
  version: 3,
  file: CHUNK,
  sources: ['../../src/features/errors/boom.tsx'],
  names: ['explode'],
  mappings: 'AAAAA',
};

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'tambak-errors-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dist, 'assets', CHUNK), 'throw new Error("x")');
  writeFileSync(join(dist, 'assets', `${CHUNK}.map`), JSON.stringify(MAP));
  app = await createTestApp({
    STATIC_DIR: dist,
    ERROR_REPORTS_PER_MINUTE: '5',
    ERROR_EVENTS_PER_MINUTE: '8',
  });
  admin = await quickUser(app, 'sysadmin');
  user = await quickUser(app, 'keeper');
  await app.ctx.db.updateTable('users').set({ is_system_admin: true }).where('id', '=', admin.id).execute();
});

afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

let deviceSeq = 0;
const newDevice = () => `device-${++deviceSeq}-${Math.random().toString(36).slice(2, 10)}`;
const at = '2026-11-01T02:03:04.000Z';

function event(session: string, overrides: Partial<ErrorReportBody['events'][number]> = {}) {
  return {
    kind: 'boundary' as const,
    name: 'Error',
    message: 'Boom at step 3',
    frames: [{ fn: 'a', file: `/assets/${CHUNK}`, line: 1, col: 1 }],
    route: '/admin/errors',
    session_id: session,
    count: 2,
    first_seen: at,
    last_seen: at,
    ...overrides,
  };
}

function report(body: unknown, address = '10.0.0.1') {
  return app.inject({
    method: 'POST',
    url: '/api/errors/report',
    headers: { 'user-agent': 'TestPhone/1.0', 'x-forwarded-for': address, 'accept-language': 'en' },
    payload: body as Record<string, unknown>,
  });
}

async function overview(): Promise<ErrorOverview> {
  const res = await app.inject({ url: '/api/errors', headers: admin.auth });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

describe('error reports', () => {
  it('stores a report without a session, maps its frames and groups sightings', async () => {
    const device = newDevice();
    const res = await report({
      device_id: device,
      release: 'r-one',
      sessions: [{ session_id: 'session-aaaa1', started_at: at }],
      events: [event('session-aaaa1')],
    });
    expect(res.statusCode).toBe(202);
    expect(res.json().data).toEqual({ stored: 1, dropped: 0 });
    // The same error later, with another number in the message: one group.
    const again = await report(
      {
        device_id: device,
        release: 'r-two',
        sessions: [],
        events: [
          event('session-aaaa2', {
            message: 'Boom at step 7',
            count: 1,
            last_seen: '2026-11-02T00:00:00.000Z',
          }),
        ],
      },
      '10.0.0.2',
    );
    expect(again.statusCode).toBe(202);
    const group = (await overview()).groups.find((g) => g.message === 'Boom at step 3');
    expect(group).toMatchObject({
      kind: 'boundary',
      count: 3,
      devices: 1,
      release: 'r-two',
      route: '/admin/errors',
      user_agent: 'TestPhone/1.0',
      first_seen: at,
      last_seen: '2026-11-02T00:00:00.000Z',
    });
    expect(group?.frames[0]).toEqual({
      fn: 'explode',
      file: 'src/features/errors/boom.tsx',
      line: 1,
      col: 1,
      mapped: true,
    });
  });

  it('counts crash-free sessions per release', async () => {
    const device = newDevice();
    const sessions = ['crashfree-1', 'crashfree-2', 'crashfree-3', 'crashfree-4'].map((session_id) => ({
      session_id,
      started_at: at,
    }));
    const res = await report(
      {
        device_id: device,
        release: 'r-health',
        sessions,
        events: [event('crashfree-2', { message: 'Health check failure' })],
      },
      '10.0.0.3',
    );
    expect(res.statusCode).toBe(202);
    // Replayed: the sessions and the session with an error are stored once.
    await report({ device_id: device, release: 'r-health', sessions, events: [] }, '10.0.0.3');
    const health = (await overview()).releases.find((r) => r.release === 'r-health');
    expect(health).toMatchObject({ sessions: 4, crashed: 1, crash_free: 0.75 });
  });

  it('keeps frames it cannot map as they came, and never serves the source maps', async () => {
    const res = await report(
      {
        device_id: newDevice(),
        release: 'r-one',
        sessions: [],
        events: [
          event('session-unmapped', {
            message: 'Unmapped',
            frames: [{ fn: 'b', file: '/assets/old-Zz99Yy88.js', line: 4, col: 2 }],
          }),
        ],
      },
      '10.0.0.4',
    );
    expect(res.statusCode).toBe(202);
    const group = (await overview()).groups.find((g) => g.message === 'Unmapped');
    expect(group?.frames).toEqual([
      { fn: 'b', file: '/assets/old-Zz99Yy88.js', line: 4, col: 2, mapped: false },
    ]);
    expect((await app.inject({ url: `/assets/${CHUNK}` })).statusCode).toBe(200);
    expect((await app.inject({ url: `/assets/${CHUNK}.map` })).statusCode).toBe(404);
  });
});

describe('who reads and sets', () => {
  it('lets system admins only read the list and set the sample rate', async () => {
    expect((await app.inject({ url: '/api/errors', headers: user.auth })).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/errors' })).statusCode).toBe(401);
    const config = await app.inject({ url: '/api/errors/config' });
    expect(config.json().data).toEqual({ sample_rate: 0.5 });
    const refused = await app.inject({
      method: 'PUT',
      url: '/api/errors/config',
      headers: user.auth,
      payload: { sample_rate: 1 },
    });
    expect(refused.statusCode).toBe(403);
    const set = await app.inject({
      method: 'PUT',
      url: '/api/errors/config',
      headers: admin.auth,
      payload: { sample_rate: 0 },
    });
    expect(set.statusCode).toBe(200);
    expect((await app.inject({ url: '/api/errors/config' })).json().data).toEqual({ sample_rate: 0 });
    const wrong = await app.inject({
      method: 'PUT',
      url: '/api/errors/config',
      headers: { ...admin.auth, 'accept-language': 'en' },
      payload: { sample_rate: 2 },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.sample_rate).toBeDefined();
  });
});

describe('bad input and floods', () => {
  const good = () => ({
    device_id: newDevice(),
    release: 'r-bad',
    sessions: [],
    events: [event('session-bad01')],
  });

  it.each([
    ['wrong types', { ...good(), events: [{ ...event('session-bad01'), count: 'many' }] }],
    ['a NUL character', { ...good(), events: [event('session-bad01', { message: 'a\u0000b' })] }],
    ['a lone surrogate', { ...good(), events: [event('session-bad01', { message: 'a\ud800b' })] }],
    ['a device id that is an email', { ...good(), device_id: 'someone@example.com' }],
    ['too many events', { ...good(), events: Array.from({ length: 51 }, () => event('session-bad01')) }],
  ])('answers 400 in the caller’s language for %s', async (_, body) => {
    const res = await report(body, '10.1.0.1');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation-failed', message: 'The data sent is not valid.' });
  });

  it('answers 413 for a huge body', async () => {
    const res = await report(
      { ...good(), events: [event('s-huge-01', { message: 'x'.repeat(600_000) })] },
      '10.1.0.2',
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('payload-too-large');
  });

  it('limits a flood from one device: events over the rate dropped, then 429, others unaffected', async () => {
    const device = newDevice();
    const many = Array.from({ length: 10 }, (_, i) =>
      event('session-flood', { message: `Flood ${String.fromCharCode(65 + i)}` }),
    );
    const first = await report(
      { device_id: device, release: 'r-flood', sessions: [], events: many },
      '10.2.0.1',
    );
    expect(first.statusCode).toBe(202);
    expect(first.json().data).toEqual({ stored: 8, dropped: 2 });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push(
        (await report({ device_id: device, release: 'r-flood', sessions: [], events: [] }, `10.2.1.${i}`))
          .statusCode,
      );
    }
    expect(statuses).toContain(429);
    expect(statuses.every((s) => s === 202 || s === 429)).toBe(true);
    const other = await report(good(), '10.2.2.1');
    expect(other.statusCode).toBe(202);
  });
});
