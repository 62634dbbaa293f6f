import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { BLOCKS, DEATHS } from '#local/resources';
import { cursorKey, fillHistory, fillKey, pullResources } from '#local/sync/pull';
import type { TransportRequest } from '#local/sync/transport';
import { deathRecord, FakeServer, ManualClock, offline, testDb } from '#local/test-kit';

/** ADR 0086: a new device's first pull of a long list comes in part, the rest after it. */
const FARM = 'f1';
const death = deathRecord;
const list = (items: unknown[], server_time: string) => ({
  status: 200,
  body: { message: 'ok', data: items, server_time },
});
const live = (r: TransportRequest) => new URL(r.url, 'http://x').searchParams.get('live');

describe('a first pull in part, then the rest', () => {
  const db = testDb();
  const clock = new ManualClock();
  afterEach(async () => {
    await Promise.all(db.tables.map((t) => t.clear()));
  });

  it('asks the running cycles first; the rest adds what is missing and replaces nothing newer or unsent', async () => {
    const server = new FakeServer((r) =>
      live(r) === 'true'
        ? list([death('d1', 1)], '2026-02-01T00:00:05.000Z')
        : list(
            [
              death('d1', 1),
              death('d2', 2),
              death('d3', 3),
              death('d4', 4),
              { ...death('d5', 5), deleted_at: 'x' },
            ],
            '2026-02-01T00:00:03.000Z',
          ),
    );
    const options = { db, transport: server.transport, clock };
    expect(await pullResources(options, [DEATHS, BLOCKS], FARM)).toMatchObject([
      { kind: 'ok', applied: 1 },
      { kind: 'ok' },
    ]);
    expect(await db.deaths.count()).toBe(1);
    expect(await db.syncState.get(fillKey('deaths', FARM))).toBeDefined();
    // Lists without a first part are whole from the start: nothing to fill.
    expect(await db.syncState.get(fillKey('blocks', FARM))).toBeUndefined();

    // Meanwhile: an unsent edit of d3, and a newer version of d4 from a regular pull.
    await db.deaths.put({ ...death('d3', 30), _status: 'pending' } as never);
    await db.deaths.put({ ...death('d4', 40, '2026-02-01T00:00:04.000Z'), _status: 'synced' } as never);

    expect(await fillHistory(options, [DEATHS, BLOCKS], FARM)).toMatchObject([{ kind: 'ok', applied: 1 }]);
    const rows = await db.deaths.orderBy('death_id').toArray();
    expect(rows.map((d) => [d.death_id, d.count, d._status])).toEqual([
      ['d1', 1, 'synced'],
      ['d2', 2, 'synced'],
      ['d3', 30, 'pending'],
      ['d4', 40, 'synced'],
    ]);
    // Done: the mark is gone, and the cursor went back to the rest's read time, so the
    // next pull reads again what changed after it (a deletion the rest missed).
    expect(await db.syncState.get(fillKey('deaths', FARM))).toBeUndefined();
    expect(await db.syncState.get(cursorKey('deaths', FARM))).toMatchObject({
      since: '2026-02-01T00:00:03.000Z',
    });
    const asked = server.requests.filter((r) => r.url.startsWith('/api/death'));
    expect(asked.map(live)).toEqual(['true', null]);

    // Nothing left to fill: no request.
    expect(await fillHistory(options, [DEATHS, BLOCKS], FARM)).toEqual([]);
    await pullResources(options, [DEATHS], FARM);
    const last = server.requests.filter((r) => r.url.startsWith('/api/death')).at(-1);
    expect(last && live(last)).toBeNull();
    expect(last?.url).toContain('since=2026-02-01T00%3A00%3A03.000Z');
  });

  it('a rest that did not arrive keeps its mark for the next pull', async () => {
    const server = new FakeServer(() => list([death('d1', 1)], 'T5'));
    const options = { db, transport: server.transport, clock };
    await pullResources(options, [DEATHS], FARM);
    server.handler = offline;
    expect(await fillHistory(options, [DEATHS], FARM)).toMatchObject([{ kind: 'network' }]);
    expect(await db.syncState.get(fillKey('deaths', FARM))).toBeDefined();
    expect(await db.deaths.count()).toBe(1);
  });
});
