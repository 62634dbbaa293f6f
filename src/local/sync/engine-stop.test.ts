import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createRepository } from '#local/repository';
import { WATER_GENERAL } from '#local/resources';
import { createSyncEngine } from '#local/sync/engine';
import { FakeServer, ManualClock, status, TestEnv, testDb } from '#local/test-kit';

/**
 * Found by the sync fault-injection harness (tests/chaos): `stop()` during a run left the
 * run to arm a backoff timer after it, so a stopped engine (a closed page, a logout) woke
 * up later and drained again, with the old session, on a database possibly closed by then.
 */
describe('engine.stop() during a run', () => {
  it('arms no wake-up timer once stopped', async () => {
    const db = testDb();
    const clock = new ManualClock();
    const server = new FakeServer(status(503));
    const engine = createSyncEngine({
      db,
      clock,
      env: new TestEnv(),
      transport: server.transport,
      resources: () => [],
    });
    await createRepository(WATER_GENERAL, db, clock).create([
      { pond_id: 'p', farm_id: 'f', measured_at: 'x' },
    ]);
    const release = server.hold();
    const running = engine.sync('manual');
    engine.stop();
    release();
    await running;
    expect(server.requests.length).toBeGreaterThan(0);
    expect(clock.pendingTimers).toBe(0);
  });
});
